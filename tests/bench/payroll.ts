/**
 * (g) A payroll run over everyone on the attendance bench's directory
 * (10,000 people, a month of records): the demo company's nine components
 * (basic, overtime, an allowance, lateness, absences, three contributions
 * with employer shares from a bands table and rates, income tax from a
 * progressive table), then the run calculated and persisted through the
 * API, twice (a first calculation and a recalculation). Timed from the request to the run
 * answering "calculated"; the server's memory peak read from /proc.
 */
import fs from "node:fs";
import type { RunningServer } from "../support/e2e";
import { DEMO_PAY_COMPONENTS, DEMO_RATE_TABLES } from "../../server/db/seed-payroll";
import { BENCH_MONTH } from "./attendance-load";
import { api, untilCalculated } from "./server-api";

export interface PayrollFigures {
  people: number;
  payslips: number;
  components: number;
  /** Request to "calculated", per run, ms. */
  runs: number[];
  /** The job's own time (created → finished), per run, ms. */
  jobs: number[];
  /** The server process's resident memory before the runs (VmRSS), its peak (VmHWM) and after, MB. */
  beforeMb: number | null;
  peakMb: number | null;
  rssMb: number | null;
}

// The demo company's pay set-up, entered as a user would: its statutory tables and its nine components.
export const SETUP: { url: string; body: Record<string, unknown> }[] = [
  ...DEMO_RATE_TABLES.map((table) => ({ url: "/api/rate-tables", body: table as unknown as Record<string, unknown> })),
  ...DEMO_PAY_COMPONENTS.map((component) => ({ url: "/api/pay-components", body: component as unknown as Record<string, unknown> })),
];

const COMPONENTS = SETUP.filter((step) => step.url === "/api/pay-components").length;

function memory(pid: number): { peakMb: number | null; rssMb: number | null } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
    return { peakMb: field("VmHWM"), rssMb: field("VmRSS") };
  } catch {
    return { peakMb: null, rssMb: null };
  }
}

export async function measurePayroll(server: RunningServer, token: string, runs = 2): Promise<PayrollFigures> {
  const beforeMb = memory(server.pid).rssMb;
  for (const step of SETUP) await api(server, token, "POST", step.url, step.body);
  const run = await api(server, token, "POST", "/api/payroll", { name: "Bench March", period_start: BENCH_MONTH.from, period_end: BENCH_MONTH.to, pay_date: BENCH_MONTH.to, people: "all" });
  const figures: PayrollFigures = { people: 0, payslips: 0, components: COMPONENTS, runs: [], jobs: [], beforeMb, peakMb: null, rssMb: null };
  for (let attempt = 0; attempt < runs; attempt++) {
    const started = performance.now();
    const queued = await api(server, token, "POST", `/api/payslip/generate-payslips/${run.id}`);
    const current = await untilCalculated(server, token, run.id);
    figures.runs.push(performance.now() - started);
    figures.payslips = (current.totals as { people: number }).people;
    const job = await api(server, token, "GET", `/api/jobs/${queued.job_id}`);
    if (job.status !== "completed") throw new Error(`the calculation ended ${String(job.status)}: ${String(job.last_error)}`);
    figures.jobs.push(Date.parse(String(job.finished_at)) - Date.parse(String(job.created_at)));
    figures.people = ((job.result as { people?: number } | null)?.people ?? figures.payslips) as number;
  }
  return { ...figures, ...memory(server.pid) };
}
