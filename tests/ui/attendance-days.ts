import type { AttendanceDay } from "../../contracts/attendance-reports";

/** A derived day as the attendance calls answer it: a scheduled working day with nothing worked, unless `changes` say otherwise. */
export const attendanceDay = (date: string, changes: Partial<AttendanceDay> = {}): AttendanceDay => ({
  user_id: 3,
  date,
  status: "present",
  holiday: null,
  schedule_id: 1,
  first_in: null,
  last_out: null,
  scheduled_minutes: 480,
  worked_minutes: 0,
  break_minutes: 0,
  late_minutes: 0,
  undertime_minutes: 0,
  overtime_minutes: 0,
  rest_day_minutes: 0,
  rest_day_overtime_minutes: 0,
  regular_holiday_minutes: 0,
  regular_holiday_overtime_minutes: 0,
  special_holiday_minutes: 0,
  special_holiday_overtime_minutes: 0,
  night_minutes: 0,
  crossed_minutes: 0,
  ...changes,
});
