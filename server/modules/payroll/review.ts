/**
 * What a payroll officer checks a run against: the summary of all runs
 * (GET /api/payroll/summary-stats) and each person's pay beside the
 * previous run's (the net's change and the components that moved).
 */
import { and, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { RUN_STATUSES, type ComparisonReply, type PayslipLine, type RunStatus, type RunTotals } from "../../../contracts/payroll";
import type { Db } from "../../db/client";
import { payrollRuns, payslips, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { dateInZone } from "../../lib/time-zone";
import { companyFacts } from "../company/facts";
import { totalsOf, type RunRow } from "./runs";

type Rows<T> = { rows: T[] };

export async function summaryStats(ctx: AppContext) {
  const { currency, time_zone } = await companyFacts(ctx.db);
  const year = dateInZone(ctx.clock.now(), time_zone).slice(0, 4);
  const [counts, [last], ytd] = await Promise.all([
    ctx.db.select({ status: payrollRuns.status, count: sql<number>`count(*)::int`.mapWith(Number) }).from(payrollRuns).groupBy(payrollRuns.status),
    ctx.db.select().from(payrollRuns).where(eq(payrollRuns.status, "released")).orderBy(desc(payrollRuns.pay_date), desc(payrollRuns.id)).limit(1),
    ctx.db.execute(sql`
      select count(distinct p.user_id)::int as people, coalesce(sum(p.gross), 0)::bigint as gross, coalesce(sum(p.deductions), 0)::bigint as deductions,
        coalesce(sum(p.net), 0)::bigint as net, coalesce(sum(p.employer_cost), 0)::bigint as employer_cost
      from ${payslips} p join ${payrollRuns} r on r.id = p.payroll_id
      where r.status = 'released' and r.pay_date between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date and p.currency = ${currency}`),
  ]);
  const runs = Object.fromEntries(RUN_STATUSES.map((status) => [status, counts.find((row) => row.status === status)?.count ?? 0])) as Record<RunStatus, number>;
  const sums = (ytd as unknown as Rows<Record<keyof RunTotals, number | string>>).rows[0];
  return {
    runs,
    last_released: last ? { id: last.id, name: last.name, pay_date: last.pay_date, totals: totalsOf(last) } : null,
    year_to_date: { people: Number(sums.people), gross: Number(sums.gross), deductions: Number(sums.deductions), net: Number(sums.net), employer_cost: Number(sums.employer_cost) },
    currency,
  };
}

/**
 * The run before this one: for a correction, the run it corrects; otherwise the latest approved or released
 * regular run whose period ended before this one began (a correction pays a few people, not the period).
 */
async function previousRun(db: Db, run: RunRow): Promise<RunRow | null> {
  if (run.corrects_id !== null) return (await db.select().from(payrollRuns).where(eq(payrollRuns.id, run.corrects_id)))[0] ?? null;
  const [previous] = await db
    .select()
    .from(payrollRuns)
    .where(and(ne(payrollRuns.id, run.id), eq(payrollRuns.kind, "regular"), inArray(payrollRuns.status, ["approved", "released"]), lt(payrollRuns.period_end, run.period_start)))
    .orderBy(desc(payrollRuns.period_end), desc(payrollRuns.id))
    .limit(1);
  return previous ?? null;
}

/** At most this many people are listed, largest change first; the rest changed less. */
export const COMPARISON_LIMIT = 500;

const lineKey = (line: PayslipLine) => `${line.kind}:${line.code}`;

/** Each person whose pay differs from the previous run (someone new or gone included; a correction's own people only), largest change first. */
export async function compareWithPrevious(ctx: AppContext, run: RunRow): Promise<ComparisonReply> {
  const previous = await previousRun(ctx.db, run);
  if (!previous) return { previous: null, rows: [] };
  const result = (await ctx.db.execute(sql`
    select coalesce(c.user_id, p.user_id) as user_id, u.name as user_name, c.net as net, p.net as previous_net, c.lines as lines, p.lines as previous_lines
    from (select user_id, net, lines from ${payslips} where payroll_id = ${run.id}) c
    full join (select user_id, net, lines from ${payslips} where payroll_id = ${previous.id}) p on p.user_id = c.user_id
    join ${users} u on u.id = coalesce(c.user_id, p.user_id)
    where (c.net is distinct from p.net or c.lines is distinct from p.lines) and (${run.corrects_id === null} or c.user_id is not null)
    order by abs(coalesce(c.net, 0) - coalesce(p.net, 0)) desc, u.name
    limit ${COMPARISON_LIMIT}`)) as unknown as Rows<{ user_id: number; user_name: string; net: number | string | null; previous_net: number | string | null; lines: PayslipLine[] | null; previous_lines: PayslipLine[] | null }>;
  const rows = result.rows.map((row) => {
    const now = new Map((row.lines ?? []).map((line) => [lineKey(line), line]));
    const before = new Map((row.previous_lines ?? []).map((line) => [lineKey(line), line]));
    const moved = [...new Set([...now.keys(), ...before.keys()])]
      .map((key) => ({ line: now.get(key) ?? before.get(key)!, amount: now.get(key)?.amount ?? 0, previous: before.get(key)?.amount ?? 0 }))
      .filter((entry) => entry.amount !== entry.previous)
      .map((entry) => ({ code: entry.line.code, name: entry.line.name, kind: entry.line.kind, amount: entry.amount, previous: entry.previous }));
    const net = row.net === null ? null : Number(row.net);
    const previousNet = row.previous_net === null ? null : Number(row.previous_net);
    return { user_id: Number(row.user_id), user_name: row.user_name, net, previous_net: previousNet, change: (net ?? 0) - (previousNet ?? 0), moved };
  });
  return { previous: { id: previous.id, name: previous.name }, rows };
}
