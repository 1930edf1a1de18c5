/** Calendar arithmetic on YYYY-MM-DD dates, as leave counts it (no time of day, no zone). */

/** The date `months` later, on the same day of the month or its last day (2026-01-31 + 1 month: 2026-02-28). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, "0")}-${String(targetMonth).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

export const yearOf = (date: string): number => Number(date.slice(0, 4));

/** The first and last day of a month. */
export function monthBounds(year: number, month: number): { first: string; last: string } {
  const pad = (value: number) => String(value).padStart(2, "0");
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${year}-${pad(month)}-01`, last: `${year}-${pad(month)}-${pad(lastDay)}` };
}
