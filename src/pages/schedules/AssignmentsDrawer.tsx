import { useRef, useState } from "react";
import { DeleteOutlined, UserAddOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import { useCreate, useDelete, useInvalidate } from "@refinedev/core";
import { Alert, Button, DatePicker, Drawer, Flex, Form, Popconfirm, Table, Typography, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { assignmentBody, type AssignmentRecord, type ScheduleRecord } from "../../../contracts/schedules";
import { usePolicy } from "../../auth/usePolicy";
import { dateFieldProps } from "../../components/common/DateField";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { successNotification, useFormSubmit, writeNotifications, zodRules } from "../../components/form";
import { SearchBox, useDateInputFormats } from "../../components/list";
import { formatCalendarDate, todayIn } from "../../i18n/calendar";
import { formatCount } from "../../i18n/numbers";
import { StateTag } from "../../components/common/StateTag";

const RULES = zodRules(assignmentBody.shape);

/** The schedule's assignments as a Refine resource: /api/schedules/{id}/assignments, and /{assignmentId} to remove one. */
const assignmentsOf = (scheduleId: number) => `schedules/${scheduleId}/assignments`;

type Row = AssignmentRecord & { [key: string]: unknown };

interface AssignValues {
  user_ids: number[];
  effective_from: string;
}

/** Puts the chosen people on the schedule from one date; the counts on the schedules' list follow. */
function AssignForm({ schedule }: { schedule: ScheduleRecord }) {
  const { t } = useTranslation();
  const { profile } = useCompanyProfile();
  const dateFormats = useDateInputFormats();
  const { mutateAsync } = useCreate();
  const invalidate = useInvalidate();
  const { formProps, busy, error } = useFormSubmit<AssignValues>({
    submit: async (values, form) => {
      // The 422 lands on the fields and anything else in the form's banner: no toast for a failure.
      await mutateAsync({ resource: assignmentsOf(schedule.id), values, successNotification, errorNotification: false });
      form.resetFields(["user_ids"]);
      await invalidate({ resource: "schedules", invalidates: ["list"] });
    },
  });
  return (
    <Form<AssignValues> {...formProps} name={`schedule-${schedule.id}-assign`} layout="vertical" initialValues={{ effective_from: todayIn(profile?.time_zone) }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="user_ids" label={t("schedulesUi.people.who")} rules={RULES.user_ids} extra={t("peoplePicker.hint")}>
        <PeoplePicker multiple />
      </Form.Item>
      <Form.Item name="effective_from" label={t("schedulesUi.people.from")} rules={RULES.effective_from} extra={t("schedulesUi.people.fromHint")} {...dateFieldProps}>
        <DatePicker format={dateFormats} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} icon={<UserAddOutlined aria-hidden />}>
        {t("schedulesUi.people.assign")}
      </Button>
    </Form>
  );
}

/** Who follows the schedule from when, newest first; an assignment still to come is marked. */
function AssignmentList({ schedule }: { schedule: ScheduleRecord }) {
  const { t, i18n } = useTranslation();
  const may = usePolicy();
  const { profile } = useCompanyProfile();
  const resource = assignmentsOf(schedule.id);
  const { tableProps, filters, setFilters, setCurrentPage } = useTable<Row>({
    resource,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "effective_from", order: "desc" }] },
    meta: { dateFields: ["effective_from"] },
  });
  const { mutate: remove } = useDelete();
  const invalidate = useInvalidate();
  // The removed row's button goes with it: the keyboard resumes at the list's heading, still inside the drawer.
  const heading = useRef<HTMLHeadingElement>(null);
  const removed = () => {
    heading.current?.focus();
    void invalidate({ resource: "schedules", invalidates: ["list"] });
  };
  const today = todayIn(profile?.time_zone);
  const columns: TableColumnsType<Row> = [
    { key: "user_name", dataIndex: "user_name", title: t("schedulesUi.people.person"), sorter: true },
    {
      key: "effective_from",
      dataIndex: "effective_from",
      title: t("schedulesUi.people.since"),
      sorter: true,
      render: (date: string) => (
        <Flex gap={6} wrap align="center">
          {formatCalendarDate(date, i18n.language)}
          {date > today && <StateTag tone="info">{t("schedulesUi.people.upcoming")}</StateTag>}
        </Flex>
      ),
    },
  ];
  if (may("schedules.assign"))
    columns.push({
      key: "actions",
      title: t("list.actions"),
      render: (_: unknown, row: Row) => (
        <Popconfirm
          title={t("schedulesUi.people.removeConfirm", { name: row.user_name, date: formatCalendarDate(row.effective_from, i18n.language) })}
          description={t("schedulesUi.people.removeHint")}
          okText={t("schedulesUi.people.removeOk")}
          cancelText={t("common.cancel")}
          onConfirm={() =>
            remove({ resource, id: row.id, ...writeNotifications }, { onSuccess: removed })
          }
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("schedulesUi.people.remove", { name: row.user_name })} />
        </Popconfirm>
      ),
    });
  return (
    <section aria-labelledby="schedule-assignments-title">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={2} id="schedule-assignments-title" ref={heading} tabIndex={-1} style={{ margin: 0, outline: "none" }}>
          {t("schedulesUi.people.listTitle")}
        </Typography.Title>
        <SearchBox controller={{ filters, setFilters, setCurrentPage }} width={220} />
      </Flex>
      <Table<Row>
        {...tableProps}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (total, [from, to]) => t("list.pager.range", { from: formatCount(from), to: formatCount(to), total: formatCount(total) }) }}
        rowKey="id"
        columns={columns}
        size="small"
        scroll={{ x: "max-content" }}
        locale={{ emptyText: <Typography.Text type="secondary">{t("schedulesUi.people.none")}</Typography.Text> }}
      />
    </section>
  );
}

/**
 * A schedule's people in a drawer beside the list: assign several from a date,
 * see who follows it since when, take an assignment back.
 */
export function AssignmentsDrawer({ schedule, onClose }: { schedule: ScheduleRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const may = usePolicy();
  // The last schedule opened stays in the drawer while it slides shut.
  const [shown, setShown] = useState(schedule);
  if (schedule && schedule !== shown) setShown(schedule);
  return (
    <Drawer open={schedule !== null} onClose={onClose} destroyOnHidden width="min(640px, 100vw)" title={shown && t("schedulesUi.people.title", { name: shown.name })}>
      {shown && (
        <Flex vertical gap={24}>
          {may("schedules.assign") && <AssignForm schedule={shown} />}
          <AssignmentList schedule={shown} />
        </Flex>
      )}
    </Drawer>
  );
}
