import type { Db } from "../db/client";
import { activityLog } from "../db/schema";
import type { RequestOrigin } from "./origin";

export interface Activity {
  actorId: number | null;
  action: string;
  subjectType?: string;
  subjectId?: number | null;
  changes?: Record<string, unknown>;
  origin?: RequestOrigin;
  at: Date;
}

/** Secrets and identity numbers: the log says that they changed, never what they are. */
const SECRET_FIELDS = /password|token|secret|key|bank_account|tax_id|social_insurance/i;

/** Values of secret-looking fields never reach the log. */
export function maskSecrets(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).map(([field, value]) => [field, SECRET_FIELDS.test(field) ? "********" : value]),
  );
}

const rowOf = (activity: Activity): typeof activityLog.$inferInsert => ({
  actor_id: activity.actorId,
  action: activity.action,
  subject_type: activity.subjectType ?? null,
  subject_id: activity.subjectId ?? null,
  changes: activity.changes ? maskSecrets(activity.changes) : null,
  ip: activity.origin?.ip ?? null,
  user_agent: activity.origin?.userAgent?.slice(0, 300) ?? null,
  created_at: activity.at,
});

/** Writes one system-activity row: the write path's, and the sign-in events' that change nothing. */
export async function recordActivity(db: Db, activity: Activity): Promise<void> {
  await db.insert(activityLog).values(rowOf(activity));
}

/** Many rows in a few statements (an import's people, a bulk edit's): one each, as recordActivity would write it. */
export async function recordActivities(db: Db, activities: readonly Activity[]): Promise<void> {
  const BATCH = 1_000;
  for (let start = 0; start < activities.length; start += BATCH) await db.insert(activityLog).values(activities.slice(start, start + BATCH).map(rowOf));
}
