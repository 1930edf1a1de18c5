/** Calendar months as their first day (YYYY-MM-01), for figures summed by month. */
export const monthStart = (date: string) => `${date.slice(0, 8)}01`;
/** The first day of the month `months` before (negative) or after the month of `date`. */
export function addMonths(date: string, months: number): string {
  const [year, month] = date.split("-").map(Number);
  const index = year * 12 + month - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}
