import { definePolicy } from "./core";

/**
 * The dashboards. One's own figures are everyone's; the administrator's
 * dashboard and its storage figures are level 0's (the spec's /dashboard
 * guard). The widgets staff see beside their own figures are granted by the
 * permission of the work they show, so the same endpoint serves both
 * dashboards.
 */
export const dashboardPolicy = definePolicy<never>()({
  rules: {
    own: { everyone: true },
    admin: { superAdminOnly: true },
    clockedIn: { permission: "attendance_reports_access" },
    attendanceExceptions: { permission: "attendance_reports_access" },
    awaitingApproval: { permission: "payroll_release" },
    newHires: { permission: "users_view" },
  },
});
