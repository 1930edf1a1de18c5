import { Card } from "antd";
import { useTranslation } from "react-i18next";
import { ClockPanel } from "../../components/attendance/ClockPanel";
import { DayTimeline } from "../../components/attendance/DayTimeline";
import { useMyDay } from "../../components/attendance/useMyDay";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { PageTitle } from "../../components/common/PageTitle";

/**
 * /attendance/clock: phone-first. The time clock (the state, its buttons, the
 * time worked today, where the device is), and today's events at the
 * company's time of day, which follow each clock action.
 */
export default function ClockPage() {
  const { t } = useTranslation();
  const { profile } = useCompanyProfile();
  const { records } = useMyDay();

  return (
    <div style={{ maxWidth: 560, margin: "0 auto" }}>
      <PageTitle style={{ marginTop: 0 }}>
        {t("attendanceUi.clock.title")}
      </PageTitle>

      <div style={{ marginBottom: 16 }}>
        <ClockPanel />
      </div>

      <Card title={t("attendanceUi.timeline.title")} size="small">
        <DayTimeline records={records} zone={profile?.time_zone} />
      </Card>
    </div>
  );
}
