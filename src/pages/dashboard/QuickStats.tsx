import { Col, Flex, Row, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { AdminStats } from "../../../contracts/dashboard";
import { Money } from "../../components/common/Money";
import { LinkButton } from "../../components/common/LinkButton";
import { DashboardCard } from "../../components/dashboard/DashboardCard";
import { formatPeriod } from "../../components/payroll/format";
import { RunStatusTag } from "../../components/payroll/RunStatusTag";
import { formatCount } from "../../i18n/numbers";
import { pagePath } from "../../resources";

/** One figure of a group: its words above, the count below. */
function Figure({ label, value }: { label: string; value: number }) {
  const { i18n } = useTranslation();
  return (
    <Col xs={12} sm={8} lg={6}>
      <Statistic title={label} value={formatCount(value, i18n.language)} />
    </Col>
  );
}

/** The day's figures at a glance: people, who is in, the payroll on its way, one's unread notifications. */
export function QuickStats({ stats }: { stats: AdminStats }) {
  const { t, i18n } = useTranslation();
  const { headcount, now, current_run: run } = stats;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <DashboardCard title={t("dashboard.people.title")}>
          <Row gutter={[16, 16]}>
            <Figure label={t("dashboard.people.active")} value={headcount.active} />
            <Figure label={t("dashboard.people.onLeave")} value={headcount.on_leave} />
            <Figure label={t("dashboard.people.newThisMonth")} value={headcount.new_this_month} />
          </Row>
        </DashboardCard>
      </Col>
      <Col xs={24} xl={12}>
        <DashboardCard title={t("dashboard.now.title")}>
          <Row gutter={[16, 16]}>
            <Figure label={t("dashboard.now.working")} value={now.clocked_in - now.on_break} />
            <Figure label={t("dashboard.now.onBreak")} value={now.on_break} />
            <Figure label={t("dashboard.now.late")} value={now.late} />
            <Figure label={t("dashboard.now.absent")} value={now.absent} />
          </Row>
        </DashboardCard>
      </Col>
      <Col xs={24} xl={16}>
        <DashboardCard
          title={t("dashboard.run.title")}
          extra={run && <LinkButton size="small" to={pagePath("payroll", "show", run.id)}>{t("dashboard.run.open")}</LinkButton>}
        >
          {run ? (
            <Flex vertical gap={12}>
              <Flex wrap gap={8} align="center">
                <Typography.Text strong>{run.name}</Typography.Text>
                <RunStatusTag status={run.status} />
                <Typography.Text type="secondary">{formatPeriod(run.period_start, run.period_end, i18n.language)}</Typography.Text>
              </Flex>
              <Row gutter={[16, 16]}>
                <Figure label={t("dashboard.run.people")} value={run.total_people} />
                <Col xs={12} sm={8} lg={6}>
                  <Statistic title={t("dashboard.run.gross")} valueRender={() => <Money minor={run.total_gross} currency={run.currency} />} />
                </Col>
                <Col xs={12} sm={8} lg={6}>
                  <Statistic title={t("dashboard.run.net")} valueRender={() => <Money minor={run.total_net} currency={run.currency} />} />
                </Col>
                <Col xs={12} sm={8} lg={6}>
                  <Statistic title={t("dashboard.run.employerCost")} valueRender={() => <Money minor={run.total_employer_cost} currency={run.currency} />} />
                </Col>
              </Row>
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t("dashboard.run.none")}</Typography.Text>
          )}
        </DashboardCard>
      </Col>
      <Col xs={24} xl={8}>
        <DashboardCard title={t("dashboard.notifications.title")} extra={<LinkButton size="small" to={pagePath("notifications", "list")}>{t("dashboard.notifications.open")}</LinkButton>}>
          <Row>
            <Col span={24}>
              <Statistic title={t("dashboard.notifications.unread")} value={formatCount(stats.unread_notifications, i18n.language)} />
            </Col>
          </Row>
        </DashboardCard>
      </Col>
    </Row>
  );
}
