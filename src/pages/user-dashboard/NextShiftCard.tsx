import { Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { QuickStats } from "../../../contracts/dashboard-own";
import { clockTime } from "../../components/attendance/time";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { DashboardCard } from "../../components/dashboard/DashboardCard";
import { formatCalendarDate } from "../../i18n/calendar";

/** Today's shift while it lasts, else the next working day's: its day, its hours at the company's time of day, and its schedule. */
export function NextShiftCard({ stats, loading }: { stats: QuickStats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  const shift = stats?.next_shift;
  const time = (iso: string) => <time dateTime={iso}>{clockTime(iso, profile?.time_zone, i18n.language)}</time>;
  return (
    <DashboardCard title={t("userDashboard.nextShift.title")} loading={loading} testId="next-shift">
      {stats &&
        (shift ? (
          <Flex vertical gap={4}>
            <Typography.Text strong style={{ fontSize: 20 }}>
              <time dateTime={shift.date}>{shift.date === stats.today ? t("userDashboard.nextShift.today") : formatCalendarDate(shift.date, i18n.language)}</time>
            </Typography.Text>
            <Typography.Text>
              {time(shift.starts_at)} – {time(shift.ends_at)}
            </Typography.Text>
            <Typography.Text type="secondary">{t("userDashboard.nextShift.schedule", { name: shift.schedule_name })}</Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t("userDashboard.nextShift.none")}</Typography.Text>
        ))}
    </DashboardCard>
  );
}
