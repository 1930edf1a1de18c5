/**
 * The one list of resources: Refine's resources, the routes and their guards,
 * the menu and the access control all read it. Routes are the spec's paths.
 *
 * Adding a resource to the app: its pages in src/pages/<resource>/ with an
 * index.ts exporting them as list, create, edit, show; one entry below (API
 * path, routes, menu label, icon and group, the policy action of each verb);
 * its label in every locales/<language>.json. Pages link with pagePath().
 */
import {
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  CalculatorOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  CoffeeOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  HistoryOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SlidersOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import type { RunStatus } from "../../contracts/payroll";
import { ACCESS_LEVEL } from "../../contracts/permissions";
import { ROUTES } from "../routing/guards";
import type { ComponentType } from "react";
import type { MessageKey } from "../../locales/keys";
import { defineResource, type Access, type MenuGroup, type PageVerb, type ResourceDefinition } from "./define";

/**
 * The menu's headings, as an HR office groups its work; a heading shows only
 * with a resource under it. Named apart from resources, which take API names.
 */
export const MENU_GROUPS = {
  employeeManagement: { name: "group:employee-management", labelKey: "menu.groups.employeeManagement", icon: TeamOutlined, path: "/employee-management" },
  payrollManagement: { name: "group:payroll-management", labelKey: "menu.groups.payrollManagement", icon: WalletOutlined, path: "/payroll-management" },
  attendance: { name: "group:attendance", labelKey: "menu.groups.attendance", icon: ClockCircleOutlined },
  leave: { name: "group:leave", labelKey: "menu.groups.leave", icon: CoffeeOutlined },
  notifications: { name: "group:notifications", labelKey: "menu.groups.notifications", icon: BellOutlined },
  settings: { name: "group:settings", labelKey: "menu.groups.settings", icon: SettingOutlined, path: "/settings" },
} as const satisfies Record<string, MenuGroup>;

type SettingsPage = keyof typeof import("../pages/settings");

/**
 * A page of the Settings group: one form, no records; all of them one small
 * chunk, loaded with the first. Its route is /settings/<name> unless given.
 */
function settingsResource(name: string, page: SettingsPage, labelKey: MessageKey, icon: ComponentType, list: Access, route = `/settings/${name}`): ResourceDefinition {
  return defineResource({
    name,
    routes: { list: route },
    pages: async () => ({ list: (await import("../pages/settings"))[page] }),
    labelKey,
    icon,
    group: MENU_GROUPS.settings,
    access: { list },
  });
}

export const RESOURCES: readonly ResourceDefinition[] = [
  defineResource({
    name: "dashboard",
    routes: { list: ROUTES.dashboard },
    pages: () => import("../pages/dashboard"),
    labelKey: "menu.dashboard",
    icon: DashboardOutlined,
    access: { list: "superAdmin" },
    refusedTo: ROUTES.userDashboard,
  }),
  defineResource({
    name: "user-dashboard",
    routes: { list: ROUTES.userDashboard },
    pages: () => import("../pages/user-dashboard"),
    labelKey: "menu.userDashboard",
    icon: HomeOutlined,
    access: { list: "everyone" },
  }),
  defineResource({
    name: "user-payslips",
    routes: { list: ROUTES.userPayslips },
    pages: () => import("../pages/user-payslips"),
    labelKey: "menu.userPayslips",
    icon: FileTextOutlined,
    access: { list: "everyone" },
  }),
  defineResource({
    name: "users",
    api: "users",
    routes: { list: "/employees", create: "/employees/create", edit: "/employees/:id/edit", show: "/employee-profile/:id" },
    // archived=1: the archived people, a list of their own.
    listParams: ["archived"],
    pages: () => import("../pages/users"),
    labelKey: "menu.employees",
    icon: UserOutlined,
    group: MENU_GROUPS.employeeManagement,
    access: { list: "users.list", show: "users.view", create: "users.create", edit: "users.update", delete: "users.delete" },
    // Rows do not carry their role's permissions, and a route only the id: the
    // grant (one's own record included) is decided here; the powers a person
    // holds are checked by the server once the record is loaded.
    subject: (record) => ({ id: Number(record.id), access_level: Number(record.access_level ?? ACCESS_LEVEL.EMPLOYEE), role_permissions: [] }),
  }),
  defineResource({
    name: "roles",
    api: "roles",
    routes: { list: "/roles" },
    pages: () => import("../pages/roles"),
    labelKey: "menu.roles",
    icon: SafetyCertificateOutlined,
    group: MENU_GROUPS.employeeManagement,
    // Created, opened and edited in a dialog on the list: no routes of their own.
    access: { list: "roles.list", show: "roles.view", create: "roles.create", edit: "roles.update", delete: "roles.delete" },
    subject: (record) => ({ permissions: Array.isArray(record.permissions) ? (record.permissions as string[]) : [] }),
  }),
  defineResource({
    name: "payroll",
    api: "payroll",
    routes: { list: "/payroll", show: "/payroll/:id" },
    pages: () => import("../pages/payroll"),
    labelKey: "menu.payroll",
    icon: WalletOutlined,
    group: MENU_GROUPS.payrollManagement,
    // Created in a dialog on the list; calculated, approved and released from the run's review page.
    access: { list: "payroll.list", show: "payroll.view", create: "payroll.create", delete: "payroll.delete" },
    subject: (record) => ({
      status: record.status as RunStatus,
      calculated_by: (record.calculated as { by?: number } | null)?.by ?? null,
      separate_approver: record.separate_approver === true,
    }),
  }),
  defineResource({
    name: "payslips",
    api: "payslips",
    routes: { list: "/payslips" },
    pages: () => import("../pages/payslips"),
    labelKey: "menu.payslips",
    icon: FileTextOutlined,
    group: MENU_GROUPS.payrollManagement,
    access: { list: "payslips.list", show: "payslips.view" },
  }),
  defineResource({
    name: "pay-components",
    api: "pay-components",
    // The spec's /deductions: earnings and deductions, with rate tables and overrides on tabs beside them.
    routes: { list: "/deductions" },
    pages: () => import("../pages/pay-components"),
    labelKey: "menu.deductions",
    icon: CalculatorOutlined,
    group: MENU_GROUPS.payrollManagement,
    access: { list: "payComponents.list", show: "payComponents.view", create: "payComponents.create", edit: "payComponents.update", delete: "payComponents.delete" },
  }),
  defineResource({
    name: "rate-tables",
    api: "rate-tables",
    // A tab of /deductions: no page or menu entry of its own.
    routes: {},
    pages: async () => ({}),
    labelKey: "payrollUi.tables.title",
    icon: CalculatorOutlined,
    access: { list: "payComponents.list", show: "payComponents.view", create: "payComponents.create", edit: "payComponents.update", delete: "payComponents.delete" },
  }),
  defineResource({
    name: "pay-overrides",
    api: "pay-overrides",
    // A tab of /deductions: no page or menu entry of its own.
    routes: {},
    pages: async () => ({}),
    labelKey: "payrollUi.overrides.title",
    icon: CalculatorOutlined,
    access: { list: "payComponents.list", show: "payComponents.view", create: "payComponents.create", edit: "payComponents.update", delete: "payComponents.delete" },
  }),
  defineResource({
    name: "attendance",
    routes: { list: "/attendance" },
    pages: async () => ({ list: (await import("../pages/attendance")).overview }),
    labelKey: "menu.attendance",
    icon: ClockCircleOutlined,
    group: MENU_GROUPS.attendance,
    access: { list: "attendance.clock" },
  }),
  defineResource({
    name: "attendance-history",
    api: "attendance/history",
    routes: { list: "/attendance/history" },
    pages: async () => ({ list: (await import("../pages/attendance")).history }),
    labelKey: "menu.attendanceHistory",
    icon: CalendarOutlined,
    group: MENU_GROUPS.attendance,
    access: { list: "attendance.clock" },
  }),
  defineResource({
    name: "attendance-clock",
    routes: { list: "/attendance/clock" },
    // The clock alone (a phone on the way in): not the tables and date pickers of the overview and history.
    pages: async () => ({ list: (await import("../pages/attendance/clock")).default }),
    labelKey: "menu.attendanceClock",
    icon: FieldTimeOutlined,
    group: MENU_GROUPS.attendance,
    access: { list: "attendance.clock" },
  }),
  defineResource({
    name: "attendance-reports",
    api: "attendance/reports",
    // The report's range is the API's own from= and to=.
    listParams: ["from", "to"],
    exportApi: "attendance/reports/export",
    routes: { list: "/attendance/reports" },
    pages: () => import("../pages/attendance-reports"),
    labelKey: "menu.attendanceReports",
    icon: BarChartOutlined,
    group: MENU_GROUPS.attendance,
    access: { list: "attendance.reports" },
  }),
  defineResource({
    name: "user-attendance",
    api: "attendance/user-attendance",
    routes: { list: "/user-attendance" },
    pages: () => import("../pages/user-attendance"),
    labelKey: "userAttendance.menu",
    icon: SolutionOutlined,
    group: MENU_GROUPS.attendance,
    access: { list: "attendance.viewAnyone" },
    // The person whose days are listed: the API's own `user_id=`.
    listParams: ["user_id"],
  }),
  defineResource({
    name: "locations",
    api: "locations",
    routes: { list: "/attendance/locations" },
    pages: () => import("../pages/locations"),
    labelKey: "menu.locations",
    icon: EnvironmentOutlined,
    group: MENU_GROUPS.attendance,
    // Created and edited in a dialog on the list.
    access: { list: "locations.list", show: "locations.view", create: "locations.create", edit: "locations.update", delete: "locations.delete" },
  }),
  defineResource({
    name: "schedules",
    api: "schedules",
    routes: { list: "/attendance/schedules" },
    pages: () => import("../pages/schedules"),
    labelKey: "menu.schedules",
    icon: ScheduleOutlined,
    group: MENU_GROUPS.attendance,
    // Created and edited in a dialog on the list, people assigned in a drawer beside it.
    access: { list: "schedules.list", show: "schedules.view", create: "schedules.create", edit: "schedules.update", delete: "schedules.delete" },
  }),
  defineResource({
    name: "holidays",
    api: "holidays",
    // Listed and edited on a tab of the schedules page: no page or menu entry of its own.
    routes: {},
    pages: async () => ({}),
    labelKey: "schedulesUi.holidays.title",
    icon: CalendarOutlined,
    access: { list: "holidays.list", show: "holidays.view", create: "holidays.create", edit: "holidays.update", delete: "holidays.delete" },
  }),
  defineResource({
    name: "leave",
    routes: { list: "/leave" },
    pages: async () => ({ list: (await import("../pages/leave")).own }),
    labelKey: "menu.myLeave",
    icon: CoffeeOutlined,
    group: MENU_GROUPS.leave,
    access: { list: "everyone" },
  }),
  defineResource({
    name: "leave-approvals",
    // The request a notification names: ?request=.
    routes: { list: "/leave/approvals" },
    pages: async () => ({ list: (await import("../pages/leave")).approvals }),
    labelKey: "menu.leaveApprovals",
    icon: CheckSquareOutlined,
    group: MENU_GROUPS.leave,
    access: { list: "leaveApprover" },
  }),
  defineResource({
    name: "leave-calendar",
    routes: { list: "/leave/calendar" },
    pages: async () => ({ list: (await import("../pages/leave")).calendar }),
    labelKey: "menu.leaveCalendar",
    icon: CalendarOutlined,
    group: MENU_GROUPS.leave,
    access: { list: "everyone" },
  }),
  defineResource({
    name: "leave-balances",
    routes: { list: "/leave/balances" },
    pages: async () => ({ list: (await import("../pages/leave")).balances }),
    labelKey: "menu.leaveBalances",
    icon: BarChartOutlined,
    group: MENU_GROUPS.leave,
    access: { list: "leaveBalances.adjust" },
  }),
  defineResource({
    name: "leave-requests",
    api: "leave-requests",
    // The lists of the pages above: no page or menu entry of its own. Whose requests (scope) and a month (from, to) are the API's own parameters.
    listParams: ["scope", "from", "to"],
    routes: {},
    pages: async () => ({}),
    labelKey: "leave.own.requests",
    icon: CoffeeOutlined,
    access: { list: "leaveRequests.list", show: "leaveRequests.view" },
    subject: (record) => ({ user_id: Number((record.user as { id?: number } | undefined)?.id ?? record.user_id), manager_id: null }),
  }),
  defineResource({
    name: "leave-types",
    api: "leave-types",
    routes: { list: "/leave/types" },
    pages: () => import("../pages/leave-types"),
    labelKey: "menu.leaveTypes",
    icon: CoffeeOutlined,
    group: MENU_GROUPS.leave,
    // Created and edited in a dialog on the list.
    access: { list: "leaveTypes.list", show: "leaveTypes.view", create: "leaveTypes.create", edit: "leaveTypes.update", delete: "leaveTypes.delete" },
  }),
  defineResource({
    name: "notifications",
    api: "notifications",
    routes: { list: "/notifications", show: "/notifications/:id" },
    pages: () => import("../pages/notifications"),
    labelKey: "menu.notifications",
    icon: BellOutlined,
    group: MENU_GROUPS.notifications,
    // Marked read and archived by the bulk calls (notifications.update, no PUT of a record), deleted one by one;
    // a broadcast is sent from the list.
    access: { list: "notifications.list", show: "notifications.view", delete: "notifications.delete" },
    // The list's status filter is the API's own `status=` parameter.
    listParams: ["status"],
  }),
  settingsResource("company-profile", "companyProfile", "menu.companyProfile", BankOutlined, "company.update"),
  settingsResource("payroll-settings", "payrollSettings", "menu.payrollSettings", CalculatorOutlined, "settings.viewPayroll"),
  settingsResource("user-preferences", "userPreferences", "menu.userPreferences", SlidersOutlined, "everyone"),
  settingsResource("system-settings", "systemSettings", "menu.systemSettings", ToolOutlined, "settings.view"),
  // The spec's /settings/notifications: the company's defaults (one's own notifications are /notifications).
  settingsResource("notification-settings", "notificationDefaults", "menu.notificationSettings", BellOutlined, "settings.view", "/settings/notifications"),
  // The spec's /settings-test: the installation's health, level 0 only (its own chunk: no settings form).
  defineResource({
    name: "system-check",
    api: "system/check",
    routes: { list: "/settings-test" },
    pages: () => import("../pages/system-check"),
    labelKey: "systemCheck.menu",
    icon: MedicineBoxOutlined,
    group: MENU_GROUPS.settings,
    access: { list: "system.check" },
  }),
  defineResource({
    name: "activities",
    api: "dashboard/system-activities",
    routes: { list: "/dashboard/system-activities" },
    pages: () => import("../pages/activities"),
    labelKey: "menu.systemActivities",
    icon: HistoryOutlined,
    access: { list: "activities.list" },
    refusedTo: ROUTES.userDashboard,
  }),
];

export function findResource(name: string | undefined): ResourceDefinition | undefined {
  return RESOURCES.find((resource) => resource.name === name);
}

/** The groups that have a resource, in menu order, each with its resources. */
export function groupsInUse(): { group: MenuGroup; resources: ResourceDefinition[] }[] {
  return Object.values(MENU_GROUPS)
    .map((group: MenuGroup) => ({ group, resources: RESOURCES.filter((resource) => resource.group === group) }))
    .filter(({ resources }) => resources.length > 0);
}

/** The API path of a Refine resource: its declared one, else its name (Refine's convention). */
export function apiPath(name: string): string {
  return findResource(name)?.api ?? name;
}

/** The address of a resource's page, with the record's id where the route has one. */
export function pagePath(name: string, verb: PageVerb, id?: number | string): string {
  const route = findResource(name)?.routes[verb];
  if (!route) throw new Error(`The resource "${name}" has no ${verb} page`);
  return id === undefined ? route : route.replace(":id", encodeURIComponent(String(id)));
}
