import { useMemo, useState } from "react";
import { TeamOutlined } from "@ant-design/icons";
import { Button, Space, Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { minutesOfDay, type ScheduleRecord } from "../../../contracts/schedules";
import { hoursMinutes } from "../../components/attendance/time";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { useDialogForm } from "../../components/form";
import { CreateButton, ListPage, RecordActions, type ListColumn } from "../../components/list";
import { formatTimeOfDay, weekdaysFrom } from "../../i18n/calendar";
import { formatCount } from "../../i18n/numbers";
import { StateTag } from "../../components/common/StateTag";
import { AssignmentsDrawer } from "./AssignmentsDrawer";
import { ScheduleModal } from "./ScheduleModal";

type Row = ScheduleRecord & { [key: string]: unknown };

const ACTIVE_CHOICES = [
  { value: "true", labelKey: "schedulesUi.active" },
  { value: "false", labelKey: "schedulesUi.inactive" },
];

const crossesMidnight = (row: ScheduleRecord) => minutesOfDay(row.end_time) < minutesOfDay(row.start_time);

/** Columns in the reader's language and the company's week (days named in its order). */
function useColumns(): ListColumn<Row>[] {
  const { t, i18n } = useTranslation();
  const firstDay = useCompanyProfile().profile?.first_day_of_week ?? 1;
  const language = i18n.language;
  return useMemo(() => {
    const week = weekdaysFrom(firstDay, language);
    const days = (row: ScheduleRecord) =>
      week
        .filter(({ day }) => row.working_days.includes(day))
        .map(({ name }) => name)
        .join(", ");
    const minutes = (value: number) => t("schedulesUi.minutesValue", { value: formatCount(value, language) });
    return [
      { field: "name", titleKey: "schedulesUi.fields.name", kind: "text" },
      { field: "working_days", titleKey: "schedulesUi.fields.working_days", kind: "text", sortable: false, filterable: false, render: days, exportValue: days },
      {
        field: "start_time",
        titleKey: "schedulesUi.fields.hours",
        kind: "text",
        filterable: false,
        phone: true,
        render: (row) => <Hours row={row} />,
        exportValue: (row) => `${row.start_time}–${row.end_time}`,
      },
      { field: "unpaid_break_minutes", titleKey: "schedulesUi.fields.unpaid_break_minutes", kind: "number", sortable: false, filterable: false, render: (row) => minutes(row.unpaid_break_minutes) },
      { field: "grace_minutes", titleKey: "schedulesUi.fields.grace_minutes", kind: "number", sortable: false, filterable: false, render: (row) => minutes(row.grace_minutes) },
      {
        field: "overtime_after_minutes",
        titleKey: "schedulesUi.fields.overtime_after_minutes",
        kind: "number",
        sortable: false,
        filterable: false,
        render: (row) => t("schedulesUi.hoursValue", { value: hoursMinutes(row.overtime_after_minutes) }),
      },
      { field: "people_count", titleKey: "schedulesUi.fields.people_count", kind: "number", sortable: false, filterable: false, render: (row) => formatCount(row.people_count, language) },
      {
        field: "active",
        titleKey: "schedulesUi.fields.active",
        kind: "choice",
        choices: ACTIVE_CHOICES,
        render: (row) => <StateTag tone={row.active ? "good" : "neutral"}>{t(row.active ? "schedulesUi.active" : "schedulesUi.inactive")}</StateTag>,
      },
    ];
  }, [t, language, firstDay]);
}

/** The shift's times in the reader's way, marked when it ends the next day. */
function Hours({ row }: { row: ScheduleRecord }) {
  const { t, i18n } = useTranslation();
  const hours = `${formatTimeOfDay(row.start_time, i18n.language)} – ${formatTimeOfDay(row.end_time, i18n.language)}`;
  if (!crossesMidnight(row)) return <>{hours}</>;
  return (
    <Space size={4} wrap>
      {hours}
      <Tag>{t("schedulesUi.nextDay")}</Tag>
    </Space>
  );
}

/** The work schedules, each with who follows it; created and edited in a dialog, people assigned in a drawer. */
export function SchedulesList() {
  const { t } = useTranslation();
  const columns = useColumns();
  const create = useDialogForm<ScheduleRecord>("schedules", "create");
  const edit = useDialogForm<ScheduleRecord>("schedules", "edit");
  const [opened, setOpened] = useState<ScheduleRecord | null>(null);
  return (
    <>
      <ListPage<Row>
        resource="schedules"
        titleKey="schedulesUi.title"
        columns={columns}
        initialSorters={[{ field: "name", order: "asc" }]}
        createButton={<CreateButton resource="schedules" labelKey="schedulesUi.create" onClick={() => create.show()} />}
        rowActions={(row) => (
          <Space size="small">
            <Tooltip title={t("schedulesUi.people.open")}>
              <Button size="small" icon={<TeamOutlined />} aria-label={t("schedulesUi.people.openFor", { name: row.name })} onClick={() => setOpened(row)} />
            </Tooltip>
            <RecordActions
              resource="schedules"
              row={row}
              onEdit={edit.show}
              editLabel={t("schedulesUi.edit")}
              deleteLabel={t("schedulesUi.delete")}
              deleteConfirm={t("schedulesUi.deleteConfirm", { name: row.name })}
            />
          </Space>
        )}
      />
      <ScheduleModal form={create} titleKey="schedulesUi.create" />
      <ScheduleModal form={edit} titleKey="schedulesUi.edit" />
      <AssignmentsDrawer schedule={opened} onClose={() => setOpened(null)} />
    </>
  );
}
