/**
 * What the write path's events tell people: their password changed or was
 * reset, their role or access level changed, their account was deactivated.
 * Run after the change committed; a failure here is logged by the bus and
 * the change stands. Attendance and payroll add their events here.
 */
import type { NotificationType } from "../../../contracts/notification-types";
import type { AppContext } from "../../lib/context";
import type { DomainEvent } from "../../lib/events";
import { notify } from "./service";

/** `changes.field.to` of an update (before/after pairs). */
const changedTo = (event: DomainEvent, field: string) => (event.changes?.[field] as { to?: unknown } | undefined)?.to;
const changed = (event: DomainEvent, field: string) => event.changes !== null && field in event.changes;

/** What an administrator's change to a person tells them. */
function updateTypes(event: DomainEvent): NotificationType[] {
  // Nothing else is worth saying to an account that can no longer sign in.
  if (changedTo(event, "is_active") === false || changedTo(event, "employment_status") === "terminated") return ["account_deactivated"];
  const types: NotificationType[] = [];
  // One's own password changes on the profile (profile.password_changed); here someone set it for them.
  if (changed(event, "password")) types.push("password_changed");
  if (changed(event, "role_id") || changed(event, "access_level")) types.push("access_changed");
  return types;
}

const BY_EVENT: Record<string, (event: DomainEvent) => NotificationType[]> = {
  "profile.password_changed": () => ["password_changed"],
  "auth.password_reset": () => ["password_reset"],
  "user.updated": updateTypes,
  "user.archived": () => ["account_deactivated"],
};

/**
 * Changes to records about a person (their attendance), told to that person
 * (`changes.user_id`) with the day and the reason the change carries.
 */
const ABOUT_PERSON: Record<string, NotificationType> = {
  "attendance.entered": "attendance_corrected",
  "attendance.corrected": "attendance_corrected",
  "attendance.removed": "attendance_corrected",
};

/** Changes to a person's two-factor sign-in, each told to them with its own wording (notifications.types.two_factor.message_<context>). */
const TWO_FACTOR: Record<string, string> = {
  "auth.two_factor_enabled": "enabled",
  "auth.two_factor_disabled": "disabled",
  "auth.recovery_code_used": "recovery_code",
  "user.two_factor_reset": "reset",
};

export function notifyOnEvents(ctx: AppContext): void {
  for (const [type, context] of Object.entries(TWO_FACTOR)) {
    ctx.events.on(type, async (event) => {
      if (event.type !== type || event.subjectId === null) return;
      const params = { context, left: event.changes?.recovery_codes_left };
      await notify(ctx, { recipients: [event.subjectId], type: "two_factor", params, senderId: event.actorId !== event.subjectId ? event.actorId : null });
    });
  }
  for (const [type, notificationType] of Object.entries(ABOUT_PERSON)) {
    ctx.events.on(type, async (event) => {
      const person = event.changes?.user_id;
      if (event.type !== type || typeof person !== "number") return;
      const params = { date: event.changes?.work_date, reason: event.changes?.reason };
      await notify(ctx, { recipients: [person], type: notificationType, params, senderId: event.actorId !== person ? event.actorId : null });
    });
  }
  for (const [type, typesOf] of Object.entries(BY_EVENT)) {
    ctx.events.on(type, async (event) => {
      // The prefix "user.updated" would also match a longer name: only this one.
      if (event.type !== type || event.subjectId === null) return;
      // The person's own doing is not news from someone else.
      const senderId = event.actorId !== event.subjectId ? event.actorId : null;
      for (const notificationType of typesOf(event)) await notify(ctx, { recipients: [event.subjectId], type: notificationType, senderId });
    });
  }
}
