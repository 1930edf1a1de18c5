import { useMemo } from "react";
import { useCreate, useList } from "@refinedev/core";
import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Radio, Typography, type FormRule } from "antd";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { MAX_PERIOD_DAYS, runBody, type RunBody, type RunRecord } from "../../../contracts/payroll";
import { requiredText } from "../../../contracts/validation";
import { usePolicy } from "../../auth/usePolicy";
import { dateFieldProps } from "../../components/common/DateField";
import { addDays, monthOf, rangeLength } from "../../components/common/dateRange";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { useRunName } from "../../components/payroll/useRunName";
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

/**
 * The coming pay period: the month after the latest regular run's period (the
 * day after it ends, to the end of that month), or last month when there is
 * no run yet; paid five days after it ends.
 */
export function comingPeriod(latestEnd: string | undefined, today: string): Pick<Values, "period_start" | "period_end" | "pay_date"> {
  const start = latestEnd ? addDays(latestEnd, 1) : monthOf(addDays(monthOf(today).from, -1)).from;
  const end = monthOf(start).to;
  return { period_start: start, period_end: end, pay_date: addDays(end, 5) };
}

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
  const initialValues = useMemo(
    () =>
      corrects
        ? { who: (may("users.lookup") ? "people" : "all") as Who, period_start: corrects.period_start, period_end: corrects.period_end, pay_date: corrects.pay_date }
        : { who: "all" as Who, ...comingPeriod(latestEnd, todayIn(zone)) },
    [corrects, may, latestEnd, zone],
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

  if (latest.query.isLoading) return null;
  return (
    <Form<Values> {...formProps} name="payroll-create" layout="vertical" initialValues={initialValues}>
      {corrects && <Typography.Paragraph>{t("payrollUi.runs.create.correctionExplains")}</Typography.Paragraph>}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <FieldRow>
        <Form.Item name="period_start" label={t("payrollUi.runs.create.periodStart")} rules={RULES.period_start} {...dateFieldProps}>
          <DatePicker format={dateFormats} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="period_end" label={t("payrollUi.runs.create.periodEnd")} rules={[...RULES.period_end, PERIOD_END_RULE]} dependencies={["period_start"]} {...dateFieldProps}>
          <DatePicker format={dateFormats} style={{ width: "100%" }} />
        </Form.Item>
      </FieldRow>
      <Form.Item name="pay_date" label={t("payrollUi.runs.create.payDate")} rules={RULES.pay_date} extra={t("payrollUi.runs.create.payDateHint")} {...dateFieldProps}>
        <DatePicker format={dateFormats} />
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
