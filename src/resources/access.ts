import type { BaseRecord } from "@refinedev/core";
import type { PermissionMap } from "../../contracts/permissions";
import { can, type Action, type Actor, type RecordFor } from "../../contracts/policies";
import type { AuthState } from "../auth/store";
import { ROUTES, superAdminEntryGuard, type Viewer } from "../routing/guards";
import type { Access, ResourceDefinition, Verb } from "./define";
import { groupsInUse } from "./index";

/** The signed-in person as the app's access reads them: the policy's actor, and whether they head a team. */
export type AppActor = Actor & { leadsTeam?: boolean };

/** The signed-in person as the policy reads them, or null when nobody is. */
export function actorOf({ me, permissions }: Pick<AuthState, "me" | "permissions">): AppActor | null {
  return me && { id: me.id, access_level: me.access_level, permissions, leadsTeam: me.leads_team };
}

/** Decides leave: holds leave_approve (level 0 holds it), or is someone's manager. */
const decidesLeave = (actor: AppActor) => actor.leadsTeam === true || can(actor, "leaveRequests.decide");

/**
 * A route guarded by an action: the same can() the server applies. Admin
 * areas refuse the employee level (spec: admin-only routes), others need the
 * role's permission; a record's own person may open it (record). Here, not
 * with the spec's guards in routing/guards.ts: those the sign-in page loads,
 * and the policies must not come with them.
 */
export function actionGuard<A extends Action>(me: Viewer, permissions: PermissionMap, action: A, record?: RecordFor<A>): string | null {
  return can({ id: me.id, access_level: me.access_level, permissions }, action, record) ? null : ROUTES.unauthorized;
}

function accessGuard(actor: AppActor, access: Access, record: unknown): string | null {
  if (access === "everyone") return null;
  if (access === "superAdmin") return superAdminEntryGuard(actor);
  if (access === "leaveApprover") return decidesLeave(actor) ? null : ROUTES.unauthorized;
  return actionGuard(actor, actor.permissions, access, record as never);
}

/**
 * Where someone refused a resource's verb goes, or null when they may: the
 * route guard's answer, and (null or not) the access control's. One function
 * for both, so a hidden button and a refused page cannot disagree.
 */
export function refusal(actor: AppActor, resource: ResourceDefinition, verb: Verb, record?: BaseRecord): string | null {
  const access = resource.access[verb];
  if (access === undefined) return resource.refusedTo ?? ROUTES.unauthorized;
  const target = accessGuard(actor, access, record && (resource.subject ? resource.subject(record) : record));
  return target && (resource.refusedTo ?? target);
}

export function allows(actor: AppActor, resource: ResourceDefinition, verb: Verb, record?: BaseRecord): boolean {
  return refusal(actor, resource, verb, record) === null;
}

/** A menu heading is shown when one of its resources is. */
export function groupAllowed(actor: AppActor, groupName: string): boolean | undefined {
  const inUse = groupsInUse().find(({ group }) => group.name === groupName);
  return inUse && inUse.resources.some((resource) => allows(actor, resource, "list"));
}
