import type { PayslipRecord } from "../../contracts/payroll";
import type { AdjustmentsBody, PayslipEditReply } from "../../contracts/payslips";
import { http } from "../lib/http";
import type { BulkDeleteResult } from "./payroll";

type Saved<T> = { data: T; message: string };

/**
 * Payslips beside their list (/api/payslips…, /api/payslip/…): the reads the
 * screens follow with Refine's useCustom (paths with a leading slash), the
 * files they download (paths for downloadFromApi, without it), and the calls.
 */
export const payslipPaths = {
  /** The payslip with how each of its lines was worked out. */
  one: (id: number) => `/payslips/${id}`,
  /** The payslip as its person reads it. */
  document: (id: number) => `/payslips/${id}/document`,
  /** Who downloaded its PDF, when, from where and how. */
  downloads: (id: number) => `/payslips/${id}/downloads`,
  /** One's own released payslips of a year (the latest year with one when left out). */
  own: "/payslips/user-payslips",
  recent: "/payslip/recent-payslips-with-summary-stats",
  edit: (id: number) => `/payslips/${id}/edit`,
  /** The PDF, by the bearer token. */
  pdf: (id: number) => `payslip/generate-pdf/${id}`,
  /** Every payslip PDF of a run in one ZIP. */
  runZip: (runId: number) => `payroll/${runId}/payslips.zip`,
};

export const payslipsApi = {
  /** Takes a released payslip back from its person; the reason is kept with it. */
  withdraw: async (id: number, reason: string) => (await http.post<Saved<PayslipRecord>>(`/payslips/${id}/withdraw`, { reason })).data,
  setNote: async (id: number, note: string | null) => (await http.put<Saved<PayslipEditReply>>(`/payslips/${id}`, { note })).data,
  /** Replaces the payslip's adjustments with these; the payslip is worked out again. */
  adjust: async (id: number, body: AdjustmentsBody) => (await http.put<Saved<PayslipEditReply>>(`/payslips/update-user-payslip/${id}`, body)).data,
  /** Takes people out of unapproved runs: what was removed, and why each other one stayed. */
  bulkDelete: async (ids: number[]) => (await http.post<Saved<BulkDeleteResult>>("/payslips/bulk-delete", { ids })).data,
};
