import { eq, sql } from "drizzle-orm";
import type { ActivityRecord } from "../../../contracts/activities";
import type { ListResponse } from "../../../contracts/list";
import { activityLog, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { defineListSpec, paged, parseListQuery } from "../../lib/list";
import { nameActivities } from "./names";

export const activitiesList = defineListSpec({
  fields: {
    actor_id: { column: activityLog.actor_id, kind: "number" },
    actor_name: { column: users.name, kind: "text" },
    action: { column: activityLog.action, kind: "text" },
    subject_type: { column: activityLog.subject_type, kind: "text" },
    subject_id: { column: activityLog.subject_id, kind: "number" },
    created_at: { column: activityLog.created_at, kind: "date" },
  },
  sortable: ["created_at", "action", "actor_name"],
  defaultSort: "-created_at",
  tiebreaker: activityLog.id,
});

/** The columns of an ActivityRecord: the log row and its actor's name. */
export const activityColumns = {
  id: activityLog.id,
  actor_id: activityLog.actor_id,
  actor_name: users.name,
  action: activityLog.action,
  subject_type: activityLog.subject_type,
  subject_id: activityLog.subject_id,
  changes: activityLog.changes,
  ip: activityLog.ip,
  created_at: activityLog.created_at,
};

export async function listActivities(ctx: AppContext, query: unknown): Promise<ListResponse<ActivityRecord>> {
  const list = parseListQuery(query, activitiesList);
  return paged(ctx.db, list, {
    rows: async ({ where, orderBy, limit, offset }) =>
      nameActivities(
        ctx.db,
        (await ctx.db.select(activityColumns).from(activityLog).leftJoin(users, eq(users.id, activityLog.actor_id)).where(where).orderBy(...orderBy).limit(limit).offset(offset)).map(
          (row) => ({ ...row, created_at: row.created_at.toISOString() }),
        ),
      ),
    // The actor's name lives in users: a filter on it needs the join in the count too.
    count: (where) => ctx.db.select({ one: sql`1` }).from(activityLog).leftJoin(users, eq(users.id, activityLog.actor_id)).where(where).$dynamic(),
  });
}
