/**
 * Payslip PDFs on their own, without database or ZIP, for `npm run bench`:
 * one document rendered `count` times in a row, as a run's ZIP renders them
 * one after another. CPU time is reported beside wall time because the
 * machine may be busy with other work while it runs.
 */
import type { PayslipDocument } from "../../../contracts/payslips";
import { renderPayslipPdf, type PayslipPdfOptions } from "./payslip";

export interface PdfThroughput {
  count: number;
  seconds: number;
  /** This process's CPU time (user and system, every thread). */
  cpuSeconds: number;
  averageKb: number;
  largestKb: number;
}

export async function timePayslipPdfs(document: PayslipDocument, options: PayslipPdfOptions, count = 1_000): Promise<PdfThroughput> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let total = 0;
  let largest = 0;
  for (let index = 0; index < count; index++) {
    const pdf = await renderPayslipPdf(document, options);
    total += pdf.length;
    largest = Math.max(largest, pdf.length);
  }
  const used = process.cpuUsage(cpu);
  return {
    count,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    averageKb: total / count / 1024,
    largestKb: largest / 1024,
  };
}
