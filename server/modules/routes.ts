/** Every module's routes, registered under /api behind the policy gate: a new module adds its line here. */
import { activitiesRoutes } from "./activities/routes";
import { attendanceReportRoutes } from "./attendance/report-routes";
import { attendanceRoutes } from "./attendance/routes";
import { authRoutes } from "./auth/routes";
import { companyRoutes } from "./company/routes";
import { dashboardAdminRoutes } from "./dashboard/admin-routes";
import { dashboardOwnRoutes } from "./dashboard/own-routes";
import { filesRoutes } from "./files/routes";
import { holidaysRoutes } from "./holidays/routes";
import { jobsRoutes } from "./jobs/routes";
import { leaveTypeRoutes } from "./leave/type-routes";
import { locationsRoutes } from "./locations/routes";
import { meRoutes } from "./me/routes";
import { notificationsRoutes } from "./notifications/routes";
import { payRateRoutes } from "./payroll/pay-rate-routes";
import { payrollRoutes } from "./payroll/routes";
import { payslipEditRoutes } from "./payslips/edit-routes";
import { payrollSheetRoutes } from "./payroll/sheet-routes";
import { paySetupRoutes } from "./payroll/setup-routes";
import { payslipDeliveryRoutes } from "./payslips/routes";
import { rolesRoutes } from "./roles/routes";
import { schedulesRoutes } from "./schedules/routes";
import { settingsRoutes } from "./settings/routes";
import { systemRoutes } from "./system/routes";
import { backupRoutes } from "./backups/routes";
import { usersRoutes } from "./users/routes";

export const API_ROUTES = [authRoutes, settingsRoutes, filesRoutes, usersRoutes, meRoutes, rolesRoutes, activitiesRoutes, jobsRoutes, locationsRoutes, companyRoutes, notificationsRoutes, attendanceRoutes, attendanceReportRoutes, schedulesRoutes, holidaysRoutes, paySetupRoutes, payrollRoutes, payslipEditRoutes, payrollSheetRoutes, payslipDeliveryRoutes, payRateRoutes, dashboardAdminRoutes, dashboardOwnRoutes, systemRoutes, backupRoutes, leaveTypeRoutes];
