import { useState } from "react";
import { EditOutlined } from "@ant-design/icons";
import { useCustom, useInvalidate } from "@refinedev/core";
import { Alert, Button, DatePicker, Descriptions, Form, Input, Modal, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { CLOCK_POLICIES } from "../../../contracts/attendance";
import type { PersonLookup } from "../../../contracts/users";
import { usersApi } from "../../api/users";
import { usePolicy } from "../../auth/usePolicy";
import { dateFieldProps } from "../../components/common/DateField";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { failureMessage } from "../../components/form";
import { useDateInputFormats, type BulkSelection } from "../../components/list";
import { formatCalendarDate } from "../../i18n/calendar";
import { http } from "../../lib/http";
import { toast } from "../../lib/toast";
import { useLocationOptions } from "./useLocationOptions";

interface Choices {
  department?: string;
  position?: string;
  role_id?: number;
  manager_id?: number;
  clock_policy?: string;
  work_location_ids?: number[];
  schedule_id?: number;
  effective_from?: string;
}

/** The changes the form holds: a field left empty changes nothing. */
function changesOf(values: Choices): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of ["department", "position", "role_id", "manager_id", "clock_policy"] as const) {
    const value = values[field];
    if (value !== undefined && value !== null && value !== "") changes[field] = typeof value === "string" ? value.trim() : value;
  }
  if (values.work_location_ids?.length) changes.work_location_ids = values.work_location_ids;
  if (values.schedule_id !== undefined && values.effective_from) changes.schedule = { schedule_id: values.schedule_id, effective_from: values.effective_from };
  return changes;
}

/**
 * The same changes for everyone selected on the Employees list: department,
 * position, role, manager, and (for attendance administrators) clock policy,
 * work locations and a schedule from a date. Then one confirmation saying
 * what changes, in words, for how many people.
 */
export function EditSelected({ ids, clear }: BulkSelection) {
  const { t, i18n } = useTranslation();
  const may = usePolicy();
  const setsClocking = may("users.setClocking");
  const assignsSchedules = may("schedules.assign");
  const [form] = Form.useForm<Choices>();
  const [open, setOpen] = useState(false);
  const [review, setReview] = useState<{ changes: Record<string, unknown>; lines: [string, string][] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const dateFormats = useDateInputFormats();
  const roles = useCustom<{ data: { id: number; name: string }[] }>({ url: "/roles/options", method: "get", queryOptions: { enabled: open } });
  const schedules = useCustom<{ data: { id: number; name: string }[] }>({
    url: "/schedules",
    method: "get",
    config: { query: { per_page: 100, sort: "name", "filter[active][equals]": "true" } },
    queryOptions: { enabled: open && assignsSchedules },
  });
  const locations = useLocationOptions(open && setsClocking);
  const field = (name: string) => t(`employees.fields.${name}`);
  const nameIn = (options: { id: number; name: string }[] | undefined, id: unknown) => options?.find((option) => option.id === id)?.name ?? String(id);

  /** What the confirmation lists: each change as the reader says it. */
  const describe = async (values: Choices, changes: Record<string, unknown>): Promise<[string, string][]> => {
    const lines: [string, string][] = [];
    if ("department" in changes) lines.push([field("department"), String(changes.department)]);
    if ("position" in changes) lines.push([field("position"), String(changes.position)]);
    if ("role_id" in changes) lines.push([field("role"), nameIn(roles.result.data?.data, changes.role_id)]);
    if ("manager_id" in changes) {
      const { data } = await http.get<{ data: PersonLookup[] }>("/users/lookup", { params: { ids: String(changes.manager_id) } });
      lines.push([field("manager_id"), data.data[0]?.name ?? String(changes.manager_id)]);
    }
    if ("clock_policy" in changes) lines.push([field("clock_policy"), t(`employees.clockPolicies.${String(changes.clock_policy)}`)]);
    if ("work_location_ids" in changes) lines.push([field("work_location_ids"), (values.work_location_ids ?? []).map((id) => nameIn(locations.options, id)).join(", ")]);
    if ("schedule" in changes) lines.push([t("employees.bulk.schedule"), t("employees.bulk.scheduleFrom", { name: nameIn(schedules.result.data?.data, values.schedule_id), date: formatCalendarDate(values.effective_from!, i18n.language) })]);
    return lines;
  };

  const toReview = async () => {
    const values = await form.validateFields();
    const changes = changesOf(values);
    if (Object.keys(changes).length === 0) return setProblem(t("employees.bulk.nothing"));
    setProblem(null);
    setReview({ changes, lines: await describe(values, changes) });
  };
  const save = async () => {
    if (!review) return;
    setBusy(true);
    try {
      const reply = await usersApi.bulkUpdate(ids.map(Number), review.changes);
      toast("success", reply.message);
      setReview(null);
      setOpen(false);
      form.resetFields();
      clear();
      void invalidate({ resource: "users", invalidates: ["list"] });
    } catch (failure) {
      setReview(null);
      setProblem(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<EditOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t("employees.bulk.open")}
      </Button>
      <Modal open={open} title={t("employees.bulk.title", { count: ids.length })} okText={t("employees.bulk.review")} onOk={() => void toReview()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t("employees.bulk.explains")}</Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="department" label={field("department")}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item name="position" label={field("position")}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item name="role_id" label={field("role")}>
            <Select allowClear loading={roles.query.isLoading} options={(roles.result.data?.data ?? []).map((role) => ({ value: role.id, label: role.name }))} />
          </Form.Item>
          <Form.Item name="manager_id" label={field("manager_id")}>
            <PeoplePicker />
          </Form.Item>
          {setsClocking && (
            <>
              <Form.Item name="clock_policy" label={field("clock_policy")}>
                <Select allowClear options={CLOCK_POLICIES.map((policy) => ({ value: policy, label: t(`employees.clockPolicies.${policy}`) }))} />
              </Form.Item>
              <Form.Item name="work_location_ids" label={field("work_location_ids")}>
                <Select mode="multiple" allowClear loading={locations.loading} optionFilterProp="label" options={locations.options.map((location) => ({ value: location.id, label: location.name }))} />
              </Form.Item>
            </>
          )}
          {assignsSchedules && (
            <>
              <Form.Item name="schedule_id" label={t("employees.bulk.schedule")}>
                <Select allowClear loading={schedules.query.isLoading} options={(schedules.result.data?.data ?? []).map((schedule) => ({ value: schedule.id, label: schedule.name }))} />
              </Form.Item>
              <Form.Item
                name="effective_from"
                label={t("employees.bulk.scheduleDate")}
                dependencies={["schedule_id"]}
                rules={[({ getFieldValue }) => ({ validator: (_, value) => (getFieldValue("schedule_id") !== undefined && !value ? Promise.reject(new Error(t("validation.required"))) : Promise.resolve()) })]}
                {...dateFieldProps}
              >
                <DatePicker format={dateFormats} style={{ width: "100%" }} />
              </Form.Item>
            </>
          )}
        </Form>
        {problem && <Alert type="error" showIcon message={problem} />}
      </Modal>
      <Modal
        open={review !== null}
        title={t("employees.bulk.confirmTitle", { count: ids.length })}
        okText={t("employees.bulk.confirm", { count: ids.length })}
        confirmLoading={busy}
        onOk={() => void save()}
        onCancel={() => setReview(null)}
      >
        <Descriptions column={1} size="small" items={(review?.lines ?? []).map(([label, value]) => ({ key: label, label, children: value }))} />
      </Modal>
    </>
  );
}
