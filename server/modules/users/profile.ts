import { and, desc, eq } from "drizzle-orm";
import { can, type Actor } from "../../../contracts/policies";
import type { ActivityRecord } from "../../../contracts/activities";
import type { UserRecord } from "../../../contracts/users";
import { activityLog, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { nameActivities } from "../activities/names";
import { activityColumns } from "../activities/service";
import { readUser } from "./service";

export interface EmployeeProfile {
  user: UserRecord;
  /** What happened to this person lately; only for readers of the activity log. */
  recent_activity: ActivityRecord[] | null;
}

const RECENT = 10;

/**
 * The employee profile aggregate: the record (pay only for pay readers) and,
 * for those who may read the log, what was done to it. Attendance and
 * payslips join here when their modules exist.
 */
export async function profileOf(ctx: AppContext, actor: Actor, id: number): Promise<EmployeeProfile> {
  const user = await readUser(ctx, actor, id);
  if (!can(actor, "activities.list")) return { user, recent_activity: null };
  const rows = await ctx.db
    .select(activityColumns)
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actor_id))
    .where(and(eq(activityLog.subject_type, "user"), eq(activityLog.subject_id, id)))
    .orderBy(desc(activityLog.created_at), desc(activityLog.id))
    .limit(RECENT);
  return { user, recent_activity: await nameActivities(ctx.db, rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }))) };
}
