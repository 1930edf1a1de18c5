import type { ComparisonReply, RunRecord } from "../../contracts/payroll";
import { http } from "../lib/http";

type Saved<T> = { data: T; message: string };

/** What POST /api/payroll/bulk-delete answers: the runs deleted, and why each other one stayed. */
export interface BulkDeleteResult {
  deleted: number[];
  refused: { id: number; message: string }[];
}

/**
 * A run's calls beside its CRUD (/api/payroll…): the reads the screens
 * follow with Refine's useCustom (their paths), and the steps of its
 * workflow, each answering the run as it is now with the server's message.
 */
export const payrollPaths = {
  summary: "/payroll/summary-stats",
  comparison: (id: number) => `/payroll/${id}/comparison`,
};

export const payrollApi = {
  /** Queues the calculation (202): the run comes back with the job that follows it. */
  calculate: async (id: number) => (await http.post<Saved<RunRecord>>(`/payslip/generate-payslips/${id}`)).data,
  approve: async (id: number) => (await http.post<Saved<RunRecord>>(`/payroll/${id}/approve`)).data,
  /** Takes an approval back; the reason is kept in the activity log. */
  reopen: async (id: number, reason: string) => (await http.post<Saved<RunRecord>>(`/payroll/${id}/reopen`, { reason })).data,
  /** Pays out: the run is final and everyone paid is told. */
  /** `confirmOpenAttendance`: released knowing its attendance window has not ended (the server refuses it otherwise). */
  release: async (id: number, confirmOpenAttendance = false) =>
    (await http.post<Saved<RunRecord>>(`/payroll/release/${id}`, confirmOpenAttendance ? { confirm_open_attendance: true } : undefined)).data,
  bulkDelete: async (ids: number[]) => (await http.post<Saved<BulkDeleteResult>>("/payroll/bulk-delete", { ids })).data,
};

export type { ComparisonReply };
