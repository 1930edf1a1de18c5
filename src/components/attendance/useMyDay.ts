import { useCustom } from "@refinedev/core";
import type { AttendanceRecord, ClockState } from "../../../contracts/attendance";
import { dayRecords } from "./time";

/**
 * One's own day as the clock and the overview show it: the clock state, the
 * open record, and today's records in order (the open one included while
 * the day's list catches up); `reload` after a clock action.
 */
export function useMyDay() {
  const status = useCustom<{ data: { state: ClockState; record: AttendanceRecord | null } }>({ url: "/attendance/status", method: "get" });
  const today = useCustom<{ data: AttendanceRecord[] }>({ url: "/attendance/today", method: "get" });
  const open = status.result.data?.data?.record;
  return {
    state: status.result.data?.data?.state,
    open,
    records: dayRecords(today.result.data?.data, open),
    loading: today.query.isLoading,
    reload: () => Promise.all([status.query.refetch(), today.query.refetch()]),
  };
}
