import { Alert, Checkbox, Form, Input, InputNumber, Modal, Switch, TimePicker, Typography, type FormItemProps, type FormRule } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { scheduleBody, scheduleProblem, shiftMinutes, timeOfDay, minutesOfDay, type ScheduleRecord, type ScheduleTimes } from "../../../contracts/schedules";
import { hoursMinutes } from "../../components/attendance/time";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { FieldRow, zodRules, type DialogForm } from "../../components/form";
import { formatTimeOfDay, weekdaysFrom } from "../../i18n/calendar";

const RULES = zodRules(scheduleBody.shape);

/** What a new schedule starts from: an office week, the server's own defaults for the minutes. */
const NEW_SCHEDULE = {
  working_days: [1, 2, 3, 4, 5],
  start_time: "09:00",
  end_time: "18:00",
  unpaid_break_minutes: 60,
  grace_minutes: 0,
  overtime_after_minutes: 480,
  active: true,
};

const TIME_FORMAT = "HH:mm";

/** An "HH:MM" field shown in a TimePicker: the API sends and takes the text, the picker works with dayjs. */
const timeFieldProps: Pick<FormItemProps, "getValueProps" | "normalize"> = {
  // Hours and minutes set, not added: a day with a clock change has no 24-hour midnight-to-time span.
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs().hour(Number(value.slice(0, 2))).minute(Number(value.slice(3, 5))).second(0) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format(TIME_FORMAT) : null),
};

const isTime = (value: unknown): value is string => timeOfDay.safeParse(value).success;

/**
 * The contract's check of the times together (an end other than the start, a
 * break shorter than the shift), put on the field it names.
 */
const timesRule =
  (field: keyof ScheduleTimes): FormRule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const times = { start_time: getFieldValue("start_time"), end_time: getFieldValue("end_time"), unpaid_break_minutes: getFieldValue("unpaid_break_minutes") };
      if (!isTime(times.start_time) || !isTime(times.end_time) || typeof times.unpaid_break_minutes !== "number") return;
      const problem = scheduleProblem(times);
      if (problem?.field === field) throw new Error(i18next.t(problem.message));
    },
  });

/** How long the shift lasts, and that it ends the next day when it crosses midnight. Read aloud as the times change. */
function ShiftLength() {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const start: unknown = Form.useWatch("start_time", form);
  const end: unknown = Form.useWatch("end_time", form);
  const unpaid: unknown = Form.useWatch("unpaid_break_minutes", form);
  if (!isTime(start) || !isTime(end) || start === end) return <div aria-live="polite" />;
  const length = shiftMinutes(start, end);
  const paid = typeof unpaid === "number" && unpaid < length ? hoursMinutes(length - unpaid) : null;
  const values = { start: formatTimeOfDay(start, i18n.language), end: formatTimeOfDay(end, i18n.language), length: hoursMinutes(length), paid };
  const detail = paid ? t("schedulesUi.form.paidTime", values) : null;
  return (
    <div aria-live="polite" style={{ marginBottom: 16 }}>
      {minutesOfDay(end) < minutesOfDay(start) ? (
        <Alert type="info" showIcon message={t("schedulesUi.form.overnight", values)} description={detail} />
      ) : (
        <Typography.Text type="secondary">
          {t("schedulesUi.form.sameDay", values)} {detail}
        </Typography.Text>
      )}
    </div>
  );
}

/** The seven days as checkboxes, in the company's week order; a group named by its field's label for screen readers. */
function WorkingDays({ value, onChange, id, label }: { value?: number[]; onChange?: (days: number[]) => void; id?: string; label: string }) {
  const { i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  const days = weekdaysFrom(profile?.first_day_of_week ?? 1, i18n.language);
  return (
    <div id={id} role="group" aria-label={label}>
      <Checkbox.Group value={value} onChange={onChange} options={days.map(({ day, name }) => ({ value: day, label: name }))} />
    </div>
  );
}

/** A number of whole minutes, required: an emptied field says so rather than "wrong type". */
function minutesRules(rules: FormRule[]): FormRule[] {
  return [{ required: true, message: i18next.t("validation.required") }, ...rules];
}

/** Creating or editing a work schedule in a dialog. */
export function ScheduleModal({ form, titleKey }: { form: DialogForm<ScheduleRecord>; titleKey: string }) {
  const { t } = useTranslation();
  const field = (name: string) => t(`schedulesUi.fields.${name}`);
  const minutes = { min: 0, precision: 0, style: { width: "100%" }, suffix: t("schedulesUi.form.minutes") };
  return (
    <Modal {...form.modalProps} title={t(titleKey)} width={640} okText={t("common.save")} cancelText={t("common.cancel")}>
      <Form {...form.formProps} layout="vertical" initialValues={{ ...NEW_SCHEDULE, ...form.formProps.initialValues }}>
        <Form.Item name="name" label={field("name")} rules={RULES.name}>
          <Input />
        </Form.Item>
        <Form.Item name="working_days" label={field("working_days")} rules={RULES.working_days}>
          <WorkingDays label={field("working_days")} />
        </Form.Item>
        <FieldRow>
          <Form.Item name="start_time" label={field("start_time")} rules={RULES.start_time} {...timeFieldProps}>
            <TimePicker format={TIME_FORMAT} needConfirm={false} showNow={false} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="end_time" label={field("end_time")} rules={[...RULES.end_time, timesRule("end_time")]} dependencies={["start_time"]} {...timeFieldProps}>
            <TimePicker format={TIME_FORMAT} needConfirm={false} showNow={false} style={{ width: "100%" }} />
          </Form.Item>
        </FieldRow>
        <ShiftLength />
        <FieldRow>
          <Form.Item
            name="unpaid_break_minutes"
            label={field("unpaid_break_minutes")}
            rules={minutesRules([...RULES.unpaid_break_minutes, timesRule("unpaid_break_minutes")])}
            dependencies={["start_time", "end_time"]}
            extra={t("schedulesUi.form.breakHint")}
          >
            <InputNumber {...minutes} max={240} />
          </Form.Item>
          <Form.Item name="grace_minutes" label={field("grace_minutes")} rules={minutesRules(RULES.grace_minutes)} extra={t("schedulesUi.form.graceHint")}>
            <InputNumber {...minutes} max={120} />
          </Form.Item>
          <Form.Item name="overtime_after_minutes" label={field("overtime_after_minutes")} rules={minutesRules(RULES.overtime_after_minutes)} extra={<OvertimeHint />}>
            <InputNumber {...minutes} max={1440} />
          </Form.Item>
        </FieldRow>
        <Form.Item name="active" label={field("active")} valuePropName="checked" extra={t("schedulesUi.form.activeHint")}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The threshold in hours too: 480 minutes reads better as 8:00. */
function OvertimeHint() {
  const { t } = useTranslation();
  const threshold: unknown = Form.useWatch("overtime_after_minutes", Form.useFormInstance());
  return <>{t("schedulesUi.form.overtimeHint", { hours: typeof threshold === "number" ? hoursMinutes(threshold) : "—" })}</>;
}
