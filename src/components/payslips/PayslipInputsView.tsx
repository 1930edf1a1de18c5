import { useId } from "react";
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PayslipInputs } from "../../../contracts/payroll";
import { hoursMinutes } from "../../../contracts/durations";
import { formatCount } from "../../i18n/numbers";
import { Money } from "../common/Money";

export interface PayslipInputsViewProps {
  inputs: PayslipInputs;
  currency: string;
  /** The taxable income the lines came to. */
  taxable: number;
  /** The section title's level in the page's outline. */
  headingLevel?: 2 | 3 | 4 | 5;
}

/** What a payslip was computed from: the pay rate and the period's attendance. */
export function PayslipInputsView({ inputs, currency, taxable, headingLevel = 2 }: PayslipInputsViewProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const count = (value: number) => formatCount(value, i18n.language);
  // Exact minutes as h:mm; a payslip from before they were kept has its hours to two decimals.
  const time = (minutes: number | undefined, hours: number) => (minutes === undefined ? count(hours) : hoursMinutes(minutes));
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={headingLevel} id={id} style={{ marginTop: 0 }}>
        {t("payrollUi.payslips.inputs.title")}
      </Typography.Title>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.rate")}>
          {inputs.rate === null ? (
            t("payrollUi.payslips.inputs.noRate")
          ) : (
            <>
              <Money minor={inputs.rate} currency={currency} />
              {inputs.pay_basis && ` (${t(`employees.payBases.${inputs.pay_basis}`)})`}
            </>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.days_worked")}>{count(inputs.days_worked)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.hours_worked")}>{time(inputs.worked_minutes, inputs.hours_worked)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.overtime_hours")}>{time(inputs.overtime_minutes, inputs.overtime_hours)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.late_minutes")}>{count(inputs.late_minutes)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.undertime_minutes")}>{count(inputs.undertime_minutes)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.absences")}>{count(inputs.absences)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.taxable")}>
          <Money minor={taxable} currency={currency} />
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
}
