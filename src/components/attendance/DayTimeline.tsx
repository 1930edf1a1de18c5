import type { ReactNode } from "react";
import { CoffeeOutlined, LoginOutlined, LogoutOutlined } from "@ant-design/icons";
import { Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { AttendanceRecord } from "../../../contracts/attendance";
import { clockTime } from "./time";

interface Event {
  at: string;
  label: string;
  detail?: string;
  color: string;
  icon: ReactNode;
}

/** Every clock event of the records (in, breaks, out), in order, at the company's time of day. */
export function DayTimeline({ records, zone }: { records: AttendanceRecord[]; zone: string | undefined }) {
  const { t, i18n } = useTranslation();
  const where = (location: { name: string } | null, remote: boolean) => (location ? location.name : remote ? t("attendanceUi.timeline.remote") : undefined);
  const events: Event[] = records.flatMap((record) => [
    { at: record.clock_in_at, label: t("attendanceUi.timeline.clockIn"), detail: where(record.in_location, record.remote), color: "green", icon: <LoginOutlined aria-hidden /> },
    ...record.breaks.flatMap((pause) => [
      { at: pause.started_at, label: t("attendanceUi.timeline.breakStart"), color: "gray", icon: <CoffeeOutlined aria-hidden /> },
      ...(pause.ended_at ? [{ at: pause.ended_at, label: t("attendanceUi.timeline.breakEnd"), color: "blue", icon: <CoffeeOutlined aria-hidden /> }] : []),
    ]),
    ...(record.clock_out_at
      ? [{ at: record.clock_out_at, label: t("attendanceUi.timeline.clockOut"), detail: where(record.out_location, record.remote), color: "red", icon: <LogoutOutlined aria-hidden /> }]
      : []),
  ]);

  if (events.length === 0) return <Typography.Text type="secondary">{t("attendanceUi.timeline.empty")}</Typography.Text>;
  return (
    <Timeline
      data-testid="day-timeline"
      items={events.map((event) => ({
        key: `${event.label}-${event.at}`,
        color: event.color,
        dot: event.icon,
        children: (
          <>
            <Typography.Text strong style={{ fontVariantNumeric: "tabular-nums" }}>
              <time dateTime={event.at}>{clockTime(event.at, zone, i18n.language)}</time>
            </Typography.Text>{" "}
            {event.label}
            {event.detail && <Typography.Text type="secondary"> · {event.detail}</Typography.Text>}
          </>
        ),
      }))}
    />
  );
}
