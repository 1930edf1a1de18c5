/**
 * The administrator's dashboard (/dashboard): its quick stats, charts, the
 * list of who is clocked in and the storage figures. Money is integer minor
 * units with its currency; sizes are bytes; dates are YYYY-MM-DD in the
 * company's time zone.
 */
import { z } from "zod";
import { RUN_STATUSES } from "./payroll";
import { cappedList, isoTimestamp } from "./replies";

const count = z.number().int().nonnegative();
const minor = z.number().int();
const calendarDate = z.string();

export const adminStats = z.object({
  /** Today in the company's zone: what "now" and "this month" mean below. */
  today: calendarDate,
  /** People on the books (not archived, not terminated); hired this month counts the whole calendar month, as the new hires widget does. */
  headcount: z.object({ active: count, on_leave: count, new_this_month: count }),
  /** Right now: clocked in (on a break or not), on a break, and today's late and absent so far (as the attendance exceptions count them). */
  now: z.object({ clocked_in: count, on_break: count, late: count, absent: count }),
  /** The newest run not yet released, else the newest run; null before the first. */
  current_run: z
    .object({
      id: z.number().int(),
      name: z.string(),
      status: z.enum(RUN_STATUSES),
      period_start: calendarDate,
      period_end: calendarDate,
      pay_date: calendarDate,
      currency: z.string(),
      total_people: count,
      total_gross: minor,
      total_net: minor,
      total_employer_cost: minor,
    })
    .nullable(),
  unread_notifications: count,
});
export type AdminStats = z.infer<typeof adminStats>;

const departmentHeadcount = z.object({ department: z.string().nullable(), people: count });
const attendanceRateDay = z.object({
  date: calendarDate,
  present: count,
  late: count,
  half_day: count,
  absent: count,
  /** Days worked out of days due, in basis points (9,250 is 92.50 %); null when nobody was due. */
  rate_bp: z.number().int().nullable(),
  /** Of the days worked, those begun late, in basis points; null when nobody worked. */
  late_bp: z.number().int().nullable(),
});
const payrollCostMonth = z.object({ month: calendarDate, gross: minor, net: minor, employer_cost: minor, runs: count });
const departmentOvertime = z.object({ department: z.string().nullable(), overtime_minutes: count, people: count });

export const adminCharts = z.object({
  today: calendarDate,
  headcount_by_department: z.array(departmentHeadcount),
  /** The last 30 days up to today. */
  attendance_by_day: z.array(attendanceRateDay),
  /** Released runs in the company currency by the month of their pay date, the last 12 months up to this one, oldest first; months without a run are there with zeros. */
  payroll_cost_by_month: z.object({ currency: z.string(), months: z.array(payrollCostMonth) }),
  /** This month's overtime, days closed so far. */
  overtime_by_department: z.object({ month: calendarDate, departments: z.array(departmentOvertime) }),
});
export type AdminCharts = z.infer<typeof adminCharts>;

const clockedInPerson = z.object({
  user_id: z.number().int(),
  name: z.string(),
  employee_number: z.string().nullable(),
  department: z.string().nullable(),
  since: isoTimestamp,
  on_break_since: isoTimestamp.nullable(),
  remote: z.boolean(),
  location: z.string().nullable(),
});
export const clockedInReply = cappedList(clockedInPerson);
export type ClockedInReply = z.infer<typeof clockedInReply>;

export const storageInfo = z.object({
  database: z.object({
    engine: z.enum(["pglite", "postgresql"]),
    total_bytes: count,
    /** Tables with their indexes and TOAST, largest first. */
    tables: z.array(
      z.object({
        name: z.string(),
        bytes: count,
        /** Counted exactly for a small table (rows_exact), else the planner's estimate; null before a large one was first analysed. */
        rows: count.nullable(),
        rows_exact: z.boolean(),
      }),
    ),
  }),
  files: z.object({ count, bytes: count }),
  outbox: z.object({ count, bytes: count, pending: count }),
});
export type StorageInfo = z.infer<typeof storageInfo>;
