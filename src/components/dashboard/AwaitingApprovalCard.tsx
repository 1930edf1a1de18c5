import { Flex } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AwaitingApproval } from "../../../contracts/dashboard-own";
import { dashboardPaths } from "../../api/dashboard";
import { formatDateTime } from "../../lib/dates";
import { formatCount } from "../../i18n/numbers";
import { pagePath } from "../../resources";
import { LinkButton } from "../common/LinkButton";
import { Money } from "../common/Money";
import { formatPeriod } from "../payroll/format";
import { useRunName } from "../payroll/useRunName";
import { grantedOnly } from "./grantedOnly";
import { CappedList, WidgetRow } from "./WidgetList";
import { WidgetCard } from "./WidgetCard";

function AwaitingList() {
  const { t, i18n } = useTranslation();
  const runName = useRunName();
  return (
    <WidgetCard<AwaitingApproval>
      path={dashboardPaths.awaitingApproval}
      title={t("dashboardWidgets.awaiting.title")}
      extra={<LinkButton type="link" to={pagePath("payroll", "list")}>{t("dashboardWidgets.awaiting.all")}</LinkButton>}
      testId="awaiting-approval"
    >
      {(data) => (
        <CappedList items={data.items} total={data.total} label={t("dashboardWidgets.awaiting.title")} empty={t("dashboardWidgets.awaiting.none")}>
          {(run) => (
            <WidgetRow
              key={run.id}
              title={<Link to={pagePath("payroll", "show", run.id)}>{runName(run.name)}</Link>}
              meta={`${formatPeriod(run.period_start, run.period_end, i18n.language)} · ${t("dashboardWidgets.awaiting.people", { count: run.people, formatted: formatCount(run.people, i18n.language) })}`}
              aside={
                <dl style={{ margin: 0, textAlign: "end", fontVariantNumeric: "tabular-nums" }}>
                  <Flex gap={6} justify="flex-end">
                    <dt>{t("payrollUi.runs.totals.gross")}</dt>
                    <dd style={{ margin: 0 }}>
                      <Money minor={run.gross} currency={run.currency} />
                    </dd>
                  </Flex>
                  <Flex gap={6} justify="flex-end">
                    <dt>{t("payrollUi.runs.totals.net")}</dt>
                    <dd style={{ margin: 0, fontWeight: 600 }}>
                      <Money minor={run.net} currency={run.currency} />
                    </dd>
                  </Flex>
                </dl>
              }
            >
              {run.calculated_at &&
                (run.calculated_by?.name
                  ? t("dashboardWidgets.awaiting.calculatedBy", { name: run.calculated_by.name, when: formatDateTime(run.calculated_at) })
                  : t("dashboardWidgets.awaiting.calculated", { when: formatDateTime(run.calculated_at) }))}
            </WidgetRow>
          )}
        </CappedList>
      )}
    </WidgetCard>
  );
}

/**
 * Payroll runs calculated and waiting for approval (GET /api/dashboard/awaiting-approval),
 * longest waiting first, each with its period, people, gross and net, and who
 * calculated it, leading to the run. Shown only to those who may release pay;
 * on both dashboards.
 */
export const AwaitingApprovalCard = grantedOnly("dashboard.awaitingApproval", AwaitingList);
