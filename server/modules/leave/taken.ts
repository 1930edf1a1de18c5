/** Approved leave as other modules' queries ask about it. */
import { sql, type SQL } from "drizzle-orm";
import { LEAVE_TAKEN } from "../../../contracts/leave";
import { leaveDays, leaveRequests } from "../../db/schema";
import { array } from "../../lib/any-of";

/** Whether the person `user` has approved leave on `date` (a whole or a half day): a day not to count as an absence. */
export const onApprovedLeave = (user: SQL, date: SQL): SQL =>
  sql`exists (select 1 from ${leaveDays} ld join ${leaveRequests} lr on lr.id = ld.request_id and lr.status = any(${array(LEAVE_TAKEN)}::text[])
    where ld.user_id = ${user} and ld.work_date = ${date})`;
