import { DEFAULT_CONFIG, type Config } from "../../server/config";
import type { Db } from "../../server/db/client";
import { ACCESS_LEVEL, PERMISSIONS } from "../../contracts/permissions";
import type { HashingCost } from "../../server/lib/passwords";
import { DEMO_LOGINS, seedCompany } from "../../server/db/seed";
import type { Clock } from "../../server/lib/clock";

/**
 * What every API test starts from: the clock, the configuration and a small
 * company. Kept apart from the app harness (api.ts) so that the run's global
 * setup can seed its template database without loading the server.
 */

/** A clock tests move by hand, for expiry and throttling windows. */
export class TestClock implements Clock {
  constructor(private current = new Date("2026-03-02T09:00:00Z")) {}
  now() {
    return new Date(this.current);
  }
  advanceMinutes(minutes: number) {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...DEFAULT_CONFIG,
  dataDir: "/nonexistent",
  appUrl: "http://paydesk.test",
  appKey: "test-key",
  // The lightest argon2id the library accepts: tests check behaviour, not hashing cost.
  passwordHashing: { memoryCost: 1024, timeCost: 1 },
  ...overrides,
});

/**
 * The tests' own small company: the three demo logins and their three roles,
 * as the demo seed made them before it grew to forty people (tests count
 * people, roles and permissions, so the demo's size stays out of them).
 */
export function seedSmallCompany(db: Db, cost: HashingCost, now: Date): Promise<void> {
  const [admin, hr, employee] = DEMO_LOGINS;
  const company = { currency: "USD", employment_type: "full_time" as const, pay_basis: "monthly" as const };
  return seedCompany(
    db,
    {
      roles: {
        admin: { name: "Administrator", description: "Full access to every area", permissions: PERMISSIONS },
        hr: { name: "HR Officer", description: "Runs attendance and its reports", permissions: ["attendance_access", "attendance_reports_access", "attendance_admin_access"] },
        employee: { name: "Employee", description: "Own attendance, payslips and profile", permissions: ["attendance_access"] },
      },
      people: [
        {
          ...company,
          first_name: "Alex",
          last_name: "Admin",
          email: admin.email,
          password: admin.password,
          access_level: ACCESS_LEVEL.SUPER_ADMIN,
          role: "admin",
          employee_number: "E-0001",
          department: "Management",
          position: "Managing Director",
          hire_date: "2019-04-01",
          base_rate: 950000,
        },
        {
          ...company,
          first_name: "Harper",
          last_name: "Reyes",
          email: hr.email,
          password: hr.password,
          access_level: ACCESS_LEVEL.STAFF,
          role: "hr",
          employee_number: "E-0002",
          department: "People",
          position: "HR Officer",
          hire_date: "2021-09-15",
          base_rate: 520000,
        },
        {
          ...company,
          first_name: "Emery",
          last_name: "Santos",
          email: employee.email,
          password: employee.password,
          access_level: ACCESS_LEVEL.EMPLOYEE,
          role: "employee",
          employee_number: "E-0003",
          department: "Operations",
          position: "Operations Associate",
          hire_date: "2024-02-05",
          pay_basis: "hourly",
          base_rate: 2250,
        },
      ],
      profile: { legal_name: "Paydesk Demo Co.", currency: "USD", time_zone: "UTC" },
      system: { admin_contact: "it-help@example.com" },
    },
    cost,
    now,
  );
}

/** The small company as a test app sees it at start: hashed with `config`'s cost, created at the test clock's start. */
export function seedTestCompany(db: Db, config: Config = testConfig()): Promise<void> {
  return seedSmallCompany(db, config.passwordHashing, new TestClock().now());
}
