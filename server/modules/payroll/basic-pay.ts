/**
 * A person's pay for a period from their effective-dated rates:
 *
 * - monthly rates: the month's rate times the period's share of a month (a
 *   whole calendar month is 1, the 1st–15th or the 16th–last is ½, any
 *   other period its days × 12 / 365), prorated by the calendar days each
 *   rate was in force while the person was employed;
 * - daily and hourly rates: the rate times the days or hours worked, split
 *   between rates by the calendar days each was in force.
 *
 * Nothing here reads today: a past period computes with the rates it had.
 */
import type { PAY_BASES } from "../../../contracts/users";
import { PayDecimal, type Dec } from "./formula";

export type PayBasis = (typeof PAY_BASES)[number];

/** A rate from a date on, until the next one. */
export interface RateFrom {
  effective_from: string;
  pay_basis: PayBasis;
  /** Minor units per month, day or hour. */
  rate: number;
  currency: string;
}

export interface Period {
  start: string;
  end: string;
}

export interface PaySettings {
  working_days_per_month: string;
  hours_per_day: string;
}

export type BasicPay =
  | { kind: "paid"; basic: Dec; daily_rate: Dec; hourly_rate: Dec; pay_basis: PayBasis; rate: number; currency: string }
  /** No rate in force on any day they were employed in the period. */
  | { kind: "missing_rate" }
  /** Rates in another currency than the run's. */
  | { kind: "other_currency"; currency: string };

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** How many months' pay a period is. */
export function monthsIn(period: Period): Dec {
  const [sy, sm, sd] = period.start.split("-").map(Number);
  const [ey, em, ed] = period.end.split("-").map(Number);
  if (sd === 1 && ed === lastDayOfMonth(ey, em)) return new PayDecimal(ey * 12 + em - (sy * 12 + sm) + 1);
  if (sy === ey && sm === em && ((sd === 1 && ed === 15) || (sd === 16 && ed === lastDayOfMonth(ey, em)))) return new PayDecimal("0.5");
  return new PayDecimal(dayNumber(period.end) - dayNumber(period.start) + 1).times(12).dividedBy(365);
}

/**
 * Basic pay and the day and hour rates for a period. `rates` ascend by
 * effective_from; `worked` is the period's attendance (days and hours).
 */
export function basicPay(
  period: Period,
  employment: { hire_date: string | null; end_date: string | null },
  rates: readonly RateFrom[],
  worked: { days: Dec; hours: Dec },
  settings: PaySettings,
  run: { currency: string; digits: number },
): BasicPay {
  const first = Math.max(dayNumber(period.start), employment.hire_date ? dayNumber(employment.hire_date) : -Infinity);
  const last = Math.min(dayNumber(period.end), employment.end_date ? dayNumber(employment.end_date) : Infinity);
  // Each rate's days in force within the employed part of the period.
  const spans: { rate: RateFrom; days: number }[] = [];
  rates.forEach((rate, index) => {
    const from = Math.max(first, dayNumber(rate.effective_from));
    const to = Math.min(last, index + 1 < rates.length ? dayNumber(rates[index + 1].effective_from) - 1 : Infinity);
    if (to >= from) spans.push({ rate, days: to - from + 1 });
  });
  if (spans.length === 0) return { kind: "missing_rate" };
  const foreign = spans.find((span) => span.rate.currency !== run.currency);
  if (foreign) return { kind: "other_currency", currency: foreign.rate.currency };

  const unit = new PayDecimal(10).pow(run.digits);
  const major = (minor: number) => new PayDecimal(minor).dividedBy(unit);
  const periodDays = dayNumber(period.end) - dayNumber(period.start) + 1;
  const coveredDays = spans.reduce((total, span) => total + span.days, 0);
  // One division per basis, and a last trim far below a cent: a rate re-entered unchanged, or a
  // period that is an exact number of pay units, gives exact cents (not …0001 that "up" would round).
  const months = monthsIn(period);
  const byBasis = (basis: PayBasis) => spans.filter((span) => span.rate.pay_basis === basis).reduce((total, span) => total.plus(new PayDecimal(span.rate.rate).times(span.days)), new PayDecimal(0));
  const basic = byBasis("monthly")
    .times(months)
    .dividedBy(unit.times(periodDays))
    .plus(byBasis("daily").times(worked.days).dividedBy(unit.times(coveredDays)))
    .plus(byBasis("hourly").times(worked.hours).dividedBy(unit.times(coveredDays)))
    .toDecimalPlaces(20);

  const current = spans[spans.length - 1].rate;
  const hoursPerDay = new PayDecimal(settings.hours_per_day);
  const daily =
    current.pay_basis === "monthly"
      ? major(current.rate).dividedBy(settings.working_days_per_month)
      : current.pay_basis === "daily"
        ? major(current.rate)
        : major(current.rate).times(hoursPerDay);
  const hourly = current.pay_basis === "hourly" ? major(current.rate) : daily.dividedBy(hoursPerDay);
  return { kind: "paid", basic, daily_rate: daily, hourly_rate: hourly, pay_basis: current.pay_basis, rate: current.rate, currency: current.currency };
}
