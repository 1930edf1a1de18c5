import { ACCESS_LEVEL, type Permission, type PermissionMap } from "../permissions";

/** Whoever asks: the signed-in person as the server resolved them (or the app's copy of them). */
export interface Actor {
  id: number;
  access_level: number;
  permissions: PermissionMap;
}

/** A refusal, with the message key (and its values) that tells the person why. */
export interface Denial {
  reason: string;
  params?: Record<string, unknown>;
  /** 409 when the record's state refuses it (a released run), rather than the actor's rights (403). */
  status?: 409;
}

export type Decision = true | Denial;

/** A condition on the record an action is about; level 0 is bound by it too. */
export type Condition<R> = (actor: Actor, record: R) => Decision;

export interface Rule<R> {
  /** Staff (level 2) need one of these role permissions; level 0 holds every permission. */
  permission?: Permission | readonly Permission[];
  /** Level 0 only, whatever a role lists (the spec's dashboard and system activities). */
  superAdminOnly?: true;
  /** Every signed-in person (their own session, profile and preferences). */
  everyone?: true;
  /**
   * Employees (level 1) too, when their role grants the permission: the spec
   * gives attendance_access to people who clock in, whatever their level.
   */
  employeesToo?: true;
  /** Granted on one's own record too, without the permission (one's own profile, one's own pay). */
  own?: true;
  /** Granted to the record's person's manager too (`managerOf`), without the permission: a team head approving their team's leave. */
  managed?: true;
  /** Conditions on the record, checked where the record is loaded. */
  when?: readonly Condition<R>[];
  /** The message when the grant is missing, where a plain "no permission" would not say what was refused. */
  refusal?: string;
}

/** Fields that need a verb of the policy to be read or written (pay fields, credentials). */
export interface FieldRule<V extends string> {
  fields: readonly string[];
  read?: V;
  write?: V;
}

export interface Policy<R, V extends string> {
  /** Whose record it is, for `own` rules. */
  ownerOf?: (record: R) => number | null;
  /** Who manages the record's person, for `managed` rules. */
  managerOf?: (record: R) => number | null;
  rules: Record<V, Rule<R>>;
  fields?: readonly FieldRule<NoInfer<V>>[];
}

/**
 * Declares one resource's policy: `definePolicy<Record>()({ rules, ... })`.
 * The record type is given, the verbs are inferred from the rules.
 */
export const definePolicy =
  <R>() =>
  <V extends string>(policy: Policy<R, V>): Policy<R, V> =>
    policy;

/** The five verbs of a plain resource, all under one permission (set-up tables: locations, schedules, holidays). */
export const crudUnder = (permission: Permission): Record<"list" | "view" | "create" | "update" | "delete", Rule<unknown>> => ({
  list: { permission },
  view: { permission },
  create: { permission },
  update: { permission },
  delete: { permission },
});

export const FORBIDDEN: Denial = { reason: "errors.forbidden" };

export const isSuperAdmin = (actor: { access_level: number }) => actor.access_level === ACCESS_LEVEL.SUPER_ADMIN;

/** Whether the actor holds a permission: level 0 holds them all; others through their role. */
export function holds(actor: Actor, permission: string): boolean {
  return isSuperAdmin(actor) || actor.permissions[permission] === true;
}

/** The names among `permissions` the actor does not hold. */
export function notHeld(actor: Actor, permissions: readonly string[]): string[] {
  return permissions.filter((name) => !holds(actor, name));
}

/** Refused with `reason` unless the actor holds every one of `permissions`. */
export function holdsAll(actor: Actor, permissions: readonly string[], reason: string): Decision {
  const missing = notHeld(actor, permissions);
  return missing.length === 0 ? true : { reason, params: { names: missing.join(", ") } };
}

/** The rule without its record: does the actor's level or role grant it? */
function entitled(rule: Rule<unknown>, actor: Actor): boolean {
  if (rule.everyone || isSuperAdmin(actor)) return true;
  if (rule.superAdminOnly || (actor.access_level === ACCESS_LEVEL.EMPLOYEE && !rule.employeesToo)) return false;
  const needed: readonly Permission[] = rule.permission === undefined ? [] : typeof rule.permission === "string" ? [rule.permission] : rule.permission;
  return needed.some((name) => actor.permissions[name] === true);
}

/**
 * The decision for one rule. Without a record: whether the actor may do it
 * in general (own-record grants do not count). With one: the grant (own
 * record included), then every condition on it.
 */
export function decideRule<R>(policy: Policy<R, string>, rule: Rule<R>, actor: Actor, record?: R): Decision {
  const owns = record !== undefined && rule.own === true && policy.ownerOf?.(record) === actor.id;
  const manages = record !== undefined && rule.managed === true && policy.managerOf?.(record) === actor.id;
  if (!entitled(rule as Rule<unknown>, actor) && !owns && !manages) return rule.refusal ? { reason: rule.refusal } : FORBIDDEN;
  if (record === undefined) return true;
  for (const condition of rule.when ?? []) {
    const decision = condition(actor, record);
    if (decision !== true) return decision;
  }
  return true;
}

/**
 * Whether a request for the rule may go on to load its record: granted in
 * general, or granted on one's own record or one's team's (which only the record tells).
 */
export function mayAttemptRule(rule: Rule<unknown>, actor: Actor): boolean {
  return entitled(rule, actor) || rule.own === true || rule.managed === true;
}
