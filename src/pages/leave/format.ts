import type { LeaveRequestRecord } from "../../../contracts/leave";
import { formatPeriod } from "../../components/payroll/format";
import { formatDecimal } from "../../i18n/numbers";

/** Days as leave counts them: whole, or in halves (and hundredths from a monthly accrual). */
export const formatDays = (days: number, language: string) => formatDecimal(String(days), language, 2);

/** A request's dates in the reader's language: one day, or a range. */
export const formatRequestDates = (request: Pick<LeaveRequestRecord, "start_date" | "end_date">, language: string) => formatPeriod(request.start_date, request.end_date, language);
