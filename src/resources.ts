import type { ComponentType } from "react";
import { DashboardOutlined, FileTextOutlined, HistoryOutlined, HomeOutlined, SafetyCertificateOutlined, TeamOutlined } from "@ant-design/icons";
import type { PermissionMap } from "../contracts/permissions";
import type { Action } from "../contracts/policies";
import { actionGuard, superAdminEntryGuard } from "./routing/guards";

/** Who may open a resource: the route guard refuses typed URLs, access control hides menus and buttons. */
export type ResourceAccess =
  /** The spec's dashboard entry guard: level 0 only, others to their own dashboard. */
  | { superAdminOnly: true }
  /** The action the list needs, decided by the same can() as the server. */
  | { action: Action }
  /** Every signed-in person. */
  | { everyone: true };

export interface AppResource {
  /** Refine's name, and the API path under /api the data provider calls. */
  name: string;
  list: string;
  create?: string;
  edit?: string;
  show?: string;
  labelKey: string;
  icon: ComponentType;
  access: ResourceAccess;
  /** Actions of the resource's buttons (create, edit, delete), for access control. */
  actions?: Partial<Record<"create" | "edit" | "delete", Action>>;
  /** In the menu (false for screens reached from another one). */
  menu?: boolean;
}

/** The one list of resources: routes match the spec's paths. */
export const RESOURCES: readonly AppResource[] = [
  { name: "dashboard", list: "/dashboard", labelKey: "menu.dashboard", icon: DashboardOutlined, access: { superAdminOnly: true } },
  { name: "user-dashboard", list: "/user-dashboard", labelKey: "menu.userDashboard", icon: HomeOutlined, access: { everyone: true } },
  { name: "user-payslips", list: "/user-payslips", labelKey: "menu.userPayslips", icon: FileTextOutlined, access: { everyone: true } },
  {
    name: "users",
    list: "/employees",
    create: "/employees/create",
    edit: "/employees/:id/edit",
    show: "/employee-profile/:id",
    labelKey: "menu.employees",
    icon: TeamOutlined,
    access: { action: "users.list" },
    actions: { create: "users.create", edit: "users.update", delete: "users.delete" },
  },
  {
    name: "roles",
    list: "/roles",
    labelKey: "menu.roles",
    icon: SafetyCertificateOutlined,
    access: { action: "roles.list" },
    actions: { create: "roles.create", edit: "roles.update", delete: "roles.delete" },
  },
  {
    name: "dashboard/system-activities",
    list: "/dashboard/system-activities",
    labelKey: "menu.systemActivities",
    icon: HistoryOutlined,
    access: { superAdminOnly: true },
  },
];

export function findResource(name: string | undefined): AppResource | undefined {
  return RESOURCES.find((resource) => resource.name === name);
}

/** Where a user who may not open the resource is sent, or null when they may. */
export function accessRedirect(access: ResourceAccess, me: { id: number; access_level: number }, permissions: PermissionMap): string | null {
  if ("superAdminOnly" in access) return superAdminEntryGuard(me);
  if ("action" in access) return actionGuard(me, permissions, access.action);
  return null;
}
