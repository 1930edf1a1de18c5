/**
 * The dashboards' reads (/api/dashboard/…), which screens follow with
 * Refine's useCustom (replies typed by contracts/dashboard.ts and
 * contracts/dashboard-own.ts).
 */
export const dashboardPaths = {
  /** One's own figures. */
  quickStats: "/dashboard/quick-stats",
  attendanceExceptions: "/dashboard/attendance-exceptions",
  awaitingApproval: "/dashboard/awaiting-approval",
  newHires: "/dashboard/new-hires",
  /** The administrator's. */
  adminStats: "/dashboard/admin-stats",
  adminCharts: "/dashboard/admin-dashboard",
  storage: "/dashboard/storage-info",
  clockedIn: "/dashboard/clocked-in",
} as const;
