/**
 * Where a run's period sits among the periods of the company's pay
 * frequency: how many there are a year, which one of its month it is (by
 * the day it ends) and whether it is the month's last. Formulas read these to
 * pay a monthly amount once a month, or to owe a monthly contribution on the
 * month's last period (with `mtd`).
 */
import type { PayFrequency } from "../../../contracts/pay-periods";
import type { Period } from "./basic-pay";

export const PERIODS_PER_YEAR: Record<PayFrequency, number> = { monthly: 12, semi_monthly: 24, biweekly: 26, weekly: 52 };

/** Days from one period's end to the next one's, for the frequencies counted in days. */
const STEP_DAYS = { biweekly: 14, weekly: 7 } as const;

export interface PeriodPlace {
  periods_per_year: number;
  /** 1 for the first period ending in its month, 2 for the second, … */
  period_in_month: number;
  /** 1 when no later period of the frequency ends in the same month, else 0. */
  last_period_in_month: number;
}

const dayOf = (date: string) => Number(date.slice(8, 10));
const monthOf = (date: string) => date.slice(0, 7);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function periodPlace(frequency: PayFrequency, period: Period): PeriodPlace {
  const periods_per_year = PERIODS_PER_YEAR[frequency];
  if (frequency === "monthly") return { periods_per_year, period_in_month: 1, last_period_in_month: 1 };
  if (frequency === "semi_monthly") {
    const second = dayOf(period.end) > 15;
    return { periods_per_year, period_in_month: second ? 2 : 1, last_period_in_month: second ? 1 : 0 };
  }
  const step = STEP_DAYS[frequency];
  return {
    periods_per_year,
    period_in_month: Math.floor((dayOf(period.end) - 1) / step) + 1,
    last_period_in_month: monthOf(addDays(period.end, step)) === monthOf(period.end) ? 0 : 1,
  };
}
