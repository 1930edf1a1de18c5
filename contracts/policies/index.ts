/**
 * Every resource's policy, and the one decision both sides ask: the server's
 * route hook and record checks, the app's access control, guards and buttons.
 */
import { accountPolicy } from "./account";
import { activitiesPolicy } from "./activities";
import { attendancePolicy } from "./attendance";
import { companyPolicy } from "./company";
import { dashboardPolicy } from "./dashboard";
import { decideRule, mayAttemptRule, type Actor, type Decision, type Policy, type Rule } from "./core";
import { holidaysPolicy } from "./holidays";
import { jobsPolicy } from "./jobs";
import { leaveBalancesPolicy, leaveRequestsPolicy, leaveTypesPolicy } from "./leave";
import { locationsPolicy } from "./locations";
import { notificationsPolicy } from "./notifications";
import { payComponentsPolicy, payrollPolicy, payslipsPolicy } from "./payroll";
import { rolesPolicy } from "./roles";
import { schedulesPolicy } from "./schedules";
import { settingsPolicy } from "./settings";
import { systemPolicy } from "./system";
import { usersPolicy } from "./users";

export const POLICIES = {
  account: accountPolicy,
  activities: activitiesPolicy,
  attendance: attendancePolicy,
  company: companyPolicy,
  dashboard: dashboardPolicy,
  holidays: holidaysPolicy,
  jobs: jobsPolicy,
  leaveTypes: leaveTypesPolicy,
  leaveRequests: leaveRequestsPolicy,
  leaveBalances: leaveBalancesPolicy,
  locations: locationsPolicy,
  notifications: notificationsPolicy,
  payComponents: payComponentsPolicy,
  payroll: payrollPolicy,
  payslips: payslipsPolicy,
  roles: rolesPolicy,
  schedules: schedulesPolicy,
  settings: settingsPolicy,
  system: systemPolicy,
  users: usersPolicy,
} as const;

type Policies = typeof POLICIES;
export type Resource = keyof Policies;
type VerbOfPolicy<P> = P extends Policy<never, infer V> ? V : P extends Policy<infer _R, infer V> ? V : never;
/** The verbs of one resource's policy: "list", "update"... */
export type VerbOf<K extends Resource> = VerbOfPolicy<Policies[K]>;
type RecordOf<P> = P extends Policy<infer R, string> ? R : never;

/** "resource.verb", e.g. "users.update". */
export type Action = { [K in Resource]: `${K}.${VerbOf<K>}` }[Resource];
export type ResourceOf<A extends Action> = A extends `${infer K extends Resource}.${string}` ? K : never;
/** The record an action's conditions read. */
export type RecordFor<A extends Action> = RecordOf<Policies[ResourceOf<A>]>;

function lookup(action: Action): { policy: Policy<unknown, string>; rule: Rule<unknown> } {
  const dot = action.indexOf(".");
  const policy = POLICIES[action.slice(0, dot) as Resource] as Policy<unknown, string>;
  const rule = policy?.rules[action.slice(dot + 1)];
  if (!rule) throw new Error(`No policy rule for "${action}"`);
  return { policy, rule };
}

/**
 * May the actor do this? Without a record: in general (the list, the create
 * button, the route). With the record: its own-record grant and conditions.
 */
export function decide<A extends Action>(actor: Actor, action: A, record?: RecordFor<A>): Decision {
  const { policy, rule } = lookup(action);
  return decideRule(policy, rule, actor, record);
}

export function can<A extends Action>(actor: Actor, action: A, record?: RecordFor<A>): boolean {
  return decide(actor, action, record) === true;
}

/** The route's gate: granted in general, or possibly on one's own record, which is checked once loaded. */
export function mayAttempt(actor: Actor, action: Action): boolean {
  return mayAttemptRule(lookup(action).rule, actor);
}

/**
 * The first field group the actor may not `mode` among `fields`, with the
 * decision that refuses it; true when every field is theirs to read or write.
 */
export function decideFields<K extends Resource>(
  actor: Actor,
  resource: K,
  mode: "read" | "write",
  fields: readonly string[],
  record?: RecordOf<Policies[K]>,
): Decision {
  const policy = POLICIES[resource] as Policy<unknown, string>;
  for (const group of policy.fields ?? []) {
    const verb = group[mode];
    if (!verb || !group.fields.some((field) => fields.includes(field))) continue;
    const decision = decideRule(policy, policy.rules[verb], actor, record);
    if (decision !== true) return decision;
  }
  return true;
}

export { FORBIDDEN, type Actor, type Decision, type Denial } from "./core";
