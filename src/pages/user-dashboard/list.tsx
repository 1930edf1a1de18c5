import type { CSSProperties } from "react";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import type { QuickStats } from "../../../contracts/dashboard-own";
import { dashboardPaths } from "../../api/dashboard";
import { usePolicy } from "../../auth/usePolicy";
import { ClockPanel } from "../../components/attendance/ClockPanel";
import { AttendanceExceptionsCard, AwaitingApprovalCard, CardHeading, NewHiresCard, useWidget } from "../../components/dashboard";
import { Greeting } from "../../components/dashboard/Greeting";
import { LeaveCard } from "./LeaveCard";
import { NextShiftCard } from "./NextShiftCard";
import { NotificationsCard } from "./NotificationsCard";
import { LatestPayslipCard, YearToDateCard } from "./PayCards";
import { WeekHoursCard } from "./WeekHoursCard";
import { PageTitle } from "../../components/common/PageTitle";

/** One column on a phone, as many as fit on a wider screen; each card as tall as its content. */
const GRID: CSSProperties = { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 320px), 1fr))", gap: 16, alignItems: "start" };

/**
 * /user-dashboard: what one opens every day. The time clock (for those who
 * clock), the week's hours against the schedule, the next shift, the latest
 * payslip, the year's pay and the latest notifications, from one call
 * (GET /api/dashboard/quick-stats), and what is left of one's leave (its own call); then the staff widgets the person's
 * permissions allow, each from its own call.
 */
export default function UserDashboardPage() {
  const { t } = useTranslation();
  const may = usePolicy();
  const { data: stats, loading, error } = useWidget<QuickStats>(dashboardPaths.quickStats);
  const own = { stats, loading };

  return (
    <>
      <PageTitle style={{ marginTop: 0, marginBottom: 4 }}>
        {t("userDashboard.title")}
      </PageTitle>
      <Greeting />
      {error && <Alert type="error" showIcon message={t("userDashboard.loadFailed")} description={error} style={{ marginBottom: 16 }} />}
      <div style={GRID}>
        {may("attendance.clock") && <ClockPanel title={<CardHeading>{t("userDashboard.today")}</CardHeading>} />}
        {!error && (
          <>
            <WeekHoursCard {...own} />
            <NextShiftCard {...own} />
            <LeaveCard />
            <LatestPayslipCard {...own} />
            <YearToDateCard {...own} />
            <NotificationsCard {...own} />
          </>
        )}
        <AttendanceExceptionsCard />
        <AwaitingApprovalCard />
        <NewHiresCard />
      </div>
    </>
  );
}
