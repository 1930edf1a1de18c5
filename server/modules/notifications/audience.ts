/**
 * Who a notification is for, and by which channels, as SQL over `users`:
 * set-based, so telling 10,000 people is one statement, not a loop.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BroadcastAudience } from "../../../contracts/notifications";
import type { DeliveryChoice, NotificationType } from "../../../contracts/notification-types";
import { users } from "../../db/schema";
import { signInAllowed } from "../auth/sessions";

/** Named people (an event about them), or a broadcast's audience. */
export type Recipients = readonly number[] | BroadcastAudience;

/** One array parameter, whatever its length (a list of parameters would be one each). */
export const anyId = (ids: readonly number[]) => sql`${users.id} = any(${sql.param([...ids])}::int[])`;

/**
 * Named people are told whatever their state: a deactivated account hears
 * that it was (by e-mail). A broadcast reaches only those who can sign in.
 */
export function recipientsWhere(recipients: Recipients): SQL {
  if (Array.isArray(recipients)) return anyId(recipients);
  const audience = recipients as BroadcastAudience;
  switch (audience.type) {
    case "all":
      return signInAllowed!;
    case "role":
      return and(signInAllowed, eq(users.role_id, audience.role_id))!;
    case "department":
      // Departments are typed by hand: "finance " is Finance.
      return and(signInAllowed, sql`lower(btrim(${users.department})) = lower(${audience.department})`)!;
    case "users":
      return and(signInAllowed, anyId(audience.user_ids))!;
  }
}

/**
 * Whether a channel is on for a person: their own choice
 * (preferences.notifications.<type>.<channel>) where they made one, the
 * company's default otherwise. Anything but a stored true or false is no choice.
 */
export function channelOn(type: NotificationType, channel: keyof DeliveryChoice, companyDefault: boolean): SQL {
  const own = sql`${users.preferences} -> 'notifications' -> ${type}::text ->> ${sql.raw(`'${channel}'`)}`;
  return sql`(case ${own} when 'true' then true when 'false' then false else ${companyDefault}::boolean end)`;
}
