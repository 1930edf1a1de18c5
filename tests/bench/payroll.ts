/**
 * (g) A payroll run over everyone on the attendance bench's directory
 * (10,000 people, a month of records): eight components as a company would
 * set them up (basic, overtime, lateness, absences, three contributions
 * from a bands table and rates, income tax from a progressive table), then
 * the run calculated and persisted through the API, twice (a first
 * calculation and a recalculation). Timed from the request to the run
 * answering "calculated"; the server's memory peak read from /proc.
 */
import fs from "node:fs";
import type { RunningServer } from "../support/e2e";
import { BENCH_MONTH } from "./attendance-load";

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

const bands = Array.from({ length: 61 }, (_, index) => {
  const credit = 5_000 + index * 500;
  return { from: index === 0 ? "0" : String(credit - 250), to: index === 60 ? null : `${credit + 249}.99`, value: String(credit) };
});

const SETUP: { url: string; body: Record<string, unknown> }[] = [
  { url: "/api/rate-tables", body: { code: "BENCH_MSC", name: "Salary credit", kind: "bands", effective_from: "2025-01-01", rows: bands } },
  {
    url: "/api/rate-tables",
    body: {
      code: "BENCH_TAX",
      name: "Income tax",
      kind: "progressive",
      effective_from: "2023-01-01",
      rows: [
        { over: "0", base: "0", rate: "0" },
        { over: "20833", base: "0", rate: "0.15" },
        { over: "33333", base: "1875", rate: "0.20" },
        { over: "66667", base: "8541.80", rate: "0.25" },
        { over: "166667", base: "33541.80", rate: "0.30" },
        { over: "666667", base: "183541.80", rate: "0.35" },
      ],
    },
  },
  ...[
    { code: "B_BASIC", kind: "earning", taxable: true, calculation: { type: "formula", expression: "basic" } },
    { code: "B_OT", kind: "earning", taxable: true, calculation: { type: "formula", expression: "hourly_rate * overtime_hours * 1.25" } },
    { code: "B_LATE", kind: "deduction", pre_tax: true, calculation: { type: "formula", expression: "round(hourly_rate / 60 * late_minutes, 2)" } },
    { code: "B_ABSENT", kind: "deduction", pre_tax: true, calculation: { type: "formula", expression: "daily_rate * absences" } },
    {
      code: "B_SSS",
      kind: "deduction",
      pre_tax: true,
      calculation: { type: "formula", expression: 'table("BENCH_MSC", B_BASIC) * 0.05' },
      employer_share: { type: "formula", expression: 'table("BENCH_MSC", B_BASIC) * 0.10' },
    },
    {
      code: "B_HEALTH",
      kind: "deduction",
      pre_tax: true,
      calculation: { type: "formula", expression: "clamp(B_BASIC, 10000, 100000) * 0.025" },
      employer_share: { type: "formula", expression: "clamp(B_BASIC, 10000, 100000) * 0.025" },
    },
    { code: "B_FUND", kind: "deduction", pre_tax: true, calculation: { type: "percent", rate: "0.02", of: "B_BASIC" }, employer_share: { type: "percent", rate: "0.02", of: "B_BASIC" } },
    { code: "B_TAX", kind: "deduction", calculation: { type: "formula", expression: 'table("BENCH_TAX", taxable)' } },
  ].map((component, order) => ({ url: "/api/pay-components", body: { name: component.code, order, ...component } })),
];

const COMPONENTS = SETUP.filter((step) => step.url === "/api/pay-components").length;

async function api(server: RunningServer, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: Record<string, unknown> };
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

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
    for (;;) {
      const current = await api(server, token, "GET", `/api/payroll/${run.id}`);
      // A recalculation is done once the job it queued is no longer queued or running.
      if (current.status === "calculated" && current.progress === null) {
        figures.runs.push(performance.now() - started);
        const totals = current.totals as { people: number };
        figures.payslips = totals.people;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const job = await api(server, token, "GET", `/api/jobs/${queued.job_id}`);
    if (job.status !== "completed") throw new Error(`the calculation ended ${String(job.status)}: ${String(job.last_error)}`);
    figures.jobs.push(Date.parse(String(job.finished_at)) - Date.parse(String(job.created_at)));
    figures.people = ((job.result as { people?: number } | null)?.people ?? figures.payslips) as number;
  }
  return { ...figures, ...memory(server.pid) };
}
