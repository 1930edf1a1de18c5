import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { DAY_STATUSES, HOLIDAY_MINUTES, REST_DAY_MINUTES, type AttendanceDay, type DayStatus } from "../../../contracts/attendance-reports";
import { useCompanyProfile } from "../company/useCompanyProfile";
import type { ListColumn } from "../list";
import { StateTag, type StateTone } from "../common/StateTag";
import { formatCalendarDate } from "../../i18n/calendar";
import { clockTime, hoursMinutes } from "./time";

/** A derived day as the list kit holds a row. */
export type DayRow = AttendanceDay & { [key: string]: unknown };

const STATUS_TONES: Record<DayStatus, StateTone> = {
  present: "good",
  late: "warning",
  half_day: "warning",
  absent: "bad",
  leave: "info",
  holiday: "info",
  rest_day: "neutral",
  scheduled: "neutral",
};

const STATUS_CHOICES = DAY_STATUSES.map((status) => ({ value: status, labelKey: `attendanceReports.statuses.${status}` }));

export function DayStatusTag({ status }: { status: DayStatus }) {
  const { t } = useTranslation();
  return <StateTag tone={STATUS_TONES[status]}>{t(`attendanceReports.statuses.${status}`)}</StateTag>;
}

/** The day's status, and its leave beside it (a half day off worked the other half shows both). */
function DayState({ day }: { day: AttendanceDay }) {
  return (
    <>
      <DayStatusTag status={day.status} />
      {day.leave_code && (
        <Typography.Text type="secondary" style={{ whiteSpace: "nowrap" }}>
          {day.leave_share < 1 ? `${day.leave_code} ½` : day.leave_code}
        </Typography.Text>
      )}
    </>
  );
}

/** A moment of the day in the company's zone, or a dash. */
export function CompanyTime({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  return <>{iso ? clockTime(iso, profile?.time_zone, i18n.language) : "—"}</>;
}

/** A figure of the day: its own column, neither sorted nor filtered (the days are worked out, not stored). */
const figure = (field: keyof AttendanceDay, titleKey: string): ListColumn<DayRow> => ({
  field,
  titleKey,
  kind: "number",
  sortable: false,
  filterable: false,
  render: (row) => hoursMinutes(row[field] as number),
});

/** Several figures of the day in one column: a rest day's, or a holiday's, first hours and overtime together (the status says which day). */
const figures = (field: string, fields: readonly (keyof AttendanceDay)[], titleKey: string): ListColumn<DayRow> => {
  const total = (row: DayRow) => fields.reduce((sum, name) => sum + (row[name] as number), 0);
  return { field, titleKey, kind: "number", sortable: false, filterable: false, render: (row) => hoursMinutes(total(row)), exportValue: total };
};

/** A day as a timesheet reads it: its weekday and date in the reader's language ("Wed, Nov 25, 2026"). */
function DayDate({ date }: { date: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={date}>{formatCalendarDate(date, i18n.language)}</time>;
}

/** The columns of anyone's days, one's own (/attendance/history) or a person's (/user-attendance, the profile). */
export const DAY_COLUMNS: readonly ListColumn<DayRow>[] = [
  { field: "date", titleKey: "attendanceReports.columns.date", kind: "date", render: (row) => <DayDate date={row.date} /> },
  { field: "status", titleKey: "attendanceReports.columns.status", kind: "choice", choices: STATUS_CHOICES, sortable: false, filterable: false, phone: true, render: (row) => <DayState day={row} /> },
  { field: "first_in", titleKey: "attendanceReports.columns.firstIn", kind: "text", sortable: false, filterable: false, render: (row) => <CompanyTime iso={row.first_in} /> },
  { field: "last_out", titleKey: "attendanceReports.columns.lastOut", kind: "text", sortable: false, filterable: false, render: (row) => <CompanyTime iso={row.last_out} /> },
  { ...figure("worked_minutes", "attendanceUi.history.worked"), phone: true },
  figure("late_minutes", "attendanceUi.history.late"),
  figure("overtime_minutes", "attendanceUi.history.overtime"),
  figure("undertime_minutes", "attendanceUi.history.undertime"),
  figures("rest_day_hours", REST_DAY_MINUTES, "attendanceUi.history.restDay"),
  figures("holiday_hours", HOLIDAY_MINUTES, "attendanceUi.history.holiday"),
  figure("night_minutes", "attendanceUi.history.night"),
];

/** Newest first, as a timesheet is read. */
export const NEWEST_DAY_FIRST = [{ field: "date", order: "desc" as const }];
