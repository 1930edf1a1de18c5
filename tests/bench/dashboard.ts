/**
 * The dashboards over 10,000 people and a year of attendance (every working
 * day up to yesterday, stored days and month sums as the server keeps them),
 * 2,000 of them clocked in now (300 on a break) and a year of released runs.
 * Each endpoint is asked once to warm up, then timed one call after another.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseOptions } from "../../server/db/client";
import { loadBulkUsers } from "../support/bulk-users";
import { apiToken, makeTempDataDir, startServer } from "../support/e2e";
import { loadAttendance } from "./attendance-load";

const PEOPLE = 10_000;
const CLOCKED_IN = 2_000;
const ON_BREAK = 300;
const RUNS = 5;

/** The endpoints the two dashboards call, and who asks: the administrator, or an employee for their own figures. */
const ENDPOINTS = [
  { path: "/api/dashboard/admin-stats", as: "admin" },
  { path: "/api/dashboard/admin-dashboard", as: "admin" },
  { path: "/api/dashboard/storage-info", as: "admin" },
  { path: "/api/dashboard/clocked-in", as: "admin" },
  { path: "/api/dashboard/attendance-exceptions", as: "admin" },
  { path: "/api/dashboard/awaiting-approval", as: "admin" },
  { path: "/api/dashboard/new-hires", as: "admin" },
  { path: "/api/dashboard/quick-stats", as: "employee" },
] as const;

export interface DashboardFigures {
  people: number;
  records: number;
  loadMs: number;
  /** Milliseconds of each timed call, per endpoint path. */
  calls: { path: string; ms: number[] }[];
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Today's open records and breaks, and twelve released monthly runs: what the quick stats and the cost chart read. */
async function addToday(target: DatabaseOptions): Promise<void> {
  const database = await openDatabase(target);
  try {
    const { db } = database;
    await db.execute(sql`insert into attendance_records (user_id, work_date, clock_in_at, source)
      select id, (now() at time zone 'UTC')::date, now() - make_interval(mins => 30 + id % 240), 'manual' from users order by id limit ${CLOCKED_IN}`);
    await db.execute(sql`insert into attendance_breaks (record_id, started_at)
      select id, now() - interval '10 minutes' from attendance_records where clock_out_at is null order by id limit ${ON_BREAK}`);
    await db.execute(sql`insert into payroll_runs (name, kind, period_start, period_end, attendance_start, attendance_end, pay_date, people, status, currency, total_people, total_gross, total_deductions, total_net, total_employer_cost)
      select 'Bench ' || to_char(m, 'YYYY-MM'), 'regular', m::date, (m + interval '1 month - 1 day')::date, m::date, (m + interval '1 month - 1 day')::date,
        (m + interval '1 month - 1 day')::date, '"all"'::jsonb, 'released', 'USD',
        ${PEOPLE}, 4200000000, 800000000, 3400000000, 4600000000
      from generate_series(date_trunc('month', now()) - interval '12 months', date_trunc('month', now()) - interval '1 month', interval '1 month') m`);
    await db.execute(sql`ANALYZE`);
  } finally {
    await database.close();
  }
}

export async function measureDashboards(credentials: Record<"admin" | "employee", { email: string; password: string }>): Promise<DashboardFigures> {
  const dir = await makeTempDataDir();
  try {
    const started = performance.now();
    await loadBulkUsers({ dataDir: dir }, PEOPLE, 5_000);
    const yesterday = new Date(Date.now() - 86_400_000);
    const yearAgo = new Date(yesterday.getTime() - 364 * 86_400_000);
    const loaded = await loadAttendance({ dataDir: dir }, { from: isoDate(yearAgo), to: isoDate(yesterday) });
    await addToday({ dataDir: dir });
    const loadMs = performance.now() - started;
    const server = await startServer({ dataDir: dir });
    try {
      const tokens = {
        admin: await apiToken(server, credentials.admin.email, credentials.admin.password),
        employee: await apiToken(server, credentials.employee.email, credentials.employee.password),
      };
      const calls: DashboardFigures["calls"] = [];
      for (const endpoint of ENDPOINTS) {
        const ms: number[] = [];
        for (let run = 0; run <= RUNS; run++) {
          const began = performance.now();
          const response = await fetch(`${server.url}${endpoint.path}`, { headers: { authorization: `Bearer ${tokens[endpoint.as]}` } });
          const text = await response.text();
          if (!response.ok) throw new Error(`${endpoint.path} answered ${response.status}: ${text.slice(0, 300)}`);
          if (run > 0) ms.push(performance.now() - began);
        }
        calls.push({ path: endpoint.path, ms });
      }
      return { people: loaded.people, records: loaded.records, loadMs, calls };
    } finally {
      await server.stop();
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
