import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { DAY_STATUSES, type AttendanceDay, type DayStatus } from "../../../contracts/attendance-reports";
import { clockTime, hoursMinutes } from "../../components/attendance/time";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { ListPage, type ListColumn } from "../../components/list";
import { STATE_COLOURS } from "../../theme/presets";

type Day = AttendanceDay & { [key: string]: unknown };

const STATUS_COLOURS: Record<DayStatus, string> = {
  present: STATE_COLOURS.good,
  late: STATE_COLOURS.warning,
  half_day: STATE_COLOURS.warning,
  absent: STATE_COLOURS.bad,
  holiday: STATE_COLOURS.info,
  rest_day: STATE_COLOURS.neutral,
  scheduled: STATE_COLOURS.neutral,
};

const STATUS_CHOICES = DAY_STATUSES.map((status) => ({ value: status, labelKey: `attendanceReports.statuses.${status}` }));

function StatusTag({ status }: { status: DayStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`attendanceReports.statuses.${status}`)}</Tag>;
}

/** A moment of the day in the company's zone, or a dash. */
function Time({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  return <>{iso ? clockTime(iso, profile?.time_zone, i18n.language) : "—"}</>;
}

/** A figure of the day: its own column, neither sorted nor filtered (the days are worked out, not stored). */
const figure = (field: keyof AttendanceDay, titleKey: string): ListColumn<Day> => ({
  field,
  titleKey,
  kind: "number",
  sortable: false,
  filterable: false,
  render: (row) => hoursMinutes(row[field] as number),
});

const COLUMNS: ListColumn<Day>[] = [
  { field: "date", titleKey: "attendanceReports.columns.date", kind: "date" },
  { field: "status", titleKey: "attendanceReports.columns.status", kind: "choice", choices: STATUS_CHOICES, sortable: false, filterable: false, phone: true, render: (row) => <StatusTag status={row.status} /> },
  { field: "first_in", titleKey: "attendanceReports.columns.firstIn", kind: "text", sortable: false, filterable: false, render: (row) => <Time iso={row.first_in} /> },
  { field: "last_out", titleKey: "attendanceReports.columns.lastOut", kind: "text", sortable: false, filterable: false, render: (row) => <Time iso={row.last_out} /> },
  { ...figure("worked_minutes", "attendanceUi.history.worked"), phone: true },
  figure("late_minutes", "attendanceUi.history.late"),
  figure("overtime_minutes", "attendanceUi.history.overtime"),
  figure("undertime_minutes", "attendanceUi.history.undertime"),
];

/** /attendance/history: one's own days, newest first, each with its status and the time worked, late, over and under. */
export default function AttendanceHistoryPage() {
  return <ListPage<Day> resource="attendance-history" titleKey="attendanceUi.history.title" columns={COLUMNS} rowKey="date" nameField="date" searchable={false} initialSorters={[{ field: "date", order: "desc" }]} />;
}
