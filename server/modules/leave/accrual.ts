/**
 * The leave year's entries the company grants by itself: a year's unused balance carried into the next (up to the
 * type's cap, the rest expiring), the yearly allocation, and the monthly accrual. One durable job per month queues the
 * next; every entry carries a key (`carry:2027:12:3`), so a job that runs twice, two servers, or a catch-up after
 * downtime write each entry once. Set-based SQL: one statement each, whatever the number of people.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leaveEntries } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import type { JobKind } from "../../lib/jobs";
import { dateInZone, zonedInstant } from "../../lib/time-zone";
import { companyFacts } from "../company/facts";
import { monthBounds } from "./dates";

export const LEAVE_ACCRUAL = "leave.accrue";

/** The month whose entries are due (and every earlier month of its year); `user_id`: one person's only (a new hire). */
export interface AccrualInput {
  year: number;
  month: number;
  user_id?: number;
}

/** Who is granted leave: people still with the company. */
const current = (personFilter: ReturnType<typeof sql>) => sql`u.archived_at is null and u.employment_status <> 'terminated' and ${personFilter}`;

/** The day a person may first use a type: their hire date plus its months of service (the service incentive leave's twelve). */
const eligibleFrom = (year: number) =>
  sql`(case when t.service_months > 0 and u.hire_date is not null then (u.hire_date + make_interval(months => t.service_months))::date else coalesce(u.hire_date, ${`${year}-01-01`}::date) end)`;

export interface AccrualOutcome extends Record<string, unknown> {
  carried: number;
  expired: number;
  allocated: number;
  accrued: number;
}

type Counted = { rows: { n: number }[] };
const count = async (tx: Db, statement: ReturnType<typeof sql>) => Number(((await tx.execute(sql`with written as (${statement} returning 1) select count(*)::int as n from written`)) as unknown as Counted).rows[0].n);

/** Writes the entries due up to `month` of `year` that are not written yet. */
export async function accrueLeave(tx: Db, input: AccrualInput, at: Date): Promise<AccrualOutcome> {
  const { year, month } = input;
  const person = input.user_id !== undefined ? sql`u.id = ${input.user_id}` : sql`true`;
  const stamp = at.toISOString();
  const prior = year - 1;
  // A year's positive balance carries up to the cap; the rest expires on its last day. A balance below zero stays in
  // its year (an office that recovers it from the next adjusts by hand): carried, it would shrink a type's overdraft.
  const balances = sql`
    select e.user_id, e.leave_type_id, sum(e.days) as balance, t.carry_over_days as cap
    from ${leaveEntries} e join leave_types t on t.id = e.leave_type_id join users u on u.id = e.user_id
    where e.year = ${prior} and ${person} group by e.user_id, e.leave_type_id, t.carry_over_days`;
  const carried = await count(
    tx,
    sql`insert into ${leaveEntries} (user_id, leave_type_id, year, kind, days, effective_date, key, created_at)
      select user_id, leave_type_id, ${year}, 'carry_over', least(balance, cap), ${`${year}-01-01`}::date, ${`carry:${year}:`} || user_id || ':' || leave_type_id, ${stamp}::timestamptz
      from (${balances}) b where balance > 0 and cap > 0
      on conflict (key) do nothing`,
  );
  const expired = await count(
    tx,
    sql`insert into ${leaveEntries} (user_id, leave_type_id, year, kind, days, effective_date, key, created_at)
      select user_id, leave_type_id, ${prior}, 'expiry', -(balance - cap), ${`${prior}-12-31`}::date, ${`expire:${prior}:`} || user_id || ':' || leave_type_id, ${stamp}::timestamptz
      from (${balances}) b where balance > cap
      on conflict (key) do nothing`,
  );
  const { last } = monthBounds(year, month);
  const allocated = await count(
    tx,
    sql`insert into ${leaveEntries} (user_id, leave_type_id, year, kind, days, effective_date, key, created_at)
      select u.id, t.id, ${year}, 'allocation', t.yearly_days, greatest(${`${year}-01-01`}::date, ${eligibleFrom(year)}), ${`alloc:${year}:`} || u.id || ':' || t.id, ${stamp}::timestamptz
      from users u cross join leave_types t
      where t.active and t.accrual = 'yearly' and t.yearly_days > 0 and ${current(person)}
        and (u.end_date is null or u.end_date >= ${`${year}-01-01`}::date) and ${eligibleFrom(year)} <= ${last}::date
      on conflict (key) do nothing`,
  );
  // A twelfth a month, rounded so the twelve add up to the year's days exactly (15: 1.25 each; 5: 0.42, 0.41, 0.42...).
  const accrued = await count(
    tx,
    sql`insert into ${leaveEntries} (user_id, leave_type_id, year, kind, days, effective_date, key, created_at)
      select u.id, t.id, ${year}, 'accrual', round(t.yearly_days * m / 12, 2) - round(t.yearly_days * (m - 1) / 12, 2), make_date(${year}, m, 1),
        ${`accrue:${year}-`} || lpad(m::text, 2, '0') || ':' || u.id || ':' || t.id, ${stamp}::timestamptz
      from users u cross join leave_types t cross join generate_series(1, ${month}) as m
      where t.active and t.accrual = 'monthly' and t.yearly_days > 0 and ${current(person)}
        and (u.hire_date is null or u.hire_date <= (make_date(${year}, m, 1) + interval '1 month - 1 day')::date)
        and (u.end_date is null or u.end_date >= make_date(${year}, m, 1))
        and ${eligibleFrom(year)} <= (make_date(${year}, m, 1) + interval '1 month - 1 day')::date
      on conflict (key) do nothing`,
  );
  return { carried, expired, allocated, accrued };
}

const monthKey = (year: number, month: number) => `leave-accrue:${year}-${String(month).padStart(2, "0")}`;

/** What a run is for: the company (its monthly run), or one person (a new hire, a changed hire date). */
export interface AccrualJobInput extends Record<string, unknown> {
  user_id?: number;
}

/** This month in the company's zone, by the app's clock. */
async function currentMonth(ctx: AppContext, db: Db): Promise<{ year: number; month: number; zone: string }> {
  const zone = (await companyFacts(db)).time_zone;
  const today = dateInZone(ctx.clock.now(), zone);
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)), zone };
}

/**
 * Jobs wait by the database's clock; the company's calendar runs by the app's (a test's stands where the test puts
 * it): what carries over is how long to wait.
 */
const runAfter = (ctx: AppContext, at: Date) => new Date(Date.now() + Math.max(0, at.getTime() - ctx.clock.now().getTime()));

/**
 * The company's monthly run, and one person's catch-up: the entries due up to this month (by the app's clock, so a
 * run late after downtime catches up), then, for the company's, the next month's run queued for its first minute.
 */
export function leaveAccrualJob(ctx: AppContext): JobKind<AccrualJobInput> {
  return {
    name: LEAVE_ACCRUAL,
    maxAttempts: 5,
    async run(job) {
      return job.commit(async (tx) => {
        const { year, month, zone } = await currentMonth(ctx, tx);
        const outcome = await accrueLeave(tx, { year, month, user_id: job.input.user_id }, ctx.clock.now());
        if (job.input.user_id === undefined) {
          const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
          const at = zonedInstant(monthBounds(next.year, next.month).first, "00:00", zone);
          await ctx.jobs.enqueue(leaveAccrualJob(ctx), {}, { db: tx, runAt: runAfter(ctx, at), key: monthKey(next.year, next.month) });
        }
        return outcome;
      });
    },
  };
}

/** At start-up: this month's run, at once if it has not run (a first start, or a server that was down at the month's turn). */
export async function queueCurrentAccrual(ctx: AppContext): Promise<void> {
  const { year, month } = await currentMonth(ctx, ctx.db);
  await ctx.jobs.enqueue(leaveAccrualJob(ctx), {}, { key: monthKey(year, month) });
}

/** A new person, a changed hire date or a new type: the entries due now for them (or everyone), without waiting for next month. */
export async function queueCatchUp(ctx: AppContext, db: Db, userId?: number): Promise<void> {
  await ctx.jobs.enqueue(leaveAccrualJob(ctx), userId !== undefined ? { user_id: userId } : {}, { db });
}
