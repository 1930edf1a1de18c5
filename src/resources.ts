import type { ComponentType } from "react";
import { DashboardOutlined, FileTextOutlined, HomeOutlined } from "@ant-design/icons";
import type { PermissionMap } from "../contracts/permissions";
import { adminOnlyGuard, permissionGuard, superAdminEntryGuard } from "./routing/guards";

/** Who may open a resource: checked by the route guard and, for menus and buttons, by access control. */
export interface ResourceAccess {
  /** The dashboard's entry guard: level 0 only, others go to their own dashboard. */
  superAdminOnly?: boolean;
  /** Refuses access level 1 whatever its role says. */
  adminOnly?: boolean;
  /** A role permission the user needs (level 0 has them all). */
  permission?: string;
}

export interface AppResource {
  name: string;
  list: string;
  labelKey: string;
  icon: ComponentType;
  access: ResourceAccess;
}

/** The one list of resources: routes match the spec's paths. */
export const RESOURCES: readonly AppResource[] = [
  { name: "dashboard", list: "/dashboard", labelKey: "menu.dashboard", icon: DashboardOutlined, access: { superAdminOnly: true } },
  { name: "user-dashboard", list: "/user-dashboard", labelKey: "menu.userDashboard", icon: HomeOutlined, access: {} },
  { name: "user-payslips", list: "/user-payslips", labelKey: "menu.userPayslips", icon: FileTextOutlined, access: {} },
];

export function findResource(name: string | undefined): AppResource | undefined {
  return RESOURCES.find((resource) => resource.name === name);
}

/** Where a user who may not open the resource is sent, or null when they may. */
export function accessRedirect(access: ResourceAccess, me: { access_level: number }, permissions: PermissionMap): string | null {
  if (access.superAdminOnly) {
    const redirect = superAdminEntryGuard(me);
    if (redirect) return redirect;
  }
  if (access.adminOnly) {
    const redirect = adminOnlyGuard(me);
    if (redirect) return redirect;
  }
  if (access.permission) return permissionGuard(me, permissions, access.permission);
  return null;
}
