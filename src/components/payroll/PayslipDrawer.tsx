import { useState } from "react";
import { Descriptions, Drawer, Flex, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LineKind, PayslipLine, PayslipRecord } from "../../../contracts/payroll";
import { formatCount } from "../../i18n/numbers";
import { Money } from "../common/Money";
import { formatDay, formatPeriod } from "./format";
import { Figures } from "./Figures";
import { RunStatusTag } from "./RunStatusTag";
import { useRunName } from "./useRunName";
import { Link } from "react-router";
import { pagePath } from "../../resources";

/** The sections of a payslip, in the order people read them: what is earned, what is taken, what the employer adds. */
const SECTIONS: readonly LineKind[] = ["earning", "deduction", "employer"];

/** One section's lines with their total; none says so in words. */
function Lines({ kind, lines, currency }: { kind: LineKind; lines: PayslipLine[]; currency: string }) {
  const { t } = useTranslation();
  const title = t(`payrollUi.payslips.sections.${kind}`);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const id = `payslip-lines-${kind}`;
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={5} id={id} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {lines.length === 0 ? (
        <Typography.Paragraph>{t(`payrollUi.payslips.noLines.${kind}`)}</Typography.Paragraph>
      ) : (
        <Table<PayslipLine>
          size="small"
          pagination={false}
          rowKey={(line) => `${line.kind}:${line.code}`}
          dataSource={lines}
          aria-label={title}
          columns={[
            {
              key: "name",
              title: t("payrollUi.payslips.component"),
              render: (_, line) => (
                <Flex vertical>
                  <span>{line.name}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {line.code}
                  </Typography.Text>
                </Flex>
              ),
            },
            { key: "amount", title: t("payrollUi.payslips.amount"), align: "right", render: (_, line) => <Money minor={line.amount} currency={currency} /> },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t("payrollUi.payslips.total")}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong>
                  <Money minor={total} currency={currency} />
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </section>
  );
}

/** What the payslip was computed from: the pay rate and the period's attendance. */
function Inputs({ payslip }: { payslip: PayslipRecord }) {
  const { t, i18n } = useTranslation();
  const { inputs } = payslip;
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <section aria-labelledby="payslip-inputs">
      <Typography.Title level={5} id="payslip-inputs">
        {t("payrollUi.payslips.inputs.title")}
      </Typography.Title>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.rate")}>
          {inputs.rate === null ? (
            t("payrollUi.payslips.inputs.noRate")
          ) : (
            <>
              <Money minor={inputs.rate} currency={payslip.currency} />
              {inputs.pay_basis && ` (${t(`employees.payBases.${inputs.pay_basis}`)})`}
            </>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.days_worked")}>{count(inputs.days_worked)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.hours_worked")}>{count(inputs.hours_worked)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.overtime_hours")}>{count(inputs.overtime_hours)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.late_minutes")}>{count(inputs.late_minutes)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.undertime_minutes")}>{count(inputs.undertime_minutes)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.inputs.absences")}>{count(inputs.absences)}</Descriptions.Item>
        <Descriptions.Item label={t("payrollUi.payslips.taxable")}>
          <Money minor={payslip.taxable} currency={payslip.currency} />
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
}

/**
 * One payslip in a drawer beside its list: who and which run, the totals,
 * each line (earnings, deductions, the employer's contributions) and the
 * figures it was worked out from. Read-only.
 */
export function PayslipDrawer({ payslip, onClose }: { payslip: PayslipRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  // The last payslip opened stays in the drawer while it slides shut.
  const [shown, setShown] = useState(payslip);
  if (payslip && payslip !== shown) setShown(payslip);
  const nameOf = useRunName();
  const dash = "—";
  return (
    <Drawer
      open={payslip !== null}
      onClose={onClose}
      destroyOnHidden
      width="min(720px, 100vw)"
      title={shown && t("payrollUi.payslips.drawerTitle", { name: shown.user_name })}
    >
      {shown && (
        <Flex vertical gap={20}>
          <Link to={`${pagePath("payslips", "list")}?user_id=${shown.user_id}`} style={{ textDecoration: "underline" }}>
            {t("payrollUi.payslips.allOfPerson", { name: shown.user_name })}
          </Link>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t("payrollUi.payslips.columns.employee_number")}>{shown.employee_number ?? dash}</Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.department")}>{shown.department ?? dash}</Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.run")}>
              <Link to={pagePath("payroll", "show", shown.payroll_id)} style={{ textDecoration: "underline" }}>
                {nameOf(shown.payroll_name)}
              </Link>
            </Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.period")}>{formatPeriod(shown.period_start, shown.period_end, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.pay_date")}>{formatDay(shown.pay_date, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.status")}>
              <RunStatusTag status={shown.status} />
            </Descriptions.Item>
          </Descriptions>
          <Figures
            currency={shown.currency}
            items={[
              { key: "gross", label: t("payrollUi.runs.totals.gross"), minor: shown.gross },
              { key: "deductions", label: t("payrollUi.runs.totals.deductions"), minor: shown.deductions },
              { key: "net", label: t("payrollUi.runs.totals.net"), minor: shown.net, strong: true },
              { key: "employer_cost", label: t("payrollUi.runs.totals.employer_cost"), minor: shown.employer_cost },
            ]}
            compact
          />
          {SECTIONS.map((kind) => (
            <Lines key={kind} kind={kind} lines={shown.lines.filter((line) => line.kind === kind)} currency={shown.currency} />
          ))}
          <Inputs payslip={shown} />
        </Flex>
      )}
    </Drawer>
  );
}
