import { Flex, Progress, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { QuickStats } from "../../../contracts/dashboard-own";
import { hoursMinutes } from "../../components/attendance/time";
import { DashboardCard } from "../../components/dashboard/DashboardCard";
import { formatPeriod } from "../../components/payroll/format";

/** The week's time worked against the time scheduled (the days to come included), as a bar and in hours and minutes. */
export function WeekHoursCard({ stats, loading }: { stats: QuickStats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const week = stats?.week;
  const workedOf = week && t("attendanceUi.week.workedOf", { worked: hoursMinutes(week.worked_minutes), scheduled: hoursMinutes(week.scheduled_minutes) });
  return (
    <DashboardCard title={t("userDashboard.week.title")} loading={loading} testId="week-hours">
      {week && (
        <Flex vertical gap={4}>
          <Typography.Text strong style={{ fontSize: 20, fontVariantNumeric: "tabular-nums" }} data-testid="week-worked">
            {workedOf}
          </Typography.Text>
          <Progress
            percent={week.scheduled_minutes > 0 ? Math.min(100, Math.floor((week.worked_minutes * 100) / week.scheduled_minutes)) : 0}
            showInfo={false}
            aria-label={t("userDashboard.week.progress")}
            aria-valuetext={workedOf}
          />
          <Typography.Text type="secondary">
            {week.scheduled_minutes === 0 ? t("userDashboard.week.noSchedule") : formatPeriod(week.from, week.to, i18n.language)}
          </Typography.Text>
        </Flex>
      )}
    </DashboardCard>
  );
}
