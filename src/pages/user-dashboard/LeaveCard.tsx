import { Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LeaveBalancesReply } from "../../../contracts/leave";
import { leavePaths } from "../../api/leave";
import { LinkButton } from "../../components/common/LinkButton";
import { DashboardCard, useWidget } from "../../components/dashboard";
import { formatDecimal } from "../../i18n/numbers";
import { pagePath } from "../../resources";

/** The paid types one is granted (an entitlement or a carry-over), most available first. */
const WORTH_SHOWING = 3;

/** What is left of one's paid leave this year, the requests still waiting, and the way to ask for more (/leave?ask=1). */
export function LeaveCard() {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useWidget<LeaveBalancesReply>(leavePaths.balances());
  const granted = (data?.lines ?? []).filter((line) => line.leave_type.active && line.leave_type.paid && line.entitled + line.carried_over > 0 && !line.usable_from);
  const top = [...granted].sort((a, b) => b.available - a.available).slice(0, WORTH_SHOWING);
  const waiting = (data?.lines ?? []).reduce((sum, line) => sum + line.pending, 0);
  const days = (value: number) => formatDecimal(String(value), i18n.language, 2);
  return (
    <DashboardCard
      title={t("userDashboard.leave.title")}
      extra={<LinkButton type="link" to={`${pagePath("leave", "list")}?ask=1`}>{t("leave.requests.new")}</LinkButton>}
      loading={loading}
      error={error}
      testId="leave-balances"
    >
      {data && (
        <Flex vertical gap={6}>
          {top.length === 0 && <Typography.Text type="secondary">{t("userDashboard.leave.none")}</Typography.Text>}
          {top.map((line) => (
            <Flex key={line.leave_type.id} justify="space-between" gap={12}>
              <Typography.Text>{line.leave_type.name}</Typography.Text>
              <Typography.Text strong>{t("leave.requests.available", { count: Math.max(0, line.available), days: days(Math.max(0, line.available)) })}</Typography.Text>
            </Flex>
          ))}
          {waiting > 0 && <Typography.Text type="secondary">{t("userDashboard.leave.waiting", { count: waiting, days: days(waiting) })}</Typography.Text>}
        </Flex>
      )}
    </DashboardCard>
  );
}
