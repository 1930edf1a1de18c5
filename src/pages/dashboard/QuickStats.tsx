import { Col, Flex, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { AdminStats } from "../../../contracts/dashboard";
import { LinkButton } from "../../components/common/LinkButton";
import { DashboardCard } from "../../components/dashboard/DashboardCard";
import { Figures } from "../../components/payroll/Figures";
import { formatPeriod } from "../../components/payroll/format";
import { RunStatusTag } from "../../components/payroll/RunStatusTag";
import { useRunName } from "../../components/payroll/useRunName";
import { formatCount } from "../../i18n/numbers";
import { pagePath } from "../../resources";

/** The day's figures at a glance: people, who is in, the payroll on its way, one's unread notifications. */
export function QuickStats({ stats }: { stats: AdminStats }) {
  const { t, i18n } = useTranslation();
  const { headcount, now, current_run: run } = stats;
  const runName = useRunName();
  const count = (value: number) => formatCount(value, i18n.language);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <DashboardCard title={t("dashboard.people.title")}>
          <Figures
            compact
            label={t("dashboard.people.title")}
            items={[
              { key: "active", label: t("dashboard.people.active"), value: count(headcount.active) },
              { key: "on_leave", label: t("dashboard.people.onLeave"), value: count(headcount.on_leave) },
              { key: "new_this_month", label: t("dashboard.people.newThisMonth"), value: count(headcount.new_this_month) },
            ]}
          />
        </DashboardCard>
      </Col>
      <Col xs={24} xl={12}>
        <DashboardCard title={t("dashboard.now.title")}>
          <Figures
            compact
            label={t("dashboard.now.title")}
            items={[
              { key: "working", label: t("dashboard.now.working"), value: count(now.clocked_in - now.on_break) },
              { key: "on_break", label: t("dashboard.now.onBreak"), value: count(now.on_break) },
              { key: "late", label: t("dashboard.now.late"), value: count(now.late) },
              { key: "absent", label: t("dashboard.now.absent"), value: count(now.absent) },
            ]}
          />
        </DashboardCard>
      </Col>
      <Col xs={24} xl={16}>
        <DashboardCard title={t("dashboard.run.title")} extra={run && <LinkButton size="small" to={pagePath("payroll", "show", run.id)}>{t("dashboard.run.open")}</LinkButton>}>
          {run ? (
            <Flex vertical gap={12}>
              <Flex wrap gap={8} align="center">
                <Typography.Text strong>{runName(run.name)}</Typography.Text>
                <RunStatusTag status={run.status} />
                <Typography.Text type="secondary">{formatPeriod(run.period_start, run.period_end, i18n.language)}</Typography.Text>
              </Flex>
              <Figures
                compact
                label={t("dashboard.run.title")}
                currency={run.currency}
                items={[
                  { key: "people", label: t("dashboard.run.people"), value: count(run.total_people) },
                  { key: "gross", label: t("dashboard.run.gross"), minor: run.total_gross },
                  { key: "net", label: t("dashboard.run.net"), minor: run.total_net, strong: true },
                  { key: "employer_cost", label: t("dashboard.run.employerCost"), minor: run.total_employer_cost },
                ]}
              />
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t("dashboard.run.none")}</Typography.Text>
          )}
        </DashboardCard>
      </Col>
      <Col xs={24} xl={8}>
        <DashboardCard title={t("dashboard.notifications.title")} extra={<LinkButton size="small" to={pagePath("notifications", "list")}>{t("dashboard.notifications.open")}</LinkButton>}>
          <Figures compact items={[{ key: "unread", label: t("dashboard.notifications.unread"), value: count(stats.unread_notifications) }]} />
        </DashboardCard>
      </Col>
    </Row>
  );
}
