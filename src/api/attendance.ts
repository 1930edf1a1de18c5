import type { AttendanceRecord, LocationCheck, Position } from "../../contracts/attendance";
import { http } from "../lib/http";

type Saved<T> = { data: T; message: string };

/** One's own clocking (/api/attendance): the writes and the position check; the reads go through Refine's useCustom. */
export const attendanceApi = {
  /** Without a position only `anywhere` people are let in: the server's 422 says so to the others. */
  clockIn: async (position: Position | null) => (await http.post<Saved<AttendanceRecord>>("/attendance/clock-in", position ?? {})).data,
  clockOut: async (position: Position | null) => (await http.post<Saved<AttendanceRecord>>("/attendance/clock-out", position ?? {})).data,
  startBreak: async () => (await http.post<Saved<AttendanceRecord>>("/attendance/break/start")).data,
  endBreak: async () => (await http.post<Saved<AttendanceRecord>>("/attendance/break/end")).data,
  validateLocation: async (position: Position) => (await http.post<{ data: LocationCheck }>("/attendance/validate-location", position)).data.data,
};
