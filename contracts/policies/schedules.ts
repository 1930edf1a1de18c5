import { crudUnder, definePolicy } from "./core";

/**
 * Work schedules and who follows which (the spec's /attendance/schedules):
 * set up by whoever runs attendance. One's own schedule is read through
 * attendance.clock (GET /api/schedules/my-schedule).
 */
export const schedulesPolicy = definePolicy<unknown>()({
  rules: {
    ...crudUnder("attendance_admin_access"),
    /** Putting people on a schedule from a date on, or taking an assignment back. */
    assign: { permission: "attendance_admin_access" },
  },
});
