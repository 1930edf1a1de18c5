/**
 * The callers payroll's access matrices try each endpoint with: signed out,
 * an employee, staff with other work (people, pay on records, attendance),
 * staff holding one payroll permission each, staff given payslips alone
 * (their three permissions, none of the runs'), and level 0.
 */
import type { Permission } from "../../contracts/permissions";
import type { TestApp } from "./api";
import { employeeSignedIn, staffWith } from "./people";

export type PayrollCaller = "anonymous" | "employee" | "unrelated" | "viewer" | "manager" | "releaser" | "payslips" | "admin";
export const PAYROLL_CALLERS: PayrollCaller[] = ["anonymous", "employee", "unrelated", "viewer", "manager", "releaser", "payslips", "admin"];
export const PAYROLL_READERS: PayrollCaller[] = ["viewer", "manager", "releaser", "admin"];
export const PAYROLL_MANAGERS: PayrollCaller[] = ["manager", "admin"];
export const PAYROLL_RELEASERS: PayrollCaller[] = ["releaser", "admin"];
/** Payslips are also read, edited and withdrawn with the payslips_* permissions, without the runs'. */
export const PAYSLIP_READERS: PayrollCaller[] = [...PAYROLL_READERS, "payslips"];
export const PAYSLIP_EDITORS: PayrollCaller[] = [...PAYROLL_MANAGERS, "payslips"];
export const PAYSLIP_WITHDRAWERS: PayrollCaller[] = [...PAYROLL_RELEASERS, "payslips"];

/** Each caller's token (null when signed out). */
export async function payrollCallerTokens(t: TestApp, admin: string): Promise<Record<PayrollCaller, string | null>> {
  const staff = async (permissions: Permission[]) => (await staffWith(t, admin, permissions)).token;
  return {
    anonymous: null,
    employee: (await employeeSignedIn(t, admin)).token,
    unrelated: await staff(["users_view", "users_pay_view", "attendance_admin_access", "attendance_reports_access"]),
    viewer: await staff(["payroll_view"]),
    manager: await staff(["payroll_manage"]),
    releaser: await staff(["payroll_release"]),
    payslips: await staff(["payslips_view", "payslips_manage", "payslips_release"]),
    admin,
  };
}
