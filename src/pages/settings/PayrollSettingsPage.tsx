import { Card, Form, Input, InputNumber, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { PAY_DAY_RULES, PAY_FREQUENCIES, payrollSettings, ROUNDING_RULES, UNWORKED_HOLIDAY_RULES } from "../../../contracts/settings";
import { usePolicy } from "../../auth/usePolicy";
import { FieldRow, zodRules } from "../../components/form";
import { SettingsForm } from "./SettingsForm";
import { useSettingsGroup } from "../../components/settings/useSettingsGroup";

const RULES = zodRules(payrollSettings.shape);

/** /settings/payroll-settings: how often people are paid, on which day, the figures that turn rates into pay, and how payslip PDFs are protected. */
export default function PayrollSettingsPage() {
  const { t } = useTranslation();
  const may = usePolicy();
  const { values, save } = useSettingsGroup("payroll");
  const choices = (group: string, values: readonly string[]) => values.map((value) => ({ value, label: t(`settings.payroll.${group}.${value}`) }));
  const field = (name: keyof typeof RULES) => ({ name, label: t(`settings.payroll.fields.${name}`), rules: RULES[name], extra: t(`settings.payroll.hints.${name}`, { defaultValue: "" }) || undefined });
  return (
    <SettingsForm titleKey="settings.payroll.title" values={values} save={save} editable={may("settings.update")}>
      <Card title={t("settings.payroll.schedule")} style={{ marginBottom: 16 }}>
        <FieldRow>
          <Form.Item {...field("pay_frequency")}>
            <Select options={choices("frequencies", PAY_FREQUENCIES)} />
          </Form.Item>
          <Form.Item {...field("pay_day_rule")}>
            <Select options={choices("payDayRules", PAY_DAY_RULES)} />
          </Form.Item>
        </FieldRow>
        <Form.Item noStyle shouldUpdate={(before, after) => before.pay_day_rule !== after.pay_day_rule}>
          {({ getFieldValue }) =>
            getFieldValue("pay_day_rule") === "fixed_day" && (
              <Form.Item {...field("pay_day_of_month")}>
                <InputNumber min={1} max={31} style={{ width: 160 }} />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item {...field("attendance_cutoff_days")}>
          <InputNumber min={0} max={15} style={{ width: 160 }} />
        </Form.Item>
      </Card>
      <Card title={t("settings.payroll.rates")} style={{ marginBottom: 16 }}>
        <FieldRow>
          <Form.Item {...field("working_days_per_month")}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item {...field("hours_per_day")}>
            <Input inputMode="decimal" />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item {...field("overtime_multiplier")}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item {...field("rounding")}>
            <Select options={choices("roundingRules", ROUNDING_RULES)} />
          </Form.Item>
        </FieldRow>
        <Form.Item {...field("unworked_holiday_rule")}>
          <Select options={choices("unworkedHolidayRules", UNWORKED_HOLIDAY_RULES)} style={{ maxWidth: 480 }} />
        </Form.Item>
      </Card>
      <Card title={t("settings.payroll.approval")} style={{ marginBottom: 16 }}>
        <Form.Item {...field("separate_approver")} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Card>
      <Card title={t("settings.payroll.payslips")} style={{ marginBottom: 16 }}>
        <Form.Item {...field("pdf_password")} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item {...field("email_payslips")} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Card>
    </SettingsForm>
  );
}
