import { theme } from "antd";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import type { weeklyAttendance } from "../../../contracts/attendance-reports";
import { formatCount } from "../../i18n/numbers";
import { workDate } from "../attendance/time";
import { ChartCard } from "./ChartCard";
import { shortDay } from "./labels";
import type { ChartSeries } from "./SeriesChart";

/** One day's head count by state, as weekly-attendance and reports/daily answer it. */
export type AttendanceDayCounts = z.infer<typeof weeklyAttendance>["days"][number];

const STATES = ["present", "late", "half_day", "absent"] as const;

export interface AttendanceByDayChartProps {
  title: string;
  /** Said to screen readers before the table: what the figures are, over which days. */
  caption: string;
  days: readonly AttendanceDayCounts[] | undefined;
  loading?: boolean;
}

/** How many people were present, late, on a half day and absent each day, stacked. */
export function AttendanceByDayChart({ title, caption, days, loading = false }: AttendanceByDayChartProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const language = i18n.language;
  // Step 7 of antd's palettes: a deep shade on light surfaces, a light one on dark (3:1 or better on each).
  const colours: Record<(typeof STATES)[number], string> = { present: token.green7, late: token.orange7, half_day: token.purple7, absent: token.red7 };
  const series: ChartSeries[] = STATES.map((state) => ({ key: state, label: t(`attendanceReports.statuses.${state}`), color: colours[state] }));
  const count = (value: number) => formatCount(value, language);

  return (
    <ChartCard<AttendanceDayCounts>
      title={title}
      caption={caption}
      rows={days}
      loading={loading}
      chart={{ kind: "stacked", categoryKey: "date", series, tickLabel: (date) => shortDay(date, language), categoryLabel: (date) => workDate(date, language), value: count }}
      columns={[
        { key: "date", title: t("attendanceReports.columns.date"), render: (_, day) => <time dateTime={day.date}>{workDate(day.date, language)}</time> },
        ...series.map((layer) => ({ key: layer.key, title: layer.label, align: "right" as const, render: (_: unknown, day: AttendanceDayCounts) => count(day[layer.key as (typeof STATES)[number]]) })),
      ]}
    />
  );
}
