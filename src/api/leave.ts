import type { LeaveAdjustmentBody, LeaveBalancesReply, LeaveRequestBody, LeaveRequestRecord } from "../../contracts/leave";
import { http } from "../lib/http";

type Saved<T> = { data: T; message: string };

/** What POST /api/leave-requests/decisions answers: the requests decided, and why each other one was not. */
export interface LeaveBulkResult {
  decided: number[];
  refused: { id: number; message: string }[];
}

/** Leave beside its lists (/api/leave-requests…, /api/leave-balances…): the reads the screens follow with useCustom, and the steps. */
export const leavePaths = {
  /** A person's balances of a year (one's own this year when left out). */
  balances: (userId?: number, year?: number) => {
    const query = new URLSearchParams();
    if (userId !== undefined) query.set("user_id", String(userId));
    if (year !== undefined) query.set("year", String(year));
    const text = query.toString();
    return `/leave-balances${text ? `?${text}` : ""}`;
  },
  request: (id: number) => `/leave-requests/${id}`,
};

export const leaveApi = {
  ask: async (body: LeaveRequestBody) => (await http.post<Saved<LeaveRequestRecord>>("/leave-requests", body)).data,
  decide: async (id: number, decision: "approve" | "reject", reason: string | null) => (await http.post<Saved<LeaveRequestRecord>>(`/leave-requests/${id}/${decision}`, { reason })).data,
  decideMany: async (ids: number[], decision: "approve" | "reject", reason: string | null) => (await http.post<Saved<LeaveBulkResult>>("/leave-requests/decisions", { ids, decision, reason })).data,
  /** Cancels a request, or asks the approver to once the leave has begun. */
  cancel: async (id: number) => (await http.post<Saved<LeaveRequestRecord>>(`/leave-requests/${id}/cancel`)).data,
  /** The document the request's type asks for (a medical certificate), as one multipart file. */
  attach: async (id: number, file: File) => {
    const form = new FormData();
    form.append("file", file);
    // The browser writes the multipart boundary itself.
    return (await http.post<Saved<LeaveRequestRecord>>(`/leave-requests/${id}/document`, form, { headers: { "Content-Type": "multipart/form-data" } })).data;
  },
  adjust: async (body: LeaveAdjustmentBody) => (await http.post<Saved<LeaveBalancesReply>>("/leave-balances/adjustments", body)).data,
};
