import { useMemo } from "react";
import { useCreate, useList } from "@refinedev/core";
import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Radio, Switch, Typography, type FormRule } from "antd";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { attendanceWindowFor, nextPayPeriod, payDateFor, periodFits } from "../../../contracts/pay-periods";
import { MAX_PERIOD_DAYS, runBody, type RunBody, type RunRecord } from "../../../contracts/payroll";
import type { SettingsValues } from "../../../contracts/settings";
import { requiredText } from "../../../contracts/validation";
import { usePolicy } from "../../auth/usePolicy";
import { dateFieldProps, typedDateProps } from "../../components/common/DateField";
import { rangeLength } from "../../components/common/dateRange";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { useRunName } from "../../components/payroll/useRunName";
import { useSettingsGroup } from "../../components/settings/useSettingsGroup";
import { FieldRow, issueText, successNotification, useFormSubmit, zodRule, zodRules } from "../../components/form";
import { useDateInputFormats } from "../../components/list";
import { todayIn } from "../../i18n/calendar";
import { pagePath } from "../../resources";

const RULES = zodRules(runBody.shape);
const WHO = ["all", "department", "people"] as const;
type Who = (typeof WHO)[number];

interface Values {
  name?: string;
  period_start: string;
  period_end: string;
  pay_date: string;
  /** Attendance closes before the period ends: the window below is what the run pays. */
  cut_off: boolean;
  attendance_start?: string;
  attendance_end?: string;
  who: Who;
  /** Named as the API's body nests them, so a 422 on people.user_ids lands on its field. */
  people?: { department?: string; user_ids?: number[] };
}

const NAME = requiredText(120);
/** The name is optional: left empty, the server names the run after its period. */
const NAME_RULE: FormRule = {
  validator: async (_, value: unknown) => {
    if (typeof value !== "string" || !value.trim()) return;
    const result = NAME.safeParse(value);
    if (!result.success) throw new Error(issueText(result.error.issues[0]));
  },
};

/** The end of the period: not before its start, and a period of at most a quarter, as the server checks. */
const PERIOD_END_RULE: FormRule = ({ getFieldValue }) => ({
  validator: async (_, end: string | undefined) => {
    const start = getFieldValue("period_start") as string | undefined;
    if (!start || !end) return;
    if (end < start) throw new Error(i18next.t("payroll.runs.endBeforeStart"));
    if (rangeLength({ from: start, to: end }) > MAX_PERIOD_DAYS) throw new Error(i18next.t("payroll.runs.periodTooLong", { max: MAX_PERIOD_DAYS }));
  },
});

/** The attendance window's end: not before its start, at most a quarter, and by the period's end, as the server checks. */
const WINDOW_END_RULE: FormRule = ({ getFieldValue }) => ({
  validator: async (_, end: string | undefined) => {
    const start = getFieldValue("attendance_start") as string | undefined;
    const periodEnd = getFieldValue("period_end") as string | undefined;
    if (!start || !end) return;
    if (end < start) throw new Error(i18next.t("payroll.runs.endBeforeStart"));
    if (rangeLength({ from: start, to: end }) > MAX_PERIOD_DAYS) throw new Error(i18next.t("payroll.runs.periodTooLong", { max: MAX_PERIOD_DAYS }));
    if (periodEnd && end > periodEnd) throw new Error(i18next.t("payroll.runs.attendanceAfterPeriod"));
  },
});

/** The pay date: in or after the period, as the server checks. */
const PAY_DATE_RULE: FormRule = ({ getFieldValue }) => ({
  validator: async (_, payDate: string | undefined) => {
    const start = getFieldValue("period_start") as string | undefined;
    if (start && payDate && payDate < start) throw new Error(i18next.t("payroll.runs.payBeforePeriod"));
  },
});

/**
 * The coming run as the payroll settings lay runs out: the period of the pay
 * frequency after the latest regular run's (or the last one ended, for a
 * first run), paid on the day the pay-day rule gives it.
 */
export function comingRun(
  settings: Pick<SettingsValues<"payroll">, "pay_frequency" | "pay_day_rule" | "pay_day_of_month" | "attendance_cutoff_days">,
  latestEnd: string | undefined,
  today: string,
): Pick<Values, "period_start" | "period_end" | "pay_date" | "cut_off" | "attendance_start" | "attendance_end"> {
  const period = nextPayPeriod(settings.pay_frequency, latestEnd, today);
  return { ...period, pay_date: payDateFor(settings.pay_day_rule, settings.pay_day_of_month, period), ...windowFields(period, settings.attendance_cutoff_days) };
}

/** The attendance window's fields for a period: the settings' cut-off days before its end, or the period itself with no cut-off. */
function windowFields(period: { period_start: string; period_end: string }, cutoffDays: number) {
  const window = attendanceWindowFor(period, cutoffDays);
  return { cut_off: cutoffDays > 0, attendance_start: window.period_start, attendance_end: window.period_end };
}

/** Unread settings (a caller who may not read them) lay runs out monthly, paid on the period's last day, with no cut-off. */
const MONTHLY = { pay_frequency: "monthly", pay_day_rule: "last_day", pay_day_of_month: 31, attendance_cutoff_days: 0 } as const;

function bodyOf(values: Values, correctsId: number | undefined): Partial<RunBody> {
  const name = values.name?.trim();
  const people: RunBody["people"] =
    values.who === "department" ? { department: values.people?.department ?? "" } : values.who === "people" ? { user_ids: values.people?.user_ids ?? [] } : "all";
  return {
    ...(name ? { name } : {}),
    period_start: values.period_start,
    period_end: values.period_end,
    pay_date: values.pay_date,
    people,
    ...(values.cut_off && values.attendance_start && values.attendance_end ? { attendance_start: values.attendance_start, attendance_end: values.attendance_end } : {}),
    ...(correctsId !== undefined ? { corrects_id: correctsId } : {}),
  };
}

/** Everyone, a department or chosen people: a named radio group (antd's passes no role on). */
function WhoChoice({ id, value, onChange }: { id?: string; value?: Who; onChange?: (value: Who) => void }) {
  const { t } = useTranslation();
  // Choosing people means finding them by name: offered to those the people lookup answers.
  const may = usePolicy();
  const choices = WHO.filter((choice) => choice !== "people" || may("users.lookup"));
  return (
    <div id={id} role="radiogroup" aria-label={t("payrollUi.runs.create.who")}>
      <Radio.Group
        name="payroll-create-who"
        value={value}
        onChange={(event) => onChange?.(event.target.value as Who)}
        options={choices.map((choice) => ({ value: choice, label: t(`payrollUi.runs.create.whoChoices.${choice}`) }))}
      />
    </div>
  );
}

/**
 * The form inside the dialog: mounted only while it is open, so each opening
 * starts from the coming period, or, for a correction, from the corrected
 * run's period and pay date with chosen people (a correction rarely pays everyone).
 */
function CreateRunForm({ onClose, corrects }: { onClose: () => void; corrects?: RunRecord }) {
  const { t } = useTranslation();
  const may = usePolicy();
  const navigate = useNavigate();
  const dateFormats = useDateInputFormats();
  const zone = useCompanyProfile().profile?.time_zone;
  const latest = useList<RunRecord>({ resource: "payroll", pagination: { pageSize: 1 }, sorters: [{ field: "period_end", order: "desc" }], filters: [{ field: "kind", operator: "eq", value: "regular" }], queryOptions: { enabled: !corrects } });
  const latestEnd = latest.result.data?.[0]?.period_end;
  const payroll = useSettingsGroup("payroll");
  const settings = payroll.values ?? (payroll.failed ? MONTHLY : undefined);
  const initialValues = useMemo(
    () =>
      corrects
        ? {
            who: (may("users.lookup") ? "people" : "all") as Who,
            period_start: corrects.period_start,
            period_end: corrects.period_end,
            pay_date: corrects.pay_date,
            cut_off: corrects.attendance_start !== corrects.period_start || corrects.attendance_end !== corrects.period_end,
            attendance_start: corrects.attendance_start,
            attendance_end: corrects.attendance_end,
          }
        : settings && { who: "all" as Who, ...comingRun(settings, latestEnd, todayIn(zone)) },
    [corrects, may, latestEnd, zone, settings],
  );
  const { mutateAsync } = useCreate<RunRecord>();
  const { formProps, error, busy } = useFormSubmit<Values>({
    submit: async (values) => {
      // The 422 lands on the fields and anything else in the form's banner: no toast for a failure.
      const created = await mutateAsync({ resource: "payroll", values: bodyOf(values, corrects?.id), successNotification, errorNotification: false });
      onClose();
      navigate(pagePath("payroll", "show", created.data.id));
    },
  });
  const who = Form.useWatch("who", formProps.form) ?? "all";
  const periodStart = Form.useWatch("period_start", formProps.form);
  const periodEnd = Form.useWatch("period_end", formProps.form);
  // A correction pays the corrected run's period, whatever it was.
  const cutOff = Form.useWatch("cut_off", formProps.form) ?? false;
  // Shown, the window's dates are needed: left empty, the run would quietly pay its period's attendance.
  const windowRequired: FormRule = { required: true, message: t("validation.required") };
  const cutoffDays = settings?.attendance_cutoff_days ?? 0;
  const misfit = !corrects && settings && periodStart && periodEnd && periodStart <= periodEnd && !periodFits(settings.pay_frequency, { period_start: periodStart, period_end: periodEnd });

  if (latest.query.isLoading || !initialValues) return null;
  return (
    <Form<Values>
      {...formProps}
      name="payroll-create"
      layout="vertical"
      initialValues={initialValues}
      // A new period moves its attendance window with it, the settings' cut-off days before its end.
      onValuesChange={(changed: Partial<Values>, all: Values) => {
        if ((changed.period_start || changed.period_end) && all.period_start && all.period_end) formProps.form?.setFieldsValue(windowFields(all, cutoffDays));
      }}
    >
      {corrects && <Typography.Paragraph>{t("payrollUi.runs.create.correctionExplains")}</Typography.Paragraph>}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <FieldRow>
        <Form.Item name="period_start" label={t("payrollUi.runs.create.periodStart")} rules={RULES.period_start} {...dateFieldProps}>
          <DatePicker format={dateFormats} style={{ width: "100%" }} {...typedDateProps} />
        </Form.Item>
        <Form.Item name="period_end" label={t("payrollUi.runs.create.periodEnd")} rules={[...RULES.period_end, PERIOD_END_RULE]} dependencies={["period_start"]} {...dateFieldProps}>
          <DatePicker format={dateFormats} style={{ width: "100%" }} {...typedDateProps} />
        </Form.Item>
      </FieldRow>
      {misfit && <Alert type="warning" showIcon message={t("payrollUi.runs.create.periodMisfit", { frequency: t(`settings.payroll.frequencies.${settings.pay_frequency}`) })} style={{ marginBottom: 16 }} />}
      <Form.Item name="cut_off" label={t("payrollUi.runs.create.cutOff")} valuePropName="checked" extra={t("payrollUi.runs.create.cutOffHint")}>
        <Switch />
      </Form.Item>
      {cutOff && (
        <FieldRow>
          <Form.Item name="attendance_start" label={t("payrollUi.runs.create.attendanceStart")} rules={[windowRequired, ...RULES.attendance_start]} {...dateFieldProps}>
            <DatePicker format={dateFormats} style={{ width: "100%" }} {...typedDateProps} />
          </Form.Item>
          <Form.Item
            name="attendance_end"
            label={t("payrollUi.runs.create.attendanceEnd")}
            rules={[windowRequired, ...RULES.attendance_end, WINDOW_END_RULE]}
            dependencies={["attendance_start", "period_end"]}
            {...dateFieldProps}
          >
            <DatePicker format={dateFormats} style={{ width: "100%" }} {...typedDateProps} />
          </Form.Item>
        </FieldRow>
      )}
      <Form.Item name="pay_date" label={t("payrollUi.runs.create.payDate")} rules={[...RULES.pay_date, PAY_DATE_RULE]} dependencies={["period_start"]} extra={t("payrollUi.runs.create.payDateHint")} {...dateFieldProps}>
        <DatePicker format={dateFormats} {...typedDateProps} />
      </Form.Item>
      <Form.Item name="who" label={t("payrollUi.runs.create.who")}>
        <WhoChoice />
      </Form.Item>
      {who === "department" && (
        <Form.Item name={["people", "department"]} label={t("payrollUi.runs.create.department")} rules={[zodRule(requiredText(120))]} extra={t("payrollUi.runs.create.departmentHint")}>
          <Input />
        </Form.Item>
      )}
      {who === "people" && (
        <Form.Item
          name={["people", "user_ids"]}
          label={t("payrollUi.runs.create.people")}
          rules={[{ validator: async (_, ids: number[] | undefined) => { if (!ids?.length) throw new Error(t("payroll.runs.noPeople")); } }]}
          extra={t("peoplePicker.hint")}
        >
          <PeoplePicker multiple />
        </Form.Item>
      )}
      <Form.Item name="name" label={t("payrollUi.runs.create.name")} rules={[NAME_RULE]} extra={t("payrollUi.runs.create.nameHint")}>
        <Input />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t("payrollUi.runs.create.submit")}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * A new run: its period, pay date and who it pays; created as a draft and
 * opened for calculation. Given a released run, an off-cycle run correcting it.
 */
export function CreateRunDialog({ open, onClose, corrects }: { open: boolean; onClose: () => void; corrects?: RunRecord }) {
  const { t } = useTranslation();
  const name = useRunName()(corrects?.name ?? "");
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={corrects ? t("payrollUi.runs.create.correctionTitle", { name }) : t("payrollUi.runs.create.title")}
      footer={null}
      destroyOnHidden
    >
      <CreateRunForm onClose={onClose} corrects={corrects} />
    </Modal>
  );
}
