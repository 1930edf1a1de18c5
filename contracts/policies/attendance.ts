import { definePolicy } from "./core";

/**
 * Attendance. People whose role grants attendance_access clock in and out and
 * see their own days, employees included (the spec's /attendance/clock).
 */
export const attendancePolicy = definePolicy<never>()({
  rules: {
    clock: { permission: "attendance_access", employeesToo: true },
  },
});
