/**
 * The demo company's holidays: the Philippines' national holidays of 2026 as
 * proclaimed, with their kinds, and the ones that fall on the same date every
 * year for the demo's other years (the movable ones need each year's own
 * proclamation). Data, not rules: an office elsewhere types its own.
 *
 * Sources: Proclamation No. 1006, s. 2025 (3 September 2025), "Declaring the
 * regular holidays and special (non-working) days for the year 2026";
 * Proclamation No. 1189, s. 2026 (Eid'l Fitr, Friday 20 March 2026) and
 * No. 1264, s. 2026 (Eid'l Adha, Wednesday 27 May 2026), each a regular
 * holiday. EDSA's anniversary (25 February 2026, a Wednesday) is a special
 * working day under Proclamation No. 1006.
 */
import type { HolidayKind } from "../../contracts/schedules";

export interface DemoHoliday {
  date: string;
  name: string;
  kind: HolidayKind;
}

export const PH_HOLIDAYS_2026: readonly DemoHoliday[] = [
  { date: "2026-01-01", name: "New Year's Day", kind: "regular" },
  { date: "2026-02-17", name: "Chinese New Year", kind: "special_non_working" },
  { date: "2026-02-25", name: "EDSA People Power Revolution Anniversary", kind: "special_working" },
  { date: "2026-03-20", name: "Eid'l Fitr", kind: "regular" },
  { date: "2026-04-02", name: "Maundy Thursday", kind: "regular" },
  { date: "2026-04-03", name: "Good Friday", kind: "regular" },
  { date: "2026-04-04", name: "Black Saturday", kind: "special_non_working" },
  { date: "2026-04-09", name: "Araw ng Kagitingan", kind: "regular" },
  { date: "2026-05-01", name: "Labor Day", kind: "regular" },
  { date: "2026-05-27", name: "Eid'l Adha", kind: "regular" },
  { date: "2026-06-12", name: "Independence Day", kind: "regular" },
  { date: "2026-08-21", name: "Ninoy Aquino Day", kind: "special_non_working" },
  { date: "2026-08-31", name: "National Heroes Day", kind: "regular" },
  { date: "2026-11-01", name: "All Saints' Day", kind: "special_non_working" },
  { date: "2026-11-02", name: "All Souls' Day", kind: "special_non_working" },
  { date: "2026-11-30", name: "Bonifacio Day", kind: "regular" },
  { date: "2026-12-08", name: "Feast of the Immaculate Conception", kind: "special_non_working" },
  { date: "2026-12-24", name: "Christmas Eve", kind: "special_non_working" },
  { date: "2026-12-25", name: "Christmas Day", kind: "regular" },
  { date: "2026-12-30", name: "Rizal Day", kind: "regular" },
  { date: "2026-12-31", name: "Last Day of the Year", kind: "special_non_working" },
];

/** The 2026 holidays that fall on the same month and day every year (EDSA's anniversary aside: its kind changes by the year's proclamation). */
const FIXED_EVERY_YEAR = new Set(["01-01", "04-09", "05-01", "06-12", "08-21", "11-01", "11-02", "11-30", "12-08", "12-24", "12-25", "12-30", "12-31"]);

/** The demo's holidays for the years from `from` to `to` (YYYY-MM-DD): the whole of 2026 as proclaimed, the fixed ones in any other year. */
export function demoHolidays(from: string, to: string): DemoHoliday[] {
  const years: number[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) years.push(year);
  return years.flatMap((year) =>
    year === 2026
      ? [...PH_HOLIDAYS_2026]
      : PH_HOLIDAYS_2026.filter((holiday) => FIXED_EVERY_YEAR.has(holiday.date.slice(5))).map((holiday) => ({ ...holiday, date: `${year}${holiday.date.slice(4)}` })),
  );
}
