/**
 * What `mtd("CODE")` reads: each person's amounts in the month's other runs,
 * loaded set-based. A run counts when it is approved or released and the
 * run it belongs to (itself, or the run a correction corrects) is paid in
 * the same calendar month; of a run and its corrections, the person's latest
 * payslip counts, once. A correction run reads the month of the run it
 * corrects and leaves that run out: it pays the period again in its place.
 */
import { eq, sql } from "drizzle-orm";
import { minorDigits } from "../../../contracts/money";
import type { Db } from "../../db/client";
import { payrollRuns, payslips } from "../../db/schema";
import { array } from "../../lib/any-of";
import { PayDecimal, type Dec } from "./formula";

export interface MonthToDateOf {
  /** The run being computed (none for a preview). */
  id?: number;
  corrects_id?: number | null;
  /** Its pay date; a preview without one reads the month its period ends in. */
  pay_date: string;
  currency: string;
}

export async function monthToDate(db: Db, run: MonthToDateOf, userIds: readonly number[]): Promise<Map<number, Map<string, Dec>>> {
  const byPerson = new Map<number, Map<string, Dec>>();
  if (userIds.length === 0) return byPerson;
  let payDate = run.pay_date;
  if (run.corrects_id) {
    const [corrected] = await db.select({ pay_date: payrollRuns.pay_date }).from(payrollRuns).where(eq(payrollRuns.id, run.corrects_id));
    payDate = corrected?.pay_date ?? payDate;
  }
  // This run's own chain: the run it corrects (or itself) and that run's other corrections are what it replaces.
  const ownChain = run.corrects_id ?? run.id ?? 0;
  const result = (await db.execute(sql`
    with chain as (
      select r.id, o.id as root
      from ${payrollRuns} r join ${payrollRuns} o on o.id = coalesce(r.corrects_id, r.id)
      where r.status in ('approved', 'released') and date_trunc('month', o.pay_date) = date_trunc('month', ${payDate}::date)
        and o.id <> ${ownChain} and r.currency = ${run.currency}
    ), latest as (
      select distinct on (p.user_id, c.root) p.user_id, p.lines, p.gross, p.net, p.taxable, p.inputs
      from ${payslips} p join chain c on c.id = p.payroll_id
      where p.user_id = any(${array(userIds)}::int[])
      order by p.user_id, c.root, p.payroll_id desc
    )
    select user_id, 'gross' as code, sum(gross)::text as amount from latest group by user_id
    union all select user_id, 'net', sum(net)::text from latest group by user_id
    union all select user_id, 'taxable', sum(taxable)::text from latest group by user_id
    union all select user_id, 'basic', sum(coalesce((inputs->>'basic')::bigint, 0))::text from latest group by user_id
    union all select user_id, line->>'code', sum((line->>'amount')::bigint)::text
      from latest, jsonb_array_elements(lines) line where line->>'kind' <> 'employer' group by user_id, line->>'code'`)) as unknown as {
    rows: { user_id: number; code: string; amount: string }[];
  };
  const scale = new PayDecimal(10).pow(minorDigits(run.currency));
  for (const row of result.rows) {
    const own = byPerson.get(Number(row.user_id)) ?? new Map<string, Dec>();
    own.set(row.code, new PayDecimal(row.amount).dividedBy(scale));
    byPerson.set(Number(row.user_id), own);
  }
  return byPerson;
}
