import { lazy, Suspense, useState } from "react";
import { Button, Card, Skeleton, Table, theme, Typography } from "antd";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import type { weeklyAttendance } from "../../../contracts/attendance-reports";
import { findLanguage } from "../../i18n/languages";
import { formatCount } from "../../i18n/numbers";
import { workDate } from "../attendance/time";
import { VISUALLY_HIDDEN } from "../common/visuallyHidden";
import { useReducedMotion } from "../../theme/useReducedMotion";
import type { BarSeries, ChartLook } from "./StackedDayBars";

const StackedDayBars = lazy(() => import("./StackedDayBars"));

/** One day's head count by state, as weekly-attendance and reports/daily answer it. */
export type AttendanceDayCounts = z.infer<typeof weeklyAttendance>["days"][number];

const STATES = ["present", "late", "half_day", "absent"] as const;

const HEIGHT = 280;

/** The axis' day: month and day as the reader's language writes them ("Nov 3", "11月3日"). */
function shortDay(date: string, language: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(findLanguage(language)?.htmlLang ?? "en", { timeZone: "UTC", month: "short", day: "numeric" }).format(new Date(Date.UTC(year, month - 1, day)));
}

export interface AttendanceByDayChartProps {
  title: string;
  /** Said to screen readers before the table: what the figures are, over which days. */
  caption: string;
  days: readonly AttendanceDayCounts[] | undefined;
  loading?: boolean;
}

/**
 * How many people were present, late, on a half day and absent each day,
 * stacked. The same figures are a table: read to screen readers under the
 * chart, and shown instead of it at the press of a button.
 */
export function AttendanceByDayChart({ title, caption, days, loading = false }: AttendanceByDayChartProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const animate = !useReducedMotion();
  const [asTable, setAsTable] = useState(false);
  const language = i18n.language;
  // Step 7 of antd's palettes: a deep shade on light surfaces, a light one on dark (3:1 or better on each).
  const colours: Record<(typeof STATES)[number], string> = { present: token.green7, late: token.orange7, half_day: token.purple7, absent: token.red7 };
  const series: BarSeries[] = STATES.map((state) => ({ key: state, label: t(`attendanceReports.statuses.${state}`), color: colours[state] }));
  const rows = days ?? [];
  const look: ChartLook = {
    text: token.colorText,
    secondaryText: token.colorTextSecondary,
    line: token.colorBorder,
    grid: token.colorBorderSecondary,
    cursor: token.colorFillTertiary,
    surface: token.colorBgElevated,
    radius: token.borderRadius,
    shadow: token.boxShadowSecondary,
    fontSize: token.fontSizeSM,
    strongWeight: token.fontWeightStrong,
    animate,
  };

  return (
    <Card
      title={title}
      extra={
        <Button size="small" onClick={() => setAsTable((shown) => !shown)}>
          {t(asTable ? "charts.showChart" : "charts.showTable")}
        </Button>
      }
    >
      {!asTable && (
        <div aria-hidden style={{ height: HEIGHT }}>
          {loading ? (
            <Skeleton active paragraph={{ rows: 6 }} title={false} />
          ) : rows.length === 0 ? (
            <Typography.Text type="secondary">{t("charts.empty")}</Typography.Text>
          ) : (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} title={false} />}>
              <StackedDayBars
                days={rows}
                series={series}
                height={HEIGHT}
                tickLabel={(date) => shortDay(date, language)}
                dayLabel={(date) => workDate(date, language)}
                count={(value) => formatCount(value, language)}
                look={look}
              />
            </Suspense>
          )}
        </div>
      )}
      <div style={asTable ? undefined : VISUALLY_HIDDEN}>
        <Table<AttendanceDayCounts>
          caption={<span style={VISUALLY_HIDDEN}>{caption}</span>}
          rowKey="date"
          size="small"
          pagination={false}
          loading={loading}
          dataSource={rows as AttendanceDayCounts[]}
          scroll={{ x: "max-content" }}
          // antd's empty-table picture writes in too faint a grey for 4.5:1.
          locale={{ emptyText: <Typography.Text type="secondary">{t("charts.empty")}</Typography.Text> }}
          columns={[
            { key: "date", title: t("attendanceReports.columns.date"), render: (_, day) => <time dateTime={day.date}>{workDate(day.date, language)}</time> },
            ...series.map((layer) => ({ key: layer.key, title: layer.label, align: "right" as const, render: (_: unknown, day: AttendanceDayCounts) => formatCount(day[layer.key as (typeof STATES)[number]], language) })),
          ]}
        />
      </div>
    </Card>
  );
}
