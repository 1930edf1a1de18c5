import { randomBytes } from "node:crypto";
import { count, sql } from "drizzle-orm";
import { BUILT_IN_ROLE_DESCRIPTIONS } from "../../contracts/built-in-roles";
import { ACCESS_LEVEL, PERMISSIONS, type Permission } from "../../contracts/permissions";
import { firstRatesFromRecords } from "../modules/payroll/pay-rates";
import { hashPassword, type HashingCost } from "../lib/passwords";
import type { SettingsValues } from "../../contracts/settings";
import type { Db } from "./client";
import { seedDemoAttendance } from "./seed-attendance";
import { seedDemoLeave } from "./seed-leave";
import { seedDemoPayroll } from "./seed-payroll";
import { companyProfile, roles, systemSettings, users } from "./schema";

/** The demo logins every start prints; the end-to-end tests and the fuzzer sign in with them. */
export const DEMO_LOGINS = [
  { email: "admin@example.com", password: "Admin123!", label: "super administrator" },
  { email: "hr@example.com", password: "Hr123456!", label: "HR officer" },
  { email: "employee@example.com", password: "Employee123!", label: "employee" },
] as const;

/** The demo company's other sign-in-able people: one for each role the three above do not show. */
export const DEMO_ROLE_LOGINS = [
  { email: "payroll@example.com", password: "Payroll123!", label: "payroll officer" },
  { email: "manager@example.com", password: "Manager123!", label: "manager (Operations)" },
] as const;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row.n) === 0;
}

type UserInsert = typeof users.$inferInsert;

export interface SeedRole {
  name: string;
  description: string;
  permissions: readonly Permission[];
}

/** A person of a seeded company: a `password` makes them a login, without one nobody knows theirs (a reset link gives them one). */
export type SeedPerson = Omit<UserInsert, "id" | "name" | "password_hash" | "role_id" | "created_at" | "updated_at"> & {
  role: string;
  password?: string;
};

export interface CompanySeed<RoleKey extends string = string> {
  roles: Record<RoleKey, SeedRole>;
  people: (SeedPerson & { role: RoleKey })[];
  /** Over the profile the first migration wrote. */
  profile: Partial<Omit<typeof companyProfile.$inferInsert, "id">>;
  /** System settings that differ from the defaults. */
  system?: Partial<SettingsValues<"system">>;
}

/**
 * Writes a company into an empty database, set-based: one multi-row insert
 * per table (the embedded database is one connection, so a query per person
 * would queue them all), with the passwords hashed side by side beforehand.
 * Run it in a transaction: roles without their people must not survive a crash.
 */
export async function seedCompany(db: Db, company: CompanySeed, cost: HashingCost, now: Date): Promise<void> {
  const passwords = [...new Set(company.people.flatMap((person) => (person.password ? [person.password] : [])))];
  const needsUnknown = company.people.some((person) => !person.password);
  const unknown = randomBytes(24).toString("base64url");
  const hashes = await Promise.all([...passwords, ...(needsUnknown ? [unknown] : [])].map((password) => hashPassword(password, cost)));
  const hashOf = new Map(passwords.map((password, index) => [password, hashes[index]]));
  const unknownHash = hashes[hashes.length - 1];

  const roleKeys = Object.keys(company.roles);
  const inserted = await db
    .insert(roles)
    .values(roleKeys.map((key) => ({ ...company.roles[key], permissions: [...company.roles[key].permissions], created_at: now, updated_at: now })))
    .returning({ id: roles.id, name: roles.name });
  const roleId = new Map(roleKeys.map((key) => [key, inserted.find((row) => row.name === company.roles[key].name)!.id]));

  await db.insert(users).values(
    company.people.map(({ role, password, ...person }): UserInsert => {
      if (!roleId.has(role)) throw new Error(`seed: ${person.email} holds the unknown role ${role}`);
      return {
        ...person,
        email: person.email.trim().toLowerCase(),
        password_hash: password ? hashOf.get(password)! : unknownHash,
        role_id: roleId.get(role)!,
        created_at: now,
        updated_at: now,
      };
    }),
  );

  await firstRatesFromRecords(db);
  await db.update(companyProfile).set({ ...company.profile, updated_at: now });
  if (company.system) await db.insert(systemSettings).values({ key: "system", value: company.system, updated_at: now });
}

const DEMO_ROLES = {
  administrator: { name: "Administrator", description: BUILT_IN_ROLE_DESCRIPTIONS.administrator, permissions: PERMISSIONS },
  hrOfficer: {
    name: "HR Officer",
    description: BUILT_IN_ROLE_DESCRIPTIONS.hrOfficer,
    permissions: ["users_view", "users_manage", "roles_view", "attendance_access", "attendance_reports_access", "attendance_admin_access", "leave_manage", "leave_approve"],
  },
  payrollOfficer: {
    name: "Payroll Officer",
    description: BUILT_IN_ROLE_DESCRIPTIONS.payrollOfficer,
    permissions: ["users_view", "users_pay_view", "payroll_view", "payroll_manage", "payslips_view", "payslips_manage", "attendance_reports_access"],
  },
  manager: {
    name: "Manager",
    description: BUILT_IN_ROLE_DESCRIPTIONS.manager,
    permissions: ["users_view", "attendance_access", "attendance_reports_access"],
  },
  employee: { name: "Employee", description: BUILT_IN_ROLE_DESCRIPTIONS.employee, permissions: ["attendance_access"] },
} satisfies Record<string, SeedRole>;

type DemoRole = keyof typeof DEMO_ROLES;
type Pay = [basis: "monthly" | "daily" | "hourly", minorUnits: number];
type Extra = Partial<SeedPerson> & { role?: DemoRole };

/** Demo payroll accounts: a bank and the first digits of its account numbers (made up, of the banks' lengths). */
const DEMO_BANKS = [
  { name: "BDO Unibank", prefix: "0012" },
  { name: "Bank of the Philippine Islands", prefix: "31" },
  { name: "Metrobank", prefix: "1237" },
  { name: "Landbank of the Philippines", prefix: "04" },
] as const;

let serial = 0;
/** One demo person: an employee (level 1, full time) unless `extra` says otherwise; pay in centavos. */
function person(first: string, last: string, department: string, position: string, hire_date: string, [pay_basis, base_rate]: Pay, extra: Extra = {}): SeedPerson & { role: DemoRole } {
  serial += 1;
  const ascii = (text: string) => text.normalize("NFD").replace(/[^A-Za-z]/g, "").toLowerCase();
  const number = String(serial).padStart(4, "0");
  // Payroll accounts at the banks Philippine payrolls use most: the run's bank file has a line for each person.
  const bank = DEMO_BANKS[serial % DEMO_BANKS.length];
  return {
    first_name: first,
    last_name: last,
    email: `${ascii(first)}.${ascii(last)}@example.com`,
    access_level: ACCESS_LEVEL.EMPLOYEE,
    role: "employee",
    employee_number: `E-${number}`,
    phone: `+1 555 01${number.slice(2)}`,
    department,
    position,
    employment_type: "full_time",
    employment_status: "active",
    hire_date,
    pay_basis,
    base_rate,
    currency: "PHP",
    bank_name: bank.name,
    bank_account: `${bank.prefix}${String(1_000_000 + serial * 7919).padStart(8, "0")}`,
    ...extra,
  };
}

const manager: Extra = { access_level: ACCESS_LEVEL.STAFF, role: "manager" };
const partTime: Extra = { employment_type: "part_time" };

function demoPeople(): (SeedPerson & { role: DemoRole })[] {
  serial = 0;
  const [admin, hr, employee] = DEMO_LOGINS;
  const [payroll, operationsManager] = DEMO_ROLE_LOGINS;
  return [
    // The three logins as they have always been (E-0001 to E-0003).
    person("Alex", "Admin", "Management", "Managing Director", "2019-04-01", ["monthly", 9500000], {
      email: admin.email,
      password: admin.password,
      access_level: ACCESS_LEVEL.SUPER_ADMIN,
      role: "administrator",
    }),
    person("Harper", "Reyes", "People", "HR Officer", "2021-09-15", ["monthly", 5200000], {
      email: hr.email,
      password: hr.password,
      access_level: ACCESS_LEVEL.STAFF,
      role: "hrOfficer",
    }),
    person("Emery", "Santos", "Operations", "Operations Associate", "2024-02-05", ["hourly", 22500], { email: employee.email, password: employee.password }),
    // The other roles' logins.
    person("Priya", "Natarajan", "Finance", "Payroll Officer", "2020-06-01", ["monthly", 5600000], {
      email: payroll.email,
      password: payroll.password,
      access_level: ACCESS_LEVEL.STAFF,
      role: "payrollOfficer",
    }),
    person("Marcus", "Okafor", "Operations", "Operations Manager", "2018-03-12", ["monthly", 6800000], { ...manager, email: operationsManager.email, password: operationsManager.password }),
    // Department heads.
    person("Olivia", "Grant", "Finance", "Finance Manager", "2017-02-01", ["monthly", 8000000], manager),
    person("Nadia", "Petrova", "People", "People Manager", "2018-10-08", ["monthly", 6400000], manager),
    person("Sofia", "Marquez", "Sales", "Sales Manager", "2017-08-21", ["monthly", 7200000], manager),
    person("Kenji", "Watanabe", "Engineering", "Engineering Manager", "2016-11-07", ["monthly", 9100000], manager),
    person("Lina", "Haddad", "Customer Support", "Support Manager", "2019-01-14", ["monthly", 6100000], manager),
    person("Tomás", "Ribeiro", "Warehouse", "Warehouse Manager", "2018-05-02", ["monthly", 5900000], manager),
    // Everyone else.
    person("Ruth", "Ellison", "Management", "Executive Assistant", "2018-07-16", ["monthly", 4600000]),
    person("Daniel", "Kim", "Finance", "Accountant", "2021-03-01", ["monthly", 4800000]),
    person("Wei", "Zhang", "Finance", "Accounts Assistant", "2023-05-15", ["daily", 95000], partTime),
    person("Yuki", "Tanaka", "People", "Recruiter", "2022-01-10", ["monthly", 4300000]),
    person("Grace", "Mendoza", "People", "HR Assistant", "2024-04-01", ["hourly", 18000], partTime),
    person("Rafael", "Cruz", "Operations", "Operations Associate", "2021-06-07", ["daily", 110000]),
    person("Isabel", "Navarro", "Operations", "Operations Associate", "2022-09-19", ["daily", 110000]),
    person("Omar", "Farouk", "Operations", "Logistics Coordinator", "2020-02-24", ["monthly", 4500000]),
    person("Hannah", "Becker", "Operations", "Operations Associate", "2024-08-12", ["daily", 105000], partTime),
    person("Liam", "O'Connor", "Sales", "Account Executive", "2019-05-06", ["monthly", 5200000]),
    person("Mei", "Lin", "Sales", "Account Executive", "2021-11-22", ["monthly", 5000000]),
    person("Pedro", "Alvarez", "Sales", "Sales Representative", "2023-02-13", ["monthly", 4200000]),
    person("Zoe", "Laurent", "Sales", "Sales Intern", "2025-06-02", ["hourly", 15000], { employment_type: "intern" }),
    person("Arjun", "Mehta", "Engineering", "Senior Software Engineer", "2018-01-08", ["monthly", 8800000]),
    person("Elena", "Popescu", "Engineering", "Software Engineer", "2020-09-14", ["monthly", 7200000]),
    person("Samuel", "Adeyemi", "Engineering", "Software Engineer", "2022-04-25", ["monthly", 7000000]),
    person("Beatriz", "Costa", "Engineering", "Software Engineer", "2021-07-05", ["monthly", 7100000], { employment_status: "on_leave" }),
    person("Ren", "Sato", "Engineering", "QA Engineer", "2024-10-01", ["daily", 320000], { employment_type: "contract", end_date: "2026-09-30" }),
    person("Chloé", "Martin", "Engineering", "UX Designer", "2021-02-15", ["monthly", 3800000], partTime),
    person("Amara", "Okoye", "Customer Support", "Support Lead", "2019-09-02", ["monthly", 4700000]),
    person("Tessa", "Nguyen", "Customer Support", "Support Specialist", "2022-03-28", ["daily", 100000]),
    person("Victor", "Dubois", "Customer Support", "Support Specialist", "2023-07-10", ["daily", 100000]),
    person("Ethan", "Brooks", "Customer Support", "Support Specialist", "2023-11-06", ["daily", 100000]),
    person("Paulo", "Bautista", "Customer Support", "Support Specialist", "2025-01-20", ["hourly", 17000], partTime),
    person("Ivan", "Kowalski", "Warehouse", "Warehouse Associate", "2020-04-13", ["daily", 90000]),
    person("Nora", "Lindqvist", "Warehouse", "Forklift Operator", "2019-03-18", ["daily", 98000]),
    person("Diego", "Herrera", "Warehouse", "Warehouse Associate", "2024-05-27", ["daily", 88000], partTime),
    person("Fatima", "Rahman", "Warehouse", "Inventory Controller", "2021-10-04", ["monthly", 3800000]),
    // Left in 2024: archived, so the people list hides them unless asked.
    person("Gabriel", "Moreau", "Sales", "Sales Representative", "2017-04-03", ["monthly", 4100000], {
      employment_status: "terminated",
      end_date: "2024-06-30",
      is_active: false,
      archived_at: new Date("2024-07-01T09:00:00Z"),
    }),
  ];
}

/** A Manila office, paid in pesos. */
const DEMO_PROFILE = {
  legal_name: "Paydesk Demo Corporation",
  trading_name: "Paydesk Demo Co.",
  registration_number: "CS201912345",
  tax_number: "009-123-456-000",
  address_line1: "28F Ayala Tower One",
  address_line2: "Ayala Avenue corner Paseo de Roxas",
  city: "Makati City",
  region: "Metro Manila",
  postal_code: "1226",
  country: "PH",
  email: "hello@paydesk-demo.example",
  phone: "+63 2 8123 4567",
  website: "https://paydesk-demo.example",
  currency: "PHP",
  time_zone: "Asia/Manila",
  first_day_of_week: 0,
  date_format: "MM/DD/YYYY",
  fiscal_year_start_month: 1,
} satisfies CompanySeed["profile"];

/**
 * The demo company of a first start: forty people in eight departments, a
 * manager at the head of each, the roles Administrator, HR Officer, Payroll
 * Officer, Manager and Employee, the contact shown on the sign-in screen, and
 * four weeks of attendance at the Makati office (seed-attendance.ts), and the
 * Philippine pay components and statutory tables to run payroll with (seed-payroll.ts), and its leave types
 * (seed-leave.ts).
 * Tests keep their own small company (tests/support/test-config.ts).
 */
export async function seedDemo(db: Db, cost: HashingCost, now: Date): Promise<void> {
  await seedCompany(
    db,
    {
      roles: DEMO_ROLES,
      people: demoPeople(),
      profile: DEMO_PROFILE,
      // Not a sign-in address: publishing a login on the sign-in page invites guessing at it.
      system: { admin_contact: "it-help@example.com" },
    },
    cost,
    now,
  );
  await seedDemoAttendance(db, now, DEMO_PROFILE.time_zone);
  await seedDemoPayroll(db, now);
  await seedDemoLeave(db, now);
  // The embedded database runs no autovacuum: without this the planner (and the storage figures) know no row counts.
  await db.execute(sql`analyze`);
}
