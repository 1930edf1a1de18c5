import { sql } from "drizzle-orm";
import { firstRatesFromRecords } from "../../server/modules/payroll/pay-rates";
import { DEFAULT_CONFIG } from "../../server/config";
import { openDatabase, type DatabaseOptions } from "../../server/db/client";
import { seedSmallCompany } from "./test-config";

/**
 * Fills an embedded database directory with the tests' small company (the three
 * demo logins) and many people,
 * for the list benchmarks. The directory must not be in use: a running server
 * holds its lock, so load first and start the server afterwards.
 */

export const BULK_DEPARTMENTS = ["Operations", "Finance", "Engineering", "Sales", "Marketing", "People", "Support", "Logistics"] as const;
const FIRST_NAMES = [
  "Ann", "Anna", "Joanne", "Hannah", "Dana", "Brian", "Liam", "Noah", "Olivia", "Emma",
  "Lucas", "Mia", "Ethan", "Sofia", "Mason", "Chloe", "Logan", "Grace", "Elijah", "Zoe",
];
const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee",
];
/** Not a hash of anything: these people never sign in. */
const DUMMY_PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$bm90LWEtcmVhbC1oYXNoLW5vdC1hLXJlYWwtaGFzaA";

export interface BulkLoadResult {
  /** People inserted (besides the demo logins). */
  inserted: number;
  /** Of them, how many are in Operations and active: what the filtered list must count. */
  operationsActive: number;
  /** Milliseconds: opening and migrating, demo seed, inserts, VACUUM ANALYZE, closing. */
  timings: { open: number; seed: number; insert: number; vacuum: number; close: number; total: number };
}

/** Mostly active: 90 % active, 6 % on leave, 4 % terminated (deterministic by index). */
function statusOf(index: number): "active" | "on_leave" | "terminated" {
  const bucket = index % 50;
  return bucket < 45 ? "active" : bucket < 48 ? "on_leave" : "terminated";
}

/**
 * Opens the database (an embedded directory or a PostgreSQL URL; migrating it), seeds the small company of the API tests
 * (the three demo logins, whose counts the bench expects), inserts `count` people in batches of `batchSize` with one
 * INSERT ... SELECT FROM unnest(...) each, then VACUUM ANALYZE and closes.
 */
export async function loadBulkUsers(target: DatabaseOptions, count: number, batchSize = 5_000): Promise<BulkLoadResult> {
  const began = performance.now();
  let mark = began;
  const lap = () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };

  const database = await openDatabase(target);
  const timings = { open: lap(), seed: 0, insert: 0, vacuum: 0, close: 0, total: 0 };
  let operationsActive = 0;
  try {
    const { db } = database;
    await db.transaction((tx) => seedSmallCompany(tx, DEFAULT_CONFIG.passwordHashing, new Date()));
    timings.seed = lap();

    for (let start = 0; start < count; start += batchSize) {
      const size = Math.min(batchSize, count - start);
      const columns = {
        first: new Array<string>(size),
        last: new Array<string>(size),
        email: new Array<string>(size),
        department: new Array<string>(size),
        status: new Array<string>(size),
        hired: new Array<string>(size),
        rate: new Array<number>(size),
        number: new Array<string>(size),
      };
      for (let offset = 0; offset < size; offset++) {
        const i = start + offset;
        const first = FIRST_NAMES[i % FIRST_NAMES.length];
        const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
        const counter = String(i + 1).padStart(6, "0");
        // A prime stride spreads departments across names instead of tying them together.
        const department = BULK_DEPARTMENTS[(i * 7 + Math.floor(i / 13)) % BULK_DEPARTMENTS.length];
        const status = statusOf(i);
        if (department === "Operations" && status === "active") operationsActive++;
        columns.first[offset] = first;
        columns.last[offset] = `${last} ${counter}`;
        columns.email[offset] = `${first}.${last}.${counter}@bench.example`.toLowerCase();
        columns.department[offset] = department;
        columns.status[offset] = status;
        columns.hired[offset] = `${2010 + (i % 16)}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`;
        columns.rate[offset] = 250_000 + (i % 400) * 1_000;
        columns.number[offset] = `B-${counter}`;
      }
      // sql.param: one array parameter per column (a bare array would become a list of parameters).
      await db.execute(sql`
        INSERT INTO users (first_name, last_name, email, password_hash, department, employment_status, hire_date, base_rate, currency, employee_number, access_level)
        SELECT first_name, last_name, email, ${DUMMY_PASSWORD_HASH}, department, employment_status, hire_date, base_rate, 'USD', employee_number, 1
        FROM unnest(
          ${sql.param(columns.first)}::text[], ${sql.param(columns.last)}::text[], ${sql.param(columns.email)}::text[], ${sql.param(columns.department)}::text[],
          ${sql.param(columns.status)}::text[], ${sql.param(columns.hired)}::date[], ${sql.param(columns.rate)}::bigint[], ${sql.param(columns.number)}::text[]
        ) AS batch(first_name, last_name, email, department, employment_status, hire_date, base_rate, employee_number)
      `);
    }
    // Their record's rate is their pay from their hire date on, as for anyone the app creates.
    await firstRatesFromRecords(db);
    timings.insert = lap();

    await db.execute(sql`VACUUM ANALYZE users`);
    timings.vacuum = lap();
  } finally {
    await database.close();
  }
  timings.close = lap();
  timings.total = performance.now() - began;
  return { inserted: count, operationsActive, timings };
}
