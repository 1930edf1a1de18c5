/**
 * People and roles written straight into a test app's database, for tests
 * that only need them to exist: no request, no activity row, no hashing per
 * person. Where creating them through the API is what a test checks (its
 * answer, its activity row, its refusals), use people.ts instead.
 */
import type { Permission } from "../../contracts/permissions";
import { roles } from "../../server/db/schema";
import { hashPassword } from "../../server/lib/passwords";
import { insertUserRecord } from "../../server/modules/users/service";
import type { TestApp } from "./api";
import { employeePayload, GOOD_PASSWORD, unique, type Person } from "./people";
import { testConfig } from "./test-config";

let goodPasswordHash: Promise<string> | undefined;
/** GOOD_PASSWORD, hashed once at the test cost, for every person made here. */
const passwordHash = () => (goodPasswordHash ??= hashPassword(GOOD_PASSWORD, testConfig().passwordHashing));

type PersonFields = Parameters<typeof insertUserRecord>[1];

/** An employee (level 1) as people.ts's employeePayload describes one, with GOOD_PASSWORD; `overrides` replace any field. */
export async function insertPerson(t: TestApp, overrides: Partial<Omit<PersonFields, "password_hash">> = {}): Promise<Person> {
  const { password: _password, password_confirmation: _confirmation, ...fields } = employeePayload(overrides);
  const row = await insertUserRecord(t.database.db, { ...(fields as Omit<PersonFields, "password_hash">), password_hash: await passwordHash() }, t.clock.now());
  return { id: row.id, email: row.email, password: GOOD_PASSWORD };
}

/** A role holding exactly `permissions`; returns its id. */
export async function insertRole(t: TestApp, permissions: readonly Permission[], name = unique("Role ")): Promise<number> {
  const now = t.clock.now();
  const [role] = await t.database.db
    .insert(roles)
    .values({ name, permissions: [...permissions], created_at: now, updated_at: now })
    .returning({ id: roles.id });
  return role.id;
}

/** A fresh employee (level 1), signed in through the API. */
export async function insertEmployeeSignedIn(t: TestApp, overrides: Parameters<typeof insertPerson>[1] = {}): Promise<Person & { token: string }> {
  const person = await insertPerson(t, { access_level: 1, ...overrides });
  return { ...person, token: await t.tokenFor(person.email, person.password) };
}

/** A fresh staff member (level 2) holding a new role with exactly `permissions`, signed in through the API. */
export async function insertStaffWith(t: TestApp, permissions: readonly Permission[]): Promise<Person & { token: string; roleId: number }> {
  const roleId = await insertRole(t, permissions);
  const person = await insertPerson(t, { access_level: 2, role_id: roleId });
  return { ...person, roleId, token: await t.tokenFor(person.email, person.password) };
}
