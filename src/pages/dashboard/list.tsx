import { Col, Flex, Row } from "antd";
import { useTranslation } from "react-i18next";
import type { AdminCharts as Charts, AdminStats } from "../../../contracts/dashboard";
import { AdminCharts } from "./AdminCharts";
import { ClockedInCard } from "./ClockedInCard";
import { QuickStats } from "./QuickStats";
import { RecentActivitiesCard } from "./RecentActivitiesCard";
import { StorageCard } from "./StorageCard";
import { AttendanceExceptionsCard, AwaitingApprovalCard, DashboardCard, useWidget } from "../../components/dashboard";
import { Greeting } from "../../components/dashboard/Greeting";
import { dashboardPaths } from "../../api/dashboard";
import { PageTitle } from "../../components/common/PageTitle";

/**
 * /dashboard, the administrator's first screen: the day at a glance, the
 * trends of people, attendance and payroll, who is in, what changed lately,
 * what waits for approval, and where the storage goes.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const stats = useWidget<AdminStats>(dashboardPaths.adminStats);
  const charts = useWidget<Charts>(dashboardPaths.adminCharts);

  return (
    <>
      <PageTitle style={{ marginTop: 0, marginBottom: 4 }}>
        {t("dashboard.title")}
      </PageTitle>
      <Greeting />
      <Flex vertical gap={16}>
        {stats.data ? <QuickStats stats={stats.data} /> : <DashboardCard title={t("dashboard.now.title")} loading={stats.loading} error={stats.error} />}
        {charts.error ? <DashboardCard title={t("dashboard.charts.title")} error={charts.error} /> : <AdminCharts charts={charts.data} loading={charts.loading} />}
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <ClockedInCard />
          </Col>
          <Col xs={24} xl={12}>
            <AttendanceExceptionsCard />
          </Col>
          <Col xs={24} xl={12}>
            <AwaitingApprovalCard />
          </Col>
          <Col xs={24} xl={12}>
            <RecentActivitiesCard />
          </Col>
        </Row>
        <StorageCard />
      </Flex>
    </>
  );
}
