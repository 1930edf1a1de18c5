import { Grid, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { LEAVE_STATUSES, type LeaveRequestRecord } from "../../../contracts/leave";
import type { ListColumn } from "../../components/list";
import { formatDays, formatRequestDates } from "./format";
import { LeaveStatusTag } from "./LeaveStatusTag";

/** A request as the list kit holds a row. */
export type RequestRow = LeaveRequestRecord & { [key: string]: unknown };

const STATUS_CHOICES = LEAVE_STATUSES.map((status) => ({ value: status, labelKey: `leave.requests.statuses.${status}` }));

function Dates({ row }: { row: RequestRow }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {formatRequestDates(row, i18n.language)}
      {row.half_day && <Typography.Text type="secondary">{` · ${t(`leave.requests.halves.${row.half_day}`)}`}</Typography.Text>}
    </>
  );
}

/** The type, with its dates beneath on a phone (where the dates column waits in the column chooser). */
function TypeCell({ row }: { row: RequestRow }) {
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <>
      {row.leave_type.name}
      {phone && (
        <Typography.Text type="secondary" style={{ display: "block", fontSize: 13 }}>
          <Dates row={row} />
        </Typography.Text>
      )}
    </>
  );
}

function Days({ row }: { row: RequestRow }) {
  const { t, i18n } = useTranslation();
  return <>{t("leave.requests.daysCount", { count: row.days, days: formatDays(row.days, i18n.language) })}</>;
}

/** What a request is: its type, its dates, the days it takes and where it stands. */
export const REQUEST_COLUMNS: readonly ListColumn<RequestRow>[] = [
  { field: "leave_type", titleKey: "leave.requests.fields.type", kind: "text", sortable: false, filterable: false, render: (row) => <TypeCell row={row} />, exportValue: (row) => row.leave_type.name },
  { field: "start_date", titleKey: "leave.requests.fields.dates", kind: "date", render: (row) => <Dates row={row} />, exportValue: (row) => `${row.start_date} – ${row.end_date}` },
  { field: "days", titleKey: "leave.requests.fields.days", kind: "number", width: 110, render: (row) => <Days row={row} /> },
  { field: "status", titleKey: "leave.requests.fields.status", kind: "choice", choices: STATUS_CHOICES, width: 150, phone: true, render: (row) => <LeaveStatusTag status={row.status} /> },
];

/** Whose request it is: the approvals' and the calendar's first column. */
export const PERSON_COLUMN: ListColumn<RequestRow> = {
  field: "name",
  titleKey: "leave.requests.fields.person",
  kind: "text",
  phone: true,
  render: (row) => (
    <>
      {row.user.name}
      {row.user.department && <Typography.Text type="secondary" style={{ display: "block", fontSize: 13 }}>{row.user.department}</Typography.Text>}
    </>
  ),
  exportValue: (row) => row.user.name,
};

/** The reason given, and the decision's. */
export const REASON_COLUMN: ListColumn<RequestRow> = { field: "reason", titleKey: "leave.requests.fields.reason", kind: "text", sortable: false, filterable: false, render: (row) => row.reason ?? "" };
