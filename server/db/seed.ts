import { count } from "drizzle-orm";
import { ACCESS_LEVEL, PERMISSIONS } from "../../contracts/permissions";
import type { HashingCost } from "../lib/passwords";
import { createUserRecord } from "../modules/users/service";
import { setSetting } from "../modules/settings/service";
import type { Db } from "./client";
import { roles, users } from "./schema";

export const DEMO_LOGINS = [
  { email: "admin@example.com", password: "Admin123!", label: "super administrator" },
  { email: "hr@example.com", password: "Hr123456!", label: "HR officer" },
  { email: "employee@example.com", password: "Employee123!", label: "employee" },
] as const;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row.n) === 0;
}

/** The demo company of a first start: three logins, their roles, and the contact shown on the sign-in screen. */
export async function seedDemo(db: Db, cost: HashingCost, now: Date): Promise<void> {
  const [adminRole, hrRole, employeeRole] = await db
    .insert(roles)
    .values([
      { name: "Administrator", description: "Full access to every area", permissions: [...PERMISSIONS] },
      {
        name: "HR Officer",
        description: "Runs attendance and its reports",
        permissions: ["attendance_access", "attendance_reports_access", "attendance_admin_access"],
      },
      { name: "Employee", description: "Own attendance, payslips and profile", permissions: ["attendance_access"] },
    ])
    .returning();
  const [admin, hr, employee] = DEMO_LOGINS;
  const company = { currency: "USD", employment_type: "full_time" as const, pay_basis: "monthly" as const };
  await createUserRecord(
    db,
    {
      ...company,
      first_name: "Alex",
      last_name: "Admin",
      email: admin.email,
      password: admin.password,
      access_level: ACCESS_LEVEL.SUPER_ADMIN,
      role_id: adminRole.id,
      employee_number: "E-0001",
      department: "Management",
      position: "Managing Director",
      hire_date: "2019-04-01",
      base_rate: 950000,
    },
    cost,
    now,
  );
  await createUserRecord(
    db,
    {
      ...company,
      first_name: "Harper",
      last_name: "Reyes",
      email: hr.email,
      password: hr.password,
      access_level: ACCESS_LEVEL.STAFF,
      role_id: hrRole.id,
      employee_number: "E-0002",
      department: "People",
      position: "HR Officer",
      hire_date: "2021-09-15",
      base_rate: 520000,
    },
    cost,
    now,
  );
  await createUserRecord(
    db,
    {
      ...company,
      first_name: "Emery",
      last_name: "Santos",
      email: employee.email,
      password: employee.password,
      access_level: ACCESS_LEVEL.EMPLOYEE,
      role_id: employeeRole.id,
      employee_number: "E-0003",
      department: "Operations",
      position: "Operations Associate",
      hire_date: "2024-02-05",
      pay_basis: "hourly",
      base_rate: 2250,
    },
    cost,
    now,
  );
  await setSetting(db, "company_name", "Paydesk Demo Co.", now);
  // Not a sign-in address: publishing a login on the sign-in page invites guessing at it.
  await setSetting(db, "admin_contact", "it-help@example.com", now);
}
