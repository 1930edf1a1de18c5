import { FieldTimeOutlined } from "@ant-design/icons";
import { Card, Flex, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { AttendanceRecord } from "../../../contracts/attendance";
import { clockTime, hoursMinutes, workedSeconds } from "../../components/attendance/time";
import { useMyDay } from "../../components/attendance/useMyDay";
import { WorkedTimer } from "../../components/attendance/WorkedTimer";
import { ClockStateTag } from "../../components/attendance/ClockStateTag";
import { WeekCard } from "../../components/attendance/WeekCard";
import { StateTag } from "../../components/common/StateTag";
import { LinkButton } from "../../components/common/LinkButton";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { pagePath } from "../../resources";
import { PageTitle } from "../../components/common/PageTitle";

const breakMinutes = (record: AttendanceRecord) =>
  Math.round(record.breaks.reduce((sum, pause) => sum + ((pause.ended_at ? new Date(pause.ended_at).getTime() : Date.now()) - new Date(pause.started_at).getTime()), 0) / 60_000);

const hoursAndMinutes = (seconds: number) => hoursMinutes(Math.floor(seconds / 60));

/**
 * /attendance: one's own day so far (the state, the time worked, each record
 * of today with its breaks and where it was clocked), the way to the clock,
 * and the week around today.
 */
export default function AttendanceOverviewPage() {
  const { t, i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  const zone = profile?.time_zone;
  const { state, records, loading } = useMyDay();
  const time = (iso: string) => <time dateTime={iso}>{clockTime(iso, zone, i18n.language)}</time>;

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>
          {t("attendanceUi.overview.title")}
        </PageTitle>
        <LinkButton type="primary" icon={<FieldTimeOutlined aria-hidden />} to={pagePath("attendance-clock", "list")}>
          {t("attendanceUi.overview.openClock")}
        </LinkButton>
      </Flex>

      <Card
        title={t("attendanceUi.overview.today")}
        extra={state && <ClockStateTag state={state} />}
        style={{ maxWidth: 960 }}
      >
        <Flex vertical gap={16}>
          <WorkedTimer records={records} />
          {/* antd's empty-table words are too faint for a 4.5:1 contrast: said as text instead. */}
          {records.length === 0 && !loading ? (
            <Typography.Text type="secondary">{t("attendanceUi.overview.empty")}</Typography.Text>
          ) : (
          <div data-testid="today-records">
          <Table<AttendanceRecord>
            rowKey="id"
            size="small"
            pagination={false}
            loading={loading}
            dataSource={records}
            scroll={{ x: "max-content" }}
            columns={[
              { key: "in", title: t("attendanceUi.overview.in"), render: (_, record) => time(record.clock_in_at) },
              {
                key: "out",
                title: t("attendanceUi.overview.out"),
                render: (_, record) => (record.clock_out_at ? time(record.clock_out_at) : <StateTag tone="good">{t("attendanceUi.overview.stillIn")}</StateTag>),
              },
              { key: "breaks", title: t("attendanceUi.overview.breaks"), render: (_, record) => t("attendanceUi.overview.minutes", { minutes: breakMinutes(record) }) },
              { key: "worked", title: t("attendanceUi.overview.worked"), render: (_, record) => hoursAndMinutes(workedSeconds(record, Date.now())) },
              {
                key: "where",
                title: t("attendanceUi.overview.where"),
                render: (_, record) => record.in_location?.name ?? (record.remote ? t("attendanceUi.timeline.remote") : "—"),
              },
            ]}
          />
          </div>
          )}
        </Flex>
      </Card>
      <WeekCard style={{ maxWidth: 960, marginTop: 16 }} />
    </>
  );
}
