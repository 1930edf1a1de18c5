import { definePolicy } from "./core";

/**
 * Attendance. People whose role grants attendance_access clock in and out and
 * see their own days and schedule, employees included (the spec's
 * /attendance/clock and /attendance/history). Anyone's days and the reports
 * need attendance_reports_access (the spec's /user-attendance and
 * /attendance/reports), a staff permission.
 */
export const attendancePolicy = definePolicy<never>()({
  rules: {
    clock: { permission: "attendance_access", employeesToo: true },
    viewAnyone: { permission: "attendance_reports_access" },
    reports: { permission: "attendance_reports_access" },
    /** Entering, correcting and removing anyone's days, with a reason (the spec's attendance administrators). */
    correct: { permission: "attendance_admin_access" },
  },
});
