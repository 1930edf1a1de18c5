import { useState } from "react";
import { useInvalidate } from "@refinedev/core";
import { Alert, Descriptions, Drawer, Flex, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import type { PayslipRecord } from "../../../contracts/payroll";
import { PayslipExplanation } from "../payslips/PayslipExplanation";
import { PayslipInputsView } from "../payslips/PayslipInputsView";
import { PAYSLIP_SECTIONS, PayslipLines } from "../payslips/PayslipLines";
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
              {/* The run's review is for those who read runs; payslips alone name it only. */}
              {may("payroll.view") ? (
                <Link to={pagePath("payroll", "show", current.payroll_id)} style={{ textDecoration: "underline" }}>
                  {nameOf(current.payroll_name)}
                </Link>
              ) : (
                nameOf(current.payroll_name)
              )}
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

/** The payslip's lines by section, what they were worked out from, and on demand how each was. */
function Details({ payslip }: { payslip: PayslipRecord }) {
  return (
    <Flex vertical gap={20}>
      {PAYSLIP_SECTIONS.map((kind) => (
        <PayslipLines key={kind} kind={kind} lines={payslip.lines.filter((line) => line.kind === kind)} currency={payslip.currency} />
      ))}
      <PayslipInputsView inputs={payslip.inputs} currency={payslip.currency} taxable={payslip.taxable} />
      <PayslipExplanation payslipId={payslip.id} />
    </Flex>
  );
}
