/** Minutes as H:MM ("7:30"; 79 → "1:19"), as timesheets write durations: exact to the minute, for pages and payslip PDFs alike. */
export function hoursMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}
