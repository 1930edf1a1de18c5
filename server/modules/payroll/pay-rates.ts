/**
 * A person's pay history: each rate from a date on (pay_rates). The
 * employee record's pay fields are the rate as last set; payroll reads the
 * history, so a change never rewrites a past period.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payRates, users } from "../../db/schema";
import type { PayBasis } from "./basic-pay";

export interface RateFields {
  pay_basis: PayBasis;
  rate: number;
  currency: string;
}

/** Records the rate from `from` on (a second change the same day replaces the first). A rate of 0 is no rate: nothing is recorded. */
export async function recordRate(db: Db, userId: number, from: string, fields: RateFields, actorId: number | null, now: Date): Promise<void> {
  if (fields.rate <= 0) return;
  await db
    .insert(payRates)
    .values({ user_id: userId, effective_from: from, ...fields, created_by: actorId, updated_by: actorId, created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: [payRates.user_id, payRates.effective_from],
      set: { pay_basis: sql`excluded.pay_basis`, rate: sql`excluded.rate`, currency: sql`excluded.currency`, updated_by: actorId, updated_at: now },
    });
}

/** Gives everyone paid on their record and without a history their record's rate from their hire date (bulk loads, the demo). */
export async function firstRatesFromRecords(db: Db): Promise<void> {
  await db.execute(sql`
    insert into ${payRates} (user_id, effective_from, pay_basis, rate, currency)
    select u.id, coalesce(u.hire_date, u.created_at::date), u.pay_basis, u.base_rate, u.currency from ${users} u
    where u.base_rate > 0 and not exists (select 1 from ${payRates} r where r.user_id = u.id)`);
}

/** The record's pay fields follow the rate in force today: a dated change reaches them once its day has come (or at once, when already in force). */
export async function syncRecordPay(db: Db, userId: number, today: string): Promise<void> {
  await db.execute(sql`
    update ${users} u set pay_basis = r.pay_basis, base_rate = r.rate, currency = r.currency
    from (select pay_basis, rate, currency from ${payRates} where user_id = ${userId} and effective_from <= ${today}::date order by effective_from desc limit 1) r
    where u.id = ${userId} and (u.pay_basis, u.base_rate, u.currency) is distinct from (r.pay_basis, r.rate, r.currency)`);
}
