import { and, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { ACCESS_LEVEL } from "../../../contracts/permissions";
import { can, decide, type Actor } from "../../../contracts/policies";
import type { UserSubject } from "../../../contracts/policies/users";
import { type RemovalPreview, type UserCreateInput, type UserPreferences, type UserRecord, type UserUpdateInput } from "../../../contracts/users";
import type { Db } from "../../db/client";
import { files, roles, twoFactor, users, userWorkLocations, workLocations } from "../../db/schema";
import { diffFields } from "../../lib/changes";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField, notFound } from "../../lib/errors";
import { hashPassword, type HashingCost } from "../../lib/passwords";
import { authorize, authorizeWrite } from "../../lib/policy";
import { signPath } from "../../lib/signed-urls";
import { dateInZone } from "../../lib/time-zone";
import { recordRate, syncRecordPay } from "../payroll/pay-rates";
import { companyFacts } from "../company/facts";
import { mutate, type Author } from "../../lib/write";
import { inviteesByIds, sendInvitations } from "../auth/invitations";
import { revokeAllTokens, signInAllowed } from "../auth/sessions";
import type { Translate } from "../../lib/i18n";
import { deleteOwnRows, historyOf } from "./history";

/** A person's row with the work locations they clock in at (from user_work_locations). */
/** The fields a pay rate is made of. */
const PAY_RATE_FIELDS = ["pay_basis", "base_rate", "currency"] as const;

/** A person's row with their work locations and when they turned two-factor sign-in on (null: it is off). */
export type UserRow = typeof users.$inferSelect & { work_location_ids: number[]; two_factor_enabled_at: Date | null };

/** Their work locations' ids as one array column beside the row: one query, whatever the number of people. */
export const workLocationIds = sql<number[]>`coalesce((select array_agg(${userWorkLocations.location_id} order by ${userWorkLocations.location_id}) from ${userWorkLocations} where ${userWorkLocations.user_id} = ${users.id}), '{}'::int[])`;

/** Work locations given to a person must exist: a 422 on the field otherwise. */
async function assertLocationsExist(db: Db, ids: readonly number[] | undefined): Promise<void> {
  if (!ids || ids.length === 0) return;
  const found = await db.select({ id: workLocations.id }).from(workLocations).where(inArray(workLocations.id, [...ids]));
  if (found.length !== ids.length) throw invalidField("work_location_ids", "users.locationMissing");
}

/** A manager must be someone still with the company, and not the person themselves. */
async function assertManager(db: Db, managerId: number | null | undefined, personId: number | null): Promise<void> {
  if (managerId === null || managerId === undefined) return;
  if (managerId === personId) throw invalidField("manager_id", "users.ownManager");
  const [manager] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, managerId), isNull(users.archived_at)));
  if (!manager) throw invalidField("manager_id", "users.managerMissing");
}

/** Replaces a person's work locations (a set-based insert). */
async function setWorkLocations(tx: Db, userId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(userWorkLocations).where(eq(userWorkLocations.user_id, userId));
  if (ids.length > 0) await tx.insert(userWorkLocations).values(ids.map((location_id) => ({ user_id: userId, location_id })));
}
type RoleRef = { id: number; name: string; permissions: string[] } | null;

export interface NewAccount {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  access_level: number;
  role_id: number | null;
}

async function assertUnique(db: Db, field: "email" | "employee_number", value: string | null | undefined, exceptId?: number) {
  if (!value) return;
  const column = field === "email" ? users.email : users.employee_number;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(column, value), ne(users.id, exceptId)) : eq(column, value));
  if (taken) throw invalidField(field, field === "email" ? "validation.emailTaken" : "users.employeeNumberTaken");
}

type AccountFields = Omit<NewAccount, "password"> & Partial<Omit<UserCreateInput, "password" | "password_confirmation">> & { created_by?: number | null };

/** Creates a sign-in account (the seed, the CLI, self-registration and the admin form all pass here). */
export async function createUserRecord(db: Db, input: AccountFields & { password: string }, cost: HashingCost, now: Date): Promise<UserRow> {
  const { password, ...fields } = input;
  return insertUserRecord(db, { ...fields, password_hash: await hashPassword(password, cost) }, now);
}

/**
 * The insert itself, with the password already hashed: a transaction can
 * hold it without holding the (single, embedded) database through the hashing.
 */
export async function insertUserRecord(db: Db, { work_location_ids = [], ...input }: AccountFields & { password_hash: string | null }, now: Date): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  await assertUnique(db, "email", email);
  await assertUnique(db, "employee_number", input.employee_number);
  // Paid in the company's currency unless told otherwise.
  const facts = await companyFacts(db);
  const currency = input.currency ?? facts.currency;
  const [user] = await db
    .insert(users)
    .values({ ...input, email, currency, created_at: now, updated_at: now, updated_by: input.created_by ?? null })
    .returning();
  await setWorkLocations(db, user.id, work_location_ids);
  // Their first rate is in force from their hire date (or from today).
  await recordRate(db, user.id, user.hire_date ?? dateInZone(now, facts.time_zone), { pay_basis: user.pay_basis, rate: Number(user.base_rate), currency: user.currency }, input.created_by ?? null, now);
  return { ...user, work_location_ids, two_factor_enabled_at: null };
}

/** A person in the API's shape; pay fields only when the reader may see this person's pay. */
export function toUserRecord(row: UserRow, role: RoleRef, reader: Actor, appKey: string, now: Date): UserRecord {
  const record: UserRecord = {
    id: row.id,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    access_level: row.access_level,
    role: role && { id: role.id, name: role.name },
    is_active: row.is_active,
    employee_number: row.employee_number,
    phone: row.phone,
    department: row.department,
    position: row.position,
    employment_type: row.employment_type,
    employment_status: row.employment_status,
    hire_date: row.hire_date,
    end_date: row.end_date,
    birth_date: row.birth_date,
    address: row.address,
    emergency_contact_name: row.emergency_contact_name,
    emergency_contact_phone: row.emergency_contact_phone,
    profile_picture_url: row.profile_picture_id ? signPath(appKey, `/api/files/${row.profile_picture_id}`, now) : null,
    manager_id: row.manager_id,
    clock_policy: row.clock_policy,
    work_location_ids: row.work_location_ids,
    archived_at: row.archived_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  if (can(reader, "users.viewTwoFactor", subjectOf(row, role))) {
    record.two_factor = { enabled: row.two_factor_enabled_at !== null, enabled_at: row.two_factor_enabled_at?.toISOString() ?? null };
    record.password_set = row.password_hash !== null;
  }
  if (can(reader, "users.viewPay", subjectOf(row, role))) {
    Object.assign(record, {
      pay_basis: row.pay_basis,
      base_rate: Number(row.base_rate),
      currency: row.currency,
      bank_name: row.bank_name,
      bank_account: row.bank_account,
      tax_id: row.tax_id,
      social_insurance_id: row.social_insurance_id,
    });
  }
  return record;
}

/** A person as the policy sees them. */
export function subjectOf(user: Pick<UserRow, "id" | "access_level">, role: RoleRef): UserSubject {
  return { id: user.id, access_level: user.access_level, role_permissions: role?.permissions ?? [] };
}

export async function findUser(db: Db, id: number): Promise<{ user: UserRow; role: RoleRef } | null> {
  const [row] = await db
    .select({ user: users, workLocationIds, twoFactorEnabledAt: twoFactor.enabled_at, roleId: roles.id, roleName: roles.name, rolePermissions: roles.permissions })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(twoFactor, eq(twoFactor.user_id, users.id))
    .where(eq(users.id, id));
  if (!row) return null;
  return {
    user: { ...row.user, work_location_ids: row.workLocationIds, two_factor_enabled_at: row.twoFactorEnabledAt },
    role: row.roleId !== null ? { id: row.roleId, name: row.roleName!, permissions: row.rolePermissions! } : null,
  };
}

/** 404 for a missing person; 403 when the reader may not see them (an employee asking for someone else). */
export async function readUser(ctx: AppContext, actor: Actor, id: number): Promise<UserRecord> {
  const found = await findUser(ctx.db, id);
  if (!found) throw notFound();
  authorize(actor, "users.view", subjectOf(found.user, found.role));
  return toUserRecord(found.user, found.role, actor, ctx.config.appKey, ctx.clock.now());
}

/**
 * What a create or update answers: the person as written, whether or not the
 * writer may open them otherwise (users_manage without users_view); pay
 * fields still follow the reader.
 */
async function writtenUser(ctx: AppContext, actor: Actor, id: number): Promise<UserRecord> {
  const found = (await findUser(ctx.db, id))!;
  return toUserRecord(found.user, found.role, actor, ctx.config.appKey, ctx.clock.now());
}

/** The role a person is given must exist; its permissions decide whether the giver may give it. */
async function rolePermissions(db: Db, roleId: number | null | undefined): Promise<readonly string[]> {
  if (roleId === null || roleId === undefined) return [];
  const [role] = await db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw invalidField("role_id", "users.roleMissing");
  return role.permissions;
}

/** The record's columns without its pay: a dated change reaches them through the rate history. */
function omitPay<T extends Record<string, unknown>>(columns: T): Omit<T, (typeof PAY_RATE_FIELDS)[number]> {
  const { pay_basis: _basis, base_rate: _rate, currency: _currency, ...rest } = columns;
  return rest;
}

/** Fields the input sets to something new: a field sent unchanged writes nothing. */
function changedFields(before: UserRow | null, input: Record<string, unknown>): string[] {
  return Object.keys(input).filter((field) => input[field] !== undefined && (before === null || field === "password" || JSON.stringify(before[field as keyof UserRow]) !== JSON.stringify(input[field])));
}

export async function createUser(ctx: AppContext, actor: Actor, author: Author, input: UserCreateInput): Promise<UserRecord> {
  const { password, password_confirmation: _confirmation, ...fields } = input;
  authorizeWrite(actor, "users", changedFields(null, fields));
  const newcomer = { id: 0, access_level: input.access_level, role_permissions: await rolePermissions(ctx.db, input.role_id) };
  authorize(actor, "users.create", newcomer);
  await assertLocationsExist(ctx.db, fields.work_location_ids);
  await assertManager(ctx.db, fields.manager_id, null);
  const now = ctx.clock.now();
  // Without a password typed for them, the person chooses their own from an e-mailed invitation.
  const passwordHash = password === undefined ? null : await hashPassword(password, ctx.config.passwordHashing);
  const id = await mutate(ctx, author, { action: "user.created", subjectType: "user" }, async (tx) => {
    const created = await insertUserRecord(tx, { ...fields, password_hash: passwordHash, created_by: actor.id }, now);
    if (passwordHash === null) await sendInvitations(ctx, tx, await inviteesByIds(tx, [created.id]), actor.id, now);
    return { result: created.id, subjectId: created.id, changes: passwordHash === null ? { ...fields, invitation: "sent" } : fields };
  });
  return writtenUser(ctx, actor, id);
}

async function activeSuperAdmins(db: Db, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      // Only those who can still sign in count.
      and(eq(users.access_level, ACCESS_LEVEL.SUPER_ADMIN), signInAllowed, ne(users.id, exceptId)),
    );
  return Number(row.n);
}

/** Would this change leave the person unable to sign in, or without super administrator rights? */
function removesAccess(before: UserRow, change: { access_level?: number; is_active?: boolean; employment_status?: string; archive?: boolean }) {
  const demoted = before.access_level === ACCESS_LEVEL.SUPER_ADMIN && change.access_level !== undefined && change.access_level !== ACCESS_LEVEL.SUPER_ADMIN;
  const disabled = change.is_active === false || change.employment_status === "terminated" || change.archive === true;
  return { demoted, disabled };
}

/** Nobody removes their own access (checked before any work). */
function assertKeepsOwnAccess(actor: Actor, before: UserRow, change: Parameters<typeof removesAccess>[1]) {
  // One's own level does not change by one's own hand, up or down.
  const ownLevelChange = before.id === actor.id && change.access_level !== undefined && change.access_level !== before.access_level;
  if (ownLevelChange) throw new HttpError(409, "users.cannotDemoteSelf");
  const { demoted, disabled } = removesAccess(before, change);
  if ((demoted || disabled) && before.id === actor.id) throw new HttpError(409, "users.cannotDisableSelf");
}

/**
 * The company always keeps one active super administrator. Run inside the
 * transaction that removes one: the lock makes two administrators demoting
 * each other at the same moment take turns, so the second sees the first's
 * change and is refused.
 */
async function assertAnotherSuperAdminRemains(tx: Db, before: UserRow, change: Parameters<typeof removesAccess>[1]) {
  const { demoted, disabled } = removesAccess(before, change);
  if (before.access_level !== ACCESS_LEVEL.SUPER_ADMIN || (!demoted && !disabled)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users:super-admins'))`);
  if ((await activeSuperAdmins(tx, before.id)) === 0) throw new HttpError(409, "users.lastSuperAdmin");
}

export async function updateUser(ctx: AppContext, actor: Actor, author: Author, id: number, input: UserUpdateInput): Promise<UserRecord> {
  const found = await findUser(ctx.db, id);
  if (!found) throw notFound();
  const before = found.user;
  authorize(actor, "users.update", subjectOf(before, found.role));
  const { password, password_confirmation: _confirmation, pay_effective_from: payFrom, ...fields } = input;
  const touched = changedFields(before, input);
  authorizeWrite(actor, "users", touched.filter((field) => !["email", "password", "access_level", "role_id"].includes(field)));
  assertKeepsOwnAccess(actor, before, input);
  // One's own password changes on the profile, where the current one is asked for.
  if (password !== undefined && id === actor.id) throw invalidField("password", "users.ownPasswordOnProfile");
  const roleId = input.role_id !== undefined ? input.role_id : before.role_id;
  const after = { id, access_level: input.access_level ?? before.access_level, role_permissions: await rolePermissions(ctx.db, roleId) };
  if (touched.includes("access_level") || touched.includes("role_id")) authorize(actor, "users.assign", after);
  if (id !== actor.id && (touched.includes("password") || touched.includes("email"))) authorize(actor, "users.setCredentials", after);
  await assertUnique(ctx.db, "email", input.email, id);
  await assertUnique(ctx.db, "employee_number", input.employee_number, id);
  await assertLocationsExist(ctx.db, input.work_location_ids);
  await assertManager(ctx.db, input.manager_id, id);
  const changes: Record<string, unknown> = diffFields(before as unknown as Record<string, unknown>, fields);
  const payChanged = PAY_RATE_FIELDS.some((field) => field in changes);
  if (payChanged && payFrom !== undefined) changes.pay_effective_from = payFrom;
  // A dated pay change is a rate in the history: the record's pay follows whichever rate is in force today.
  const { work_location_ids, ...allColumns } = fields;
  const columns = payChanged && payFrom !== undefined ? omitPay(allColumns) : allColumns;
  if (password !== undefined) changes.password = { from: null, to: null };

  const { disabled } = removesAccess(before, input);
  const passwordHash = password !== undefined ? await hashPassword(password, ctx.config.passwordHashing) : undefined;
  await mutate(ctx, author, { action: "user.updated", subjectType: "user" }, async (tx) => {
    if (Object.keys(changes).length === 0) return { result: id, unchanged: true };
    await assertAnotherSuperAdminRemains(tx, before, input);
    const now = ctx.clock.now();
    await tx
      .update(users)
      .set({ ...columns, ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}), updated_at: now, updated_by: actor.id })
      .where(eq(users.id, id));
    if (changes.work_location_ids) await setWorkLocations(tx, id, work_location_ids!);
    // A new rate is in force from the date asked, else from today (or the hire date, for someone not started
    // yet); earlier periods keep theirs.
    if (payChanged) {
      const today = dateInZone(now, (await companyFacts(tx)).time_zone);
      const hire = columns.hire_date !== undefined ? columns.hire_date : before.hire_date;
      const pay = { pay_basis: fields.pay_basis ?? before.pay_basis, rate: fields.base_rate ?? Number(before.base_rate), currency: fields.currency ?? before.currency };
      await recordRate(tx, id, payFrom ?? (hire && hire > today ? hire : today), pay, actor.id, now);
      if (payFrom !== undefined) await syncRecordPay(tx, id, today);
    }
    // Signing in ends with the account, and a new password ends every session.
    if (disabled || password !== undefined) await revokeAllTokens(tx, id);
    return { result: id, subjectId: id, changes };
  });
  return writtenUser(ctx, actor, id);
}

/**
 * Deletes a person created by mistake, with nothing but their own record;
 * anyone with history (historyOf: attendance, pay, payslips, notifications,
 * files, activity...) is archived instead, so every record that names them
 * keeps its subject. The check runs again inside the delete's transaction,
 * the person's row locked: a record written meanwhile refuses the delete
 * (409; asked again, they are archived).
 */
export async function deleteUser(ctx: AppContext, actor: Actor, author: Author, id: number): Promise<"deleted" | "archived"> {
  const found = await findUser(ctx.db, id);
  if (!found) throw notFound();
  authorize(actor, "users.delete", subjectOf(found.user, found.role));
  assertKeepsOwnAccess(actor, found.user, { archive: true });
  if (found.user.archived_at) throw new HttpError(409, "users.alreadyArchived");
  const archive = async (tx: Db) => {
    const now = ctx.clock.now();
    await tx.update(users).set({ archived_at: now, is_active: false, updated_at: now, updated_by: actor.id }).where(eq(users.id, id));
    return { result: "archived" as const, subjectId: id, changes: { name: found.user.name, email: found.user.email } };
  };
  const kept = ((await historyOf(ctx.db, [id])).get(id) ?? []).length > 0;
  if (kept) {
    return mutate(ctx, author, { action: "user.archived", subjectType: "user" }, async (tx) => {
      await assertAnotherSuperAdminRemains(tx, found.user, { archive: true });
      await revokeAllTokens(tx, id);
      return archive(tx);
    });
  }
  return mutate(ctx, author, { action: "user.deleted", subjectType: "user" }, async (tx) => {
    // Held until commit: a record naming them written meanwhile waits for this (its foreign key check
    // locks the row too) or came first and is found here, so nothing goes with the delete.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${id} for update`);
    if (((await historyOf(tx, [id])).get(id) ?? []).length > 0) throw new HttpError(409, "users.gainedHistory");
    await assertAnotherSuperAdminRemains(tx, found.user, { archive: true });
    await revokeAllTokens(tx, id);
    await deleteOwnRows(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    // Their picture belonged to their record alone.
    if (found.user.profile_picture_id) await tx.delete(files).where(eq(files.id, found.user.profile_picture_id));
    return { result: "deleted" as const, subjectId: id, changes: { name: found.user.name, email: found.user.email } };
  });
}

/** What deleting these people would do to each, before anyone confirms: deleted, archived (and the history that keeps them), or refused (and why). */
export async function removalPreview(ctx: AppContext, actor: Actor, ids: readonly number[], t: Translate): Promise<RemovalPreview[]> {
  const rows = await ctx.db
    .select({ user: users, role: { id: roles.id, name: roles.name, permissions: roles.permissions } })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(inArray(users.id, [...ids]));
  const history = await historyOf(ctx.db, ids);
  const byId = new Map(rows.map((row) => [row.user.id, row]));
  return ids.flatMap((id): RemovalPreview[] => {
    const row = byId.get(id);
    if (!row) return [];
    const subject = subjectOf(row.user, row.role?.id ? row.role : null);
    const decision = decide(actor, "users.delete", subject);
    const refusal = decision !== true ? decision.reason : id === actor.id ? "users.cannotDisableSelf" : row.user.archived_at ? "users.alreadyArchived" : null;
    const kinds = history.get(id) ?? [];
    return [{ id, name: row.user.name, outcome: refusal ? "refused" : kinds.length > 0 ? "archived" : "deleted", history: kinds, reason: refusal ? t(refusal) : null }];
  });
}

/** Brings an archived person back: listed again, able to sign in once more (their sessions ended with the archive). */
export async function restoreUser(ctx: AppContext, actor: Actor, author: Author, id: number): Promise<UserRecord> {
  const found = await findUser(ctx.db, id);
  if (!found) throw notFound();
  authorize(actor, "users.restore", subjectOf(found.user, found.role));
  if (!found.user.archived_at) throw new HttpError(409, "users.notArchived");
  await mutate(ctx, author, { action: "user.restored", subjectType: "user" }, async (tx) => {
    const now = ctx.clock.now();
    await tx.update(users).set({ archived_at: null, is_active: true, updated_at: now, updated_by: actor.id }).where(eq(users.id, id));
    return { result: id, subjectId: id, changes: { archived_at: { from: found.user.archived_at!.toISOString(), to: null }, is_active: { from: found.user.is_active, to: true } } };
  });
  return writtenUser(ctx, actor, id);
}

/** Pickers: id and name of everyone not archived. */
export async function userOptions(db: Db) {
  return db
    .select({ id: users.id, name: users.name, employee_number: users.employee_number })
    .from(users)
    .where(isNull(users.archived_at))
    .orderBy(users.name, users.id);
}


/** The person's saved choices; an empty object until they choose. */
export async function preferencesOf(db: Db, userId: number): Promise<UserPreferences> {
  const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
  return row?.preferences ?? {};
}
