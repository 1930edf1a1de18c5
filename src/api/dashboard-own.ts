/**
 * The employee's dashboard and the staff widgets (/api/dashboard/…): the
 * reads screens follow with Refine's useCustom (replies typed by
 * contracts/dashboard-own.ts).
 */
export const dashboardOwnPaths = {
  /** One's own figures. */
  quickStats: "/dashboard/quick-stats",
  attendanceExceptions: "/dashboard/attendance-exceptions",
  awaitingApproval: "/dashboard/awaiting-approval",
  newHires: "/dashboard/new-hires",
} as const;
