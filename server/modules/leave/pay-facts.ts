/**
 * What payroll reads of people's leave, set-based for a run's people: the approved leave days in its attendance window
 * (paid and unpaid types apart, and by type's code) and each type's balance in the year the period ends in.
 */
import { sql } from "drizzle-orm";
import { LEAVE_TAKEN } from "../../../contracts/leave";
import type { Db } from "../../db/client";
import { leaveDays, leaveEntries, leaveRequests, leaveTypes } from "../../db/schema";
import { array } from "../../lib/any-of";

export interface LeaveFacts {
  paidDays: number;
  unpaidDays: number;
  /** Days in the window by type's code. */
  daysByCode: Map<string, number>;
  /** The year's balance by type's code. */
  balanceByCode: Map<string, number>;
}

type Rows<T> = { rows: T[] };

export async function leaveFactsByPerson(db: Db, userIds: readonly number[], window: { start: string; end: string }, year: number): Promise<Map<number, LeaveFacts>> {
  const facts = new Map<number, LeaveFacts>(userIds.map((id) => [id, { paidDays: 0, unpaidDays: 0, daysByCode: new Map(), balanceByCode: new Map() }]));
  if (userIds.length === 0) return facts;
  const ids = array(userIds);
  const [days, balances] = await Promise.all([
    db.execute(sql`
      select ld.user_id, t.code, t.paid, sum(ld.share)::float8 as days
      from ${leaveDays} ld join ${leaveRequests} r on r.id = ld.request_id and r.status = any(${array(LEAVE_TAKEN)}::text[])
      join ${leaveTypes} t on t.id = r.leave_type_id
      where ld.user_id = any(${ids}::int[]) and ld.work_date between ${window.start}::date and ${window.end}::date
      group by ld.user_id, t.code, t.paid`),
    db.execute(sql`
      select e.user_id, t.code, sum(e.days)::float8 as days
      from ${leaveEntries} e join ${leaveTypes} t on t.id = e.leave_type_id
      where e.user_id = any(${ids}::int[]) and e.year = ${year}
      group by e.user_id, t.code`),
  ]);
  for (const row of (days as unknown as Rows<{ user_id: number; code: string; paid: boolean; days: number }>).rows) {
    const person = facts.get(Number(row.user_id))!;
    const value = Number(row.days);
    person.daysByCode.set(row.code, value);
    if (row.paid) person.paidDays += value;
    else person.unpaidDays += value;
  }
  for (const row of (balances as unknown as Rows<{ user_id: number; code: string; days: number }>).rows) facts.get(Number(row.user_id))!.balanceByCode.set(row.code, Number(row.days));
  return facts;
}
