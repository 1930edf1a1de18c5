/**
 * GET /api/users/lookup?search=&ids=&per_page=: people as a picker names
 * them, for staff whose work means choosing a person (schedules, attendance,
 * broadcasts) without the employee list's permission; archived people never,
 * contact and pay fields never.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOKUP_MAX } from "../../contracts/users";
import type { Permission } from "../../contracts/permissions";
import { users } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createPerson, EMPLOYEE, multipart, PNG_1X1, staffWith, unique, type Person } from "../support/people";

let t: TestApp;
let admin: string;
/** A surname no one else has, so searches find only this file's people. */
const tag = unique("Lk");
let ana: Person;
let ben: Person;
let gone: Person;

const lookup = (token: string | null, query = "") => call(t, token, { method: "GET", url: `/api/users/lookup${query ? `?${query}` : ""}` });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  ana = await createPerson(t, admin, { first_name: "Ana", last_name: tag, employee_number: `${tag}-A`, department: "Finance" });
  ben = await createPerson(t, admin, { first_name: "Ben", last_name: tag, employee_number: `${tag}-B`, department: "Support", email: `ben.${tag}@example.com`.toLowerCase() });
  gone = await createPerson(t, admin, { first_name: "Gil", last_name: tag, employee_number: `${tag}-G` });
  await t.database.db.update(users).set({ archived_at: new Date(), is_active: false }).where(eq(users.id, gone.id));
});
afterAll(() => t.close());

describe("who may", () => {
  it("answers 401 signed out and 403 to an employee", async () => {
    expect((await lookup(null, `search=${tag}`)).statusCode).toBe(401);
    const refused = await lookup(await t.tokenFor(EMPLOYEE.email), `search=${tag}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "You do not have permission." });
  });

  it("refuses staff whose role names nobody", async () => {
    const clerk = await staffWith(t, admin, ["attendance_access", "roles_view", "settings_manage"]);
    expect((await lookup(clerk.token, `search=${tag}`)).statusCode).toBe(403);
  });

  it.each<Permission>(["users_view", "users_manage", "attendance_reports_access", "attendance_admin_access", "notifications_manage", "payroll_view", "payroll_manage", "payroll_release"])("answers staff holding %s alone", async (permission) => {
    const staff = await staffWith(t, admin, [permission]);
    const response = await lookup(staff.token, `search=${tag}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((person: { id: number }) => person.id)).toEqual([ana.id, ben.id]);
  });

  it("answers the administrator", async () => {
    expect((await lookup(admin, `search=${tag}`)).statusCode).toBe(200);
  });
});

describe("what it answers", () => {
  it("names each person by name, number and department, and nothing that reaches or pays them", async () => {
    const { data } = (await lookup(admin, `search=${tag}`)).json();
    expect(data).toEqual([
      { id: ana.id, name: `Ana ${tag}`, employee_number: `${tag}-A`, department: "Finance" },
      { id: ben.id, name: `Ben ${tag}`, employee_number: `${tag}-B`, department: "Support" },
    ]);
    const text = JSON.stringify(data);
    for (const field of ["email", "phone", "base_rate", "pay_basis", "bank_account", "tax_id", "address"]) expect(text).not.toContain(field);
    expect(text).not.toContain("@example.com");
  });

  it("finds people by part of a name or an employee number, whatever the case, never by e-mail (nobody confirms an address they may not read)", async () => {
    const ids = async (search: string) => (await lookup(admin, `search=${encodeURIComponent(search)}`)).json().data.map((person: { id: number }) => person.id);
    expect(await ids(`ana ${tag.toUpperCase()}`)).toEqual([ana.id]);
    expect(await ids(`${tag}-b`)).toEqual([ben.id]);
    expect(await ids(`ben.${tag}@`)).toEqual([]);
  });

  it("takes % and _ in a search as the characters themselves", async () => {
    const percent = await createPerson(t, admin, { first_name: "Pct", last_name: `${tag} 100%` });
    const ids = async (search: string) => (await lookup(admin, `search=${encodeURIComponent(search)}`)).json().data.map((person: { id: number }) => person.id);
    expect(await ids(`${tag} 100%`)).toEqual([percent.id]);
    expect(await ids(`${tag}%`)).toEqual([]);
    expect(await ids(`_${tag.slice(1)}`)).toEqual([]);
  });

  it("gives the people of the ids asked for, so a picker can name the value it was given", async () => {
    const { data } = (await lookup(admin, `ids=${ben.id},${ana.id}`)).json();
    expect(data.map((person: { id: number; name: string }) => [person.id, person.name])).toEqual([
      [ana.id, `Ana ${tag}`],
      [ben.id, `Ben ${tag}`],
    ]);
  });

  it("finds only people still with the company, but names anyone by id (a page about a former employee says whose it is)", async () => {
    const inactive = await createPerson(t, admin, { first_name: "Ivo", last_name: tag, is_active: false });
    expect((await lookup(admin, `search=${encodeURIComponent(`Gil ${tag}`)}`)).json().data).toEqual([]);
    expect((await lookup(admin, `search=${encodeURIComponent(`Ivo ${tag}`)}`)).json().data).toEqual([]);
    expect((await lookup(admin, `ids=${gone.id},${inactive.id},${ana.id}`)).json().data.map((person: { id: number }) => person.id).sort()).toEqual([gone.id, inactive.id, ana.id].sort());
  });

  it("answers at most per_page people, in name order", async () => {
    const { data } = (await lookup(admin, `search=${tag}&per_page=1`)).json();
    expect(data.map((person: { id: number }) => person.id)).toEqual([ana.id]);
  });

  it("links to the person's picture when they have one", async () => {
    const token = await t.tokenFor(ana.email, ana.password);
    const upload = await call(t, token, { method: "POST", url: "/api/me/profile/picture", ...multipart([{ name: "file", filename: "me.png", contentType: "image/png", content: PNG_1X1 }]) });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const [person] = (await lookup(admin, `ids=${ana.id}`)).json().data;
    expect(person.avatar_url).toMatch(/^\/api\/files\/\d+\?/);
    const picture = await call(t, null, { method: "GET", url: person.avatar_url });
    expect(picture.statusCode).toBe(200);
  });

  it("refuses parameters that do not fit with a 422 on the parameter", async () => {
    for (const [query, field] of [
      ["per_page=0", "per_page"],
      [`per_page=${LOOKUP_MAX + 1}`, "per_page"],
      ["ids=1,,2", "ids"],
      ["ids=abc", "ids"],
      [`ids=${Array.from({ length: LOOKUP_MAX + 1 }, (_, index) => index + 1).join(",")}`, "ids"],
      ["search=%00", "search"],
      ["colour=blue", "colour"],
    ] as const) {
      const response = await lookup(admin, query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field);
    }
  });

  it("is documented in /api/docs with its parameters", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const operation = document.paths["/api/users/lookup"].get;
    expect(operation.tags).toEqual(["users"]);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(["ids", "per_page", "search"]);
  });
});
