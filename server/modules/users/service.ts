import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import { can, ACCESS_LEVEL, type Subject } from "../../../contracts/permissions";
import { PAY_FIELDS, type UserCreateInput, type UserPreferences, type UserRecord, type UserUpdateInput } from "../../../contracts/users";
import type { Db } from "../../db/client";
import { activityLog, roles, users } from "../../db/schema";
import { recordActivity } from "../../lib/audit";
import { diffFields } from "../../lib/changes";
import type { AppContext, RequestOrigin } from "../../lib/context";
import { forbidden, HttpError, invalidField, notFound } from "../../lib/errors";
import { hashPassword, type HashingCost } from "../../lib/passwords";
import { signPath } from "../../lib/signed-urls";
import { revokeAllTokens } from "../auth/sessions";

export type UserRow = typeof users.$inferSelect;
type RoleRef = { id: number; name: string } | null;

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
async function insertUserRecord(db: Db, input: AccountFields & { password_hash: string }, now: Date): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  await assertUnique(db, "email", email);
  await assertUnique(db, "employee_number", input.employee_number);
  const [user] = await db
    .insert(users)
    .values({ ...input, email, created_at: now, updated_at: now, updated_by: input.created_by ?? null })
    .returning();
  return user;
}

/** A person in the API's shape; pay fields only when the reader may see this person's pay. */
export function toUserRecord(row: UserRow, role: RoleRef, reader: Subject, appKey: string, now: Date): UserRecord {
  const record: UserRecord = {
    id: row.id,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    access_level: row.access_level,
    role,
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
    archived_at: row.archived_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  if (can(reader, "users.viewPay", row.id)) {
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

export async function findUser(db: Db, id: number): Promise<{ user: UserRow; role: RoleRef } | null> {
  const [row] = await db
    .select({ user: users, roleId: roles.id, roleName: roles.name })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, id));
  if (!row) return null;
  return { user: row.user, role: row.roleId !== null ? { id: row.roleId, name: row.roleName! } : null };
}

/** 404 for a missing person; 403 when the reader may not see them (an employee asking for someone else). */
export async function readUser(ctx: AppContext, actor: Subject, id: number): Promise<UserRecord> {
  const found = await findUser(ctx.db, id);
  if (!found) throw notFound();
  if (!can(actor, "users.view", id)) throw forbidden();
  return toUserRecord(found.user, found.role, actor, ctx.config.appKey, ctx.clock.now());
}

async function assertRoleExists(db: Db, roleId: number | null | undefined) {
  if (roleId === null || roleId === undefined) return;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw invalidField("role_id", "users.roleMissing");
}

/** Pay fields need the pay permission to be written, not only to be read. */
function assertMayWritePay(actor: Subject, input: Record<string, unknown>, subjectId?: number) {
  const touchesPay = PAY_FIELDS.some((field) => input[field] !== undefined);
  if (touchesPay && !can(actor, "users.viewPay", subjectId === actor.id ? undefined : subjectId)) {
    throw new HttpError(403, "users.payForbidden");
  }
}

/** The permissions a role carries; none for no role or a missing one. */
async function rolePermissions(db: Db, roleId: number | null | undefined): Promise<readonly string[]> {
  if (roleId === null || roleId === undefined) return [];
  const [role] = await db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, roleId));
  return role?.permissions ?? [];
}

const holdsAll = (actor: Subject, permissions: readonly string[]) => permissions.every((name) => actor.permissions[name] === true);

/**
 * Nobody hands out more than they hold: below level 0, a role given to
 * someone (or oneself), or kept by someone made staff, may carry only
 * permissions the giver has. An unchanged role is not re-checked, so editing
 * someone's phone never trips on the role an administrator gave them.
 */
async function assertMayAssignRole(db: Db, actor: Subject, roleId: number | null, needed: boolean) {
  if (!needed || actor.access_level === ACCESS_LEVEL.SUPER_ADMIN) return;
  if (!holdsAll(actor, await rolePermissions(db, roleId))) throw new HttpError(403, "users.roleBeyondOwn");
}

/**
 * A new password or e-mail address hands the account to whoever sets it (the
 * e-mail through a reset link). Below level 0 that is allowed only over
 * accounts whose powers the actor holds: a staff member's role permissions,
 * and everyone's own pay (each person sees theirs), so the pay permission.
 */
async function assertMayTakeOver(db: Db, actor: Subject, result: { access_level: number; role_id: number | null }) {
  if (actor.access_level === ACCESS_LEVEL.SUPER_ADMIN) return;
  const powers = result.access_level === ACCESS_LEVEL.STAFF ? await rolePermissions(db, result.role_id) : [];
  const covered = holdsAll(actor, powers) && can(actor, "users.viewPay");
  if (!covered) throw new HttpError(403, "users.credentialsBeyondOwn");
}

/** Only a super administrator may create, change or remove another super administrator. */
function assertMayHandleLevel(actor: Subject, targetLevel: number | undefined) {
  if (targetLevel === ACCESS_LEVEL.SUPER_ADMIN && actor.access_level !== ACCESS_LEVEL.SUPER_ADMIN) {
    throw new HttpError(403, "users.superAdminOnly");
  }
}

export async function createUser(ctx: AppContext, actor: Subject, input: UserCreateInput, origin: RequestOrigin): Promise<UserRecord> {
  if (!can(actor, "users.create")) throw forbidden();
  assertMayWritePay(actor, input);
  assertMayHandleLevel(actor, input.access_level);
  await assertRoleExists(ctx.db, input.role_id);
  await assertMayAssignRole(ctx.db, actor, input.role_id, true);
  const now = ctx.clock.now();
  const { password, password_confirmation: _confirmation, ...fields } = input;
  const passwordHash = await hashPassword(password, ctx.config.passwordHashing);
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUserRecord(tx, { ...fields, password_hash: passwordHash, created_by: actor.id }, now);
    await recordActivity(tx, { actorId: actor.id, action: "user.created", subjectType: "user", subjectId: created.id, changes: fields, ip: origin.ip, at: now });
    return created;
  });
  return readUser(ctx, actor, user.id);
}

async function activeSuperAdmins(db: Db, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.access_level, ACCESS_LEVEL.SUPER_ADMIN),
        // The same rule as signing in: only those who can still sign in count.
        eq(users.is_active, true),
        isNull(users.archived_at),
        ne(users.employment_status, "terminated"),
        ne(users.id, exceptId),
      ),
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
function assertKeepsOwnAccess(actor: Subject, before: UserRow, change: Parameters<typeof removesAccess>[1]) {
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

/** Signing-in ends with the account: its tokens go at once. */
async function endSessions(ctx: AppContext, db: Db, userId: number) {
  await revokeAllTokens(db, userId);
  ctx.sessionCache.forgetUser(userId);
}

export async function updateUser(ctx: AppContext, actor: Subject, id: number, input: UserUpdateInput, origin: RequestOrigin): Promise<UserRecord> {
  const found = await findUser(ctx.db, id);
  if (!found) throw notFound();
  if (!can(actor, "users.update")) throw forbidden();
  const before = found.user;
  assertMayHandleLevel(actor, before.access_level);
  assertMayHandleLevel(actor, input.access_level);
  assertMayWritePay(actor, input, id);
  assertKeepsOwnAccess(actor, before, input);
  // One's own password changes on the profile, where the current one is asked for.
  if (input.password !== undefined && id === actor.id) throw invalidField("password", "users.ownPasswordOnProfile");
  await assertRoleExists(ctx.db, input.role_id);
  const result = { access_level: input.access_level ?? before.access_level, role_id: input.role_id !== undefined ? input.role_id : before.role_id };
  const madeStaff = result.access_level === ACCESS_LEVEL.STAFF && before.access_level !== ACCESS_LEVEL.STAFF;
  await assertMayAssignRole(ctx.db, actor, result.role_id, result.role_id !== before.role_id || madeStaff);
  const emailChanged = input.email !== undefined && input.email !== before.email;
  if (id !== actor.id && (input.password !== undefined || emailChanged)) await assertMayTakeOver(ctx.db, actor, result);
  await assertUnique(ctx.db, "email", input.email, id);
  await assertUnique(ctx.db, "employee_number", input.employee_number, id);
  const now = ctx.clock.now();
  const { password, password_confirmation: _confirmation, ...fields } = input;
  const changes = diffFields(before as unknown as Record<string, unknown>, fields);
  if (password !== undefined) changes.password = { from: null, to: null };
  if (Object.keys(changes).length === 0) return toUserRecord(before, found.role, actor, ctx.config.appKey, now);

  const { disabled } = removesAccess(before, input);
  const passwordHash = password !== undefined ? await hashPassword(password, ctx.config.passwordHashing) : undefined;
  await ctx.db.transaction(async (tx) => {
    await assertAnotherSuperAdminRemains(tx, before, input);
    await tx
      .update(users)
      .set({ ...fields, ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}), updated_at: now, updated_by: actor.id })
      .where(eq(users.id, id));
    if (disabled || password !== undefined) await endSessions(ctx, tx, id);
    await recordActivity(tx, { actorId: actor.id, action: "user.updated", subjectType: "user", subjectId: id, changes, ip: origin.ip, at: now });
  });
  // Name, level or role may have changed: sessions must not keep the old picture of this person.
  ctx.sessionCache.forgetUser(id);
  return readUser(ctx, actor, id);
}

async function hasHistory(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: activityLog.id }).from(activityLog).where(eq(activityLog.actor_id, id)).limit(1);
  return Boolean(row);
}

/**
 * Deletes a person who never did anything; anyone with history is archived
 * instead, so the records that name them keep their subject.
 */
export async function deleteUser(ctx: AppContext, actor: Subject, id: number, origin: RequestOrigin): Promise<"deleted" | "archived"> {
  const found = await findUser(ctx.db, id);
  if (!found) throw notFound();
  if (!can(actor, "users.delete")) throw forbidden();
  assertMayHandleLevel(actor, found.user.access_level);
  assertKeepsOwnAccess(actor, found.user, { archive: true });
  const now = ctx.clock.now();
  const archive = await hasHistory(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await assertAnotherSuperAdminRemains(tx, found.user, { archive: true });
    await endSessions(ctx, tx, id);
    if (archive) {
      await tx.update(users).set({ archived_at: now, is_active: false, updated_at: now, updated_by: actor.id }).where(eq(users.id, id));
    } else {
      await tx.delete(users).where(eq(users.id, id));
    }
    await recordActivity(tx, {
      actorId: actor.id,
      action: archive ? "user.archived" : "user.deleted",
      subjectType: "user",
      subjectId: id,
      changes: { name: found.user.name, email: found.user.email },
      ip: origin.ip,
      at: now,
    });
  });
  return archive ? "archived" : "deleted";
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
