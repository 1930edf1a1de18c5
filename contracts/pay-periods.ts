/**
 * The pay periods of a frequency, as a payroll office lays them out: monthly
 * runs cover calendar months, semi-monthly ones the 1st–15th and the
 * 16th–month's end, weekly and bi-weekly ones 7 and 14 days from where the
 * last run ended (or from a Monday). Creating a run proposes the next one;
 * a period that is not one of them is worth a warning, not a refusal (a
 * first run after a change of frequency, a run for new starters).
 */
import type { PAY_DAY_RULES, PAY_FREQUENCIES } from "./settings";

export type PayFrequency = (typeof PAY_FREQUENCIES)[number];
export type PayDayRule = (typeof PAY_DAY_RULES)[number];

export interface PayPeriod {
  period_start: string;
  period_end: string;
}

const DAY_MS = 86_400_000;
const time = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => isoDate(time(date) + days * DAY_MS);
const dayOf = (date: string) => Number(date.slice(8, 10));
const monthEnd = (date: string) => {
  const [year, month] = date.split("-").map(Number);
  return isoDate(Date.UTC(year, month, 0));
};
const withDay = (date: string, day: number) => `${date.slice(0, 8)}${String(Math.min(day, dayOf(monthEnd(date)))).padStart(2, "0")}`;
/** 0 for Sunday … 6 for Saturday. */
const weekday = (date: string) => new Date(time(date)).getUTCDay();
const LENGTH_IN_DAYS = { weekly: 7, biweekly: 14 } as const;

/** The period of the frequency that starts on `start`. */
export function periodFrom(frequency: PayFrequency, start: string): PayPeriod {
  if (frequency === "monthly") return { period_start: start, period_end: monthEnd(start) };
  if (frequency === "semi_monthly") return { period_start: start, period_end: dayOf(start) <= 15 ? withDay(start, 15) : monthEnd(start) };
  return { period_start: start, period_end: addDays(start, LENGTH_IN_DAYS[frequency] - 1) };
}

/** The last whole period of the frequency before `today`: a first run pays what has been worked. */
function lastEndedPeriod(frequency: PayFrequency, today: string): PayPeriod {
  if (frequency === "monthly") return periodFrom("monthly", withDay(addDays(withDay(today, 1), -1), 1));
  if (frequency === "semi_monthly") {
    const start = dayOf(today) > 15 ? withDay(today, 1) : withDay(addDays(withDay(today, 1), -1), 16);
    return periodFrom("semi_monthly", start);
  }
  // Weeks run Monday to Sunday: the ones ending on the Sunday before today.
  const lastSunday = addDays(today, -(weekday(today) || 7));
  return periodFrom(frequency, addDays(lastSunday, 1 - LENGTH_IN_DAYS[frequency]));
}

/** The period after the latest regular run's (ending `latestEnd`), or the last ended one when there is no run yet. */
export function nextPayPeriod(frequency: PayFrequency, latestEnd: string | undefined, today: string): PayPeriod {
  return latestEnd ? periodFrom(frequency, addDays(latestEnd, 1)) : lastEndedPeriod(frequency, today);
}

/** Whether a period is one of the frequency's: a calendar month, a half month, or 7 or 14 days. */
export function periodFits(frequency: PayFrequency, period: PayPeriod): boolean {
  const { period_start: start, period_end: end } = period;
  if (frequency === "monthly") return dayOf(start) === 1 && end === monthEnd(start);
  if (frequency === "semi_monthly") return (dayOf(start) === 1 || dayOf(start) === 16) && end === periodFrom("semi_monthly", start).period_end;
  return end === periodFrom(frequency, start).period_end;
}

/**
 * The pay date the payroll settings give a period: its last day; its last
 * weekday (Saturday and Sunday move back to Friday); or day N of the month it
 * ends in (the month's last day when shorter), the next month's when that is
 * before the period starts.
 */
export function payDateFor(rule: PayDayRule, dayOfMonth: number, period: PayPeriod): string {
  const end = period.period_end;
  if (rule === "last_day") return end;
  if (rule === "last_working_day") return addDays(end, -({ 0: 2, 6: 1 }[weekday(end)] ?? 0));
  const fixed = withDay(end, dayOfMonth);
  return fixed >= period.period_start ? fixed : withDay(addDays(monthEnd(end), 1), dayOfMonth);
}

/**
 * The attendance a run of `period` pays when attendance closes `cutoffDays` before the period ends: the same span moved back,
 * so one run's window ends the day before the next one's starts (and no day is paid twice or left out).
 */
export function attendanceWindowFor(period: PayPeriod, cutoffDays: number): PayPeriod {
  return { period_start: addDays(period.period_start, -cutoffDays), period_end: addDays(period.period_end, -cutoffDays) };
}

/**
 * The days of a run's attendance window not over yet on `today` (today included: people may still clock in), or null once it
 * has ended: what releasing the run must be confirmed for, as time recorded on them afterwards is not the run's to pay.
 */
export function openAttendanceDays(run: { attendance_start: string; attendance_end: string }, today: string): { from: string; to: string } | null {
  if (run.attendance_end < today) return null;
  return { from: run.attendance_start > today ? run.attendance_start : today, to: run.attendance_end };
}
