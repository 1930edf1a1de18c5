/**
 * (h) Payslip documents: the demo company's pay set-up entered (the bulk
 * directory has none: without it every payslip is empty), a run over about
 * 1,000 people calculated through the API, then every payslip of it as PDFs in one ZIP (GET
 * /api/payroll/{id}/payslips.zip), timed from the request to the last byte;
 * the ZIP's entries read back for their count and sizes (stored, so an
 * entry's size is its PDF's); and single PDFs by token one after another.
 */
import type { RunningServer } from "../support/e2e";
import { zipEntrySizes } from "../../server/lib/zip-size";
import { BENCH_MONTH } from "./attendance-load";
import { SETUP } from "./payroll";
import { api, untilCalculated } from "./server-api";

export interface PayslipFigures {
  payslips: number;
  /** The ZIP of the run, request to last byte, ms, per attempt. */
  zips: number[];
  zipMb: number;
  entries: number;
  largestPdfKb: number;
  averagePdfKb: number;
  /** Single PDFs by token, one after another: p50 / p95, ms. */
  single: { p50: number; p95: number };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

export async function measurePayslips(server: RunningServer, token: string, attempts = 2, singles = 50): Promise<PayslipFigures> {
  for (const step of SETUP) await api(server, token, "POST", step.url, step.body);
  const run = await api(server, token, "POST", "/api/payroll", { name: "Bench payslips", period_start: BENCH_MONTH.from, period_end: BENCH_MONTH.to, pay_date: BENCH_MONTH.to, people: "all" });
  await api(server, token, "POST", `/api/payslip/generate-payslips/${run.id}`);
  await untilCalculated(server, token, run.id);
  const zips: number[] = [];
  let sizes: number[] = [];
  let zipBytes = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/payroll/${run.id}/payslips.zip`, { headers: { authorization: `Bearer ${token}` } });
    const zip = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`the run's ZIP answered ${response.status}: ${zip.toString("utf8", 0, 300)}`);
    zips.push(performance.now() - started);
    sizes = zipEntrySizes(zip) ?? [];
    zipBytes = zip.length;
  }
  const listed = (await fetch(`${server.url}/api/payslips?filter[payroll_id][equals]=${run.id}&per_page=${singles}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as { data: { id: number }[]; meta: { total: number } };
  const single: number[] = [];
  for (const payslip of listed.data) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/payslip/generate-pdf/${payslip.id}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`a payslip's PDF answered ${response.status}`);
    single.push(performance.now() - started);
  }
  // A run that paid nobody would time an empty ZIP: say so instead of printing figures of nothing.
  if (sizes.length === 0 || single.length === 0) throw new Error(`the run paid ${listed.meta.total} people: nothing to measure`);
  return {
    payslips: listed.meta.total,
    zips,
    zipMb: zipBytes / 1024 / 1024,
    entries: sizes.length,
    largestPdfKb: Math.max(...sizes) / 1024,
    averagePdfKb: sizes.reduce((sum, size) => sum + size, 0) / Math.max(1, sizes.length) / 1024,
    single: { p50: percentile(single, 50), p95: percentile(single, 95) },
  };
}
