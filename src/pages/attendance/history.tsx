import { DAY_COLUMNS, NEWEST_DAY_FIRST, type DayRow } from "../../components/attendance/dayColumns";
import { ListPage } from "../../components/list";

/** /attendance/history: one's own days, newest first, each with its status and the time worked, late, over and under. */
export default function AttendanceHistoryPage() {
  return <ListPage<DayRow> resource="attendance-history" titleKey="attendanceUi.history.title" columns={DAY_COLUMNS} rowKey="date" nameField="date" searchable={false} initialSorters={NEWEST_DAY_FIRST} />;
}
