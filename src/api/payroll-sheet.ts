import type { RunRecord } from "../../contracts/payroll";
import { BANK_FILE_MISSING_HEADER } from "../../contracts/payroll-sheet";
import { http } from "../lib/http";
import { attachmentName, saveBlob } from "./downloads";

/**
 * A run as a sheet: the grid the review reads with Refine's useCustom (its
 * path), the files it downloads (paths for downloadFromApi, without the
 * leading slash) and the import that fills a draft or calculated run.
 */
export const payrollSheetPaths = {
  /** `sheet` is a department's name, SHEET_NO_DEPARTMENT or SHEET_ALL. */
  grid: (runId: number, sheet: string) => `/payroll-sheet/${runId}/${encodeURIComponent(sheet)}`,
  /** The run as XLSX or CSV (`format`). */
  file: (runId: number) => `payroll/download/${runId}`,
};

export const payrollSheetApi = {
  /** Saves the released run's bank transfer file; answers how many people it leaves out for want of bank details. */
  bankFile: async (runId: number) => {
    const response = await http.get<Blob>(`/payroll/${runId}/bank-file`, { responseType: "blob" });
    saveBlob(attachmentName(response.headers["content-disposition"], `bank-file-${runId}.csv`), response.data);
    return Number(response.headers[BANK_FILE_MISSING_HEADER] ?? 0) || 0;
  },
  /** Replaces the run's payslips with the file's (.xlsx or .csv); refused whole, a 422 lists every cell in error. */
  import: async (runId: number, file: File) => {
    const body = new FormData();
    body.append("file", file);
    // The browser writes the multipart boundary itself.
    return (await http.post<{ data: RunRecord; message: string }>(`/payroll/${runId}/import`, body, { headers: { "Content-Type": "multipart/form-data" } })).data;
  },
};
