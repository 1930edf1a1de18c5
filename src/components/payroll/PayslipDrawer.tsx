import { useState } from "react";
import { useInvalidate } from "@refinedev/core";
import { Alert, Descriptions, Drawer, Flex, Table, Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LineKind, PayslipLine, PayslipRecord } from "../../../contracts/payroll";
import { formatCount } from "../../i18n/numbers";
import { Money } from "../common/Money";
import { formatDay, formatPeriod } from "./format";
import { Figures } from "./Figures";
import { RunStatusTag } from "./RunStatusTag";
import { useRunName } from "./useRunName";
import { Link } from "react-router";
import { usePolicy } from "../../auth/usePolicy";
import { formatDateTime } from "../../lib/dates";
import { pagePath } from "../../resources";
import { PayslipActions } from "./PayslipActions";
import { PayslipChanges } from "./PayslipChanges";
import { PayslipDownloads } from "./PayslipDownloads";
import { PayslipPreview } from "./PayslipPreview";
import { payslipSubject } from "./payslipSubject";
import { WithdrawnTag } from "./WithdrawnTag";

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

type DrawerTab = "lines" | "preview" | "changes" | "history";

/**
 * One payslip in a drawer beside its list, the payroll office's workspace on
 * it: who and which run, the totals, its lines (earnings, deductions, the
 * employer's contributions) and what they were worked out from; the payslip
 * as its person reads it, its PDF and who downloaded it; and, as the run's
 * state and the policy allow, its adjustments and note (runs not yet
 * approved), taking the person out of the run, or withdrawing it (released).
 * After a change the payslips list and the run's totals reload.
 */
export function PayslipDrawer({ payslip, onClose }: { payslip: PayslipRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const may = usePolicy();
  const invalidate = useInvalidate();
  // The last payslip opened stays in the drawer while it slides shut.
  const [shown, setShown] = useState(payslip);
  const [tab, setTab] = useState<DrawerTab>("lines");
  // The payslip as the server last answered a change of it (new totals, withdrawn), while it is the one shown.
  const [changed, setChanged] = useState<PayslipRecord | null>(null);
  if (payslip && payslip !== shown) {
    setShown(payslip);
    setTab("lines");
    setChanged(null);
  }
  const nameOf = useRunName();
  const dash = "—";
  const current = changed && changed.id === shown?.id ? changed : shown;
  // The list's row and the run's totals follow a change.
  const reload = () => {
    void invalidate({ resource: "payslips", invalidates: ["list"] });
    void invalidate({ resource: "payroll", invalidates: ["all"] });
  };
  const update = (next: PayslipRecord) => {
    setChanged(next);
    reload();
  };
  const subject = current && payslipSubject(current);
  const tabs = current && subject
    ? [
        { key: "lines", label: t("payslipsAdmin.tabs.lines"), children: <Details payslip={current} /> },
        { key: "preview", label: t("payslipsAdmin.tabs.preview"), children: <PayslipPreview payslipId={current.id} /> },
        ...(may("payslips.update", subject) ? [{ key: "changes", label: t("payslipsAdmin.tabs.changes"), children: <PayslipChanges payslipId={current.id} onSaved={update} /> }] : []),
        ...(may("payslips.history", subject) ? [{ key: "history", label: t("payslipsAdmin.tabs.history"), children: <PayslipDownloads payslipId={current.id} /> }] : []),
      ]
    : [];
  return (
    <Drawer
      open={payslip !== null}
      onClose={onClose}
      destroyOnHidden
      width="min(720px, 100vw)"
      title={current && t("payrollUi.payslips.drawerTitle", { name: current.user_name })}
    >
      {current && (
        <Flex vertical gap={20}>
          <PayslipActions
            payslip={current}
            onWithdrawn={update}
            onRemoved={() => {
              reload();
              onClose();
            }}
          />
          {current.withdrawn_at !== null && (
            <Alert
              type="warning"
              showIcon
              message={
                <Flex gap={8} align="center" wrap>
                  <WithdrawnTag />
                  <span>{t("payslipsAdmin.withdrawnOn", { date: formatDateTime(current.withdrawn_at) })}</span>
                </Flex>
              }
            />
          )}
          <Link to={`${pagePath("payslips", "list")}?user_id=${current.user_id}`} style={{ textDecoration: "underline" }}>
            {t("payrollUi.payslips.allOfPerson", { name: current.user_name })}
          </Link>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t("payrollUi.payslips.columns.employee_number")}>{current.employee_number ?? dash}</Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.department")}>{current.department ?? dash}</Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.run")}>
              <Link to={pagePath("payroll", "show", current.payroll_id)} style={{ textDecoration: "underline" }}>
                {nameOf(current.payroll_name)}
              </Link>
            </Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.period")}>{formatPeriod(current.period_start, current.period_end, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.pay_date")}>{formatDay(current.pay_date, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t("payrollUi.payslips.columns.status")}>
              <RunStatusTag status={current.status} />
            </Descriptions.Item>
          </Descriptions>
          <Figures
            label={t("payslipsAdmin.totals")}
            currency={current.currency}
            items={[
              { key: "gross", label: t("payrollUi.runs.totals.gross"), minor: current.gross },
              { key: "deductions", label: t("payrollUi.runs.totals.deductions"), minor: current.deductions },
              { key: "net", label: t("payrollUi.runs.totals.net"), minor: current.net, strong: true },
              { key: "employer_cost", label: t("payrollUi.runs.totals.employer_cost"), minor: current.employer_cost },
            ]}
            compact
          />
          <Tabs activeKey={tab} onChange={(key) => setTab(key as DrawerTab)} destroyOnHidden items={tabs} />
        </Flex>
      )}
    </Drawer>
  );
}

/** The payslip's lines by section, then what they were worked out from. */
function Details({ payslip }: { payslip: PayslipRecord }) {
  return (
    <Flex vertical gap={20}>
      {SECTIONS.map((kind) => (
        <Lines key={kind} kind={kind} lines={payslip.lines.filter((line) => line.kind === kind)} currency={payslip.currency} />
      ))}
      <Inputs payslip={payslip} />
    </Flex>
  );
}
