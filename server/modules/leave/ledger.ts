/**
 * The leave ledger: a balance is the sum of a person's entries for a type and year, never a stored figure that could
 * drift from its history. Reads sum; writes add entries (approvals take, cancellations give back, HR adjusts).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { type LeaveBalanceLine, type LeaveEntryRecord } from "../../../contracts/leave";
import type { Db } from "../../db/client";
import { leaveEntries, leaveTypes, users } from "../../db/schema";
import { addMonths } from "./dates";

type Rows<T> = { rows: T[] };

/** Days as the ledger keeps them: hundredths, exact (numeric), so sums never drift like floats. */
export const hundredths = (value: number) => Math.round(value * 100) / 100;

interface LineRow {
  leave_type_id: number;
  code: string;
  name: string;
  paid: boolean;
  unit: LeaveBalanceLine["leave_type"]["unit"];
  active: boolean;
  negative_days: number;
  service_months: number;
  entitled: string;
  carried_over: string;
  taken: string;
  adjusted: string;
  expired: string;
  balance: string;
  pending: string;
}

/**
 * Every type's year for one person: the active types, and any inactive one they still have entries of. Pending: the
 * days of requests waiting for a decision that fall in the year.
 */
export async function balanceLines(db: Db, person: { id: number; hire_date: string | null }, year: number): Promise<LeaveBalanceLine[]> {
  const result = (await db.execute(sql`
    with sums as (
      select leave_type_id,
        sum(days) filter (where kind in ('allocation', 'accrual')) as entitled,
        sum(days) filter (where kind = 'carry_over') as carried_over,
        sum(days) filter (where kind in ('taken', 'returned')) as taken,
        sum(days) filter (where kind = 'adjustment') as adjusted,
        sum(days) filter (where kind = 'expiry') as expired,
        sum(days) as balance
      from ${leaveEntries} where user_id = ${person.id} and year = ${year} group by leave_type_id
    ), pending as (
      select r.leave_type_id, sum(d.share) as days
      from leave_requests r join leave_days d on d.request_id = r.id
      where r.user_id = ${person.id} and r.status = 'pending' and extract(year from d.work_date) = ${year}
      group by r.leave_type_id
    )
    select t.id as leave_type_id, t.code, t.name, t.paid, t.unit, t.active, t.negative_days::float8 as negative_days, t.service_months,
      coalesce(s.entitled, 0)::text as entitled, coalesce(s.carried_over, 0)::text as carried_over, coalesce(-s.taken, 0)::text as taken,
      coalesce(s.adjusted, 0)::text as adjusted, coalesce(-s.expired, 0)::text as expired, coalesce(s.balance, 0)::text as balance,
      coalesce(p.days, 0)::text as pending
    from ${leaveTypes} t left join sums s on s.leave_type_id = t.id left join pending p on p.leave_type_id = t.id
    where t.active or s.leave_type_id is not null or p.leave_type_id is not null
    order by lower(t.name), t.id
  `)) as unknown as Rows<LineRow>;
  return result.rows.map((row) => {
    const balance = Number(row.balance);
    const pending = Number(row.pending);
    const usableFrom = person.hire_date && row.service_months > 0 ? addMonths(person.hire_date, row.service_months) : null;
    return {
      leave_type: { id: row.leave_type_id, code: row.code, name: row.name, paid: row.paid, unit: row.unit, active: row.active },
      entitled: Number(row.entitled),
      carried_over: Number(row.carried_over),
      taken: Number(row.taken),
      adjusted: Number(row.adjusted),
      expired: Number(row.expired),
      balance,
      pending,
      available: hundredths(balance - pending + Number(row.negative_days)),
      usable_from: usableFrom && usableFrom > `${year}-01-01` ? usableFrom : null,
    };
  });
}

/** The year's entries, oldest first, with who made the hand-made ones. */
export async function entriesOf(db: Db, userId: number, year: number): Promise<LeaveEntryRecord[]> {
  const rows = await db
    .select({ entry: leaveEntries, authorName: users.name })
    .from(leaveEntries)
    .leftJoin(users, eq(users.id, leaveEntries.created_by))
    .where(and(eq(leaveEntries.user_id, userId), eq(leaveEntries.year, year)))
    .orderBy(asc(leaveEntries.effective_date), asc(leaveEntries.id));
  return rows.map(({ entry, authorName }) => ({
    id: entry.id,
    leave_type_id: entry.leave_type_id,
    kind: entry.kind,
    days: Number(entry.days),
    request_id: entry.request_id,
    reason: entry.reason,
    effective_date: entry.effective_date,
    created_by: entry.created_by !== null && authorName !== null ? { id: entry.created_by, name: authorName } : null,
    created_at: entry.created_at.toISOString(),
  }));
}

/**
 * What a request may still take of a type in each year it touches: the balance, less what pending requests reserve
 * (`exceptRequest` not counted), plus how far the type lets a balance go below zero.
 */
export async function availableByYear(db: Db, userId: number, typeId: number, years: readonly number[], exceptRequest = 0): Promise<Map<number, number>> {
  const result = (await db.execute(sql`
    select y.year::int as year,
      (coalesce((select sum(days) from ${leaveEntries} e where e.user_id = ${userId} and e.leave_type_id = ${typeId} and e.year = y.year), 0)
       - coalesce((select sum(d.share) from leave_requests r join leave_days d on d.request_id = r.id
                   where r.user_id = ${userId} and r.leave_type_id = ${typeId} and r.status = 'pending' and r.id <> ${exceptRequest}
                     and extract(year from d.work_date) = y.year), 0)
       + (select negative_days from ${leaveTypes} where id = ${typeId}))::text as available
    from unnest(${`{${years.join(",")}}`}::int[]) as y(year)
  `)) as unknown as Rows<{ year: number; available: string }>;
  return new Map(result.rows.map((row) => [Number(row.year), Number(row.available)]));
}

/**
 * Writes what a request takes (`sign` −1, on approval) or gives back (+1, a cancellation of approved leave): one entry
 * per year its days fall in, from its stored days.
 */
export async function moveRequestDays(tx: Db, requestId: number, sign: 1 | -1, actorId: number | null, at: Date): Promise<void> {
  const kind = sign < 0 ? "taken" : "returned";
  await tx.execute(sql`
    insert into ${leaveEntries} (user_id, leave_type_id, year, kind, days, effective_date, request_id, created_by, created_at)
    select r.user_id, r.leave_type_id, extract(year from d.work_date)::int, ${kind}, ${sign} * sum(d.share), min(d.work_date), r.id, ${actorId}::int, ${at.toISOString()}::timestamptz
    from leave_requests r join leave_days d on d.request_id = r.id
    where r.id = ${requestId}
    group by r.id, extract(year from d.work_date)
  `);
}
