import { useCustom } from "@refinedev/core";
import { Card, Flex, Table, Typography } from "antd";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { periodSummary } from "../../../contracts/attendance-reports";
import { LinkButton } from "../common/LinkButton";
import { useCompanyProfile } from "../company/useCompanyProfile";
import { pagePath } from "../../resources";
import { DAY_COLUMNS, type DayRow } from "./dayColumns";
import { hoursMinutes, workDate } from "./time";
import { wallClockOf } from "./zonedTime";

type Week = z.infer<typeof periodSummary>;

/** The history's own cells for what a phone shows of a day (its status and time worked), so a day reads the same in both places. */
const DAY_CELLS = DAY_COLUMNS.filter((column) => column.phone);

/** Browsers indent a definition; the figures sit flush in a row instead. */
const FLUSH: CSSProperties = { margin: 0 };

/**
 * One's own week (GET /api/attendance/weekly-summary): each day with its
 * status and time worked, today marked, and the week's worked time against
 * the scheduled, the lateness and the overtime. Three narrow columns, so a
 * phone shows it whole.
 */
export function WeekCard({ style }: { style?: CSSProperties }) {
  const { t, i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  const summary = useCustom<{ data: Week }>({ url: "/attendance/weekly-summary", method: "get" });
  const week = summary.result.data?.data;
  const today = profile && wallClockOf(new Date().toISOString(), profile.time_zone).date;
  const totals = week?.totals;
  const scheduled = week?.days.reduce((sum, day) => sum + day.scheduled_minutes, 0) ?? 0;

  const figures = totals && [
    { label: t("attendanceUi.history.worked"), value: t("attendanceUi.week.workedOf", { worked: hoursMinutes(totals.worked_minutes), scheduled: hoursMinutes(scheduled) }) },
    {
      label: t("attendanceUi.history.late"),
      value: totals.days_late > 0 ? t("attendanceUi.week.lateOn", { minutes: hoursMinutes(totals.late_minutes), count: totals.days_late }) : hoursMinutes(0),
    },
    { label: t("attendanceUi.history.overtime"), value: hoursMinutes(totals.overtime_minutes) },
  ];

  return (
    <Card title={t("attendanceUi.week.title")} extra={<LinkButton to={pagePath("attendance-history", "list")}>{t("attendanceUi.history.title")}</LinkButton>} style={style}>
      <Flex vertical gap={16}>
        {figures && (
          <Flex component="dl" wrap gap="8px 32px" style={FLUSH} data-testid="week-totals">
            {figures.map(({ label, value }) => (
              <div key={label}>
                <dt>
                  <Typography.Text type="secondary">{label}</Typography.Text>
                </dt>
                <dd style={FLUSH}>
                  <Typography.Text strong>{value}</Typography.Text>
                </dd>
              </div>
            ))}
          </Flex>
        )}
        <div data-testid="week-days">
          <Table<DayRow>
            rowKey="date"
            size="small"
            pagination={false}
            loading={summary.query.isLoading}
            dataSource={week?.days as DayRow[] | undefined}
            onRow={(day) => (day.date === today ? { "aria-current": "date" } : {})}
            columns={[
              {
                key: "date",
                title: t("attendanceReports.columns.date"),
                render: (_, day) => (
                  <Typography.Text strong={day.date === today}>
                    <time dateTime={day.date}>{workDate(day.date, i18n.language)}</time>
                  </Typography.Text>
                ),
              },
              ...DAY_CELLS.map((column) => ({
                key: column.field,
                title: t(column.titleKey),
                align: column.kind === "number" ? ("right" as const) : undefined,
                render: (_: unknown, day: DayRow) => column.render!(day),
              })),
            ]}
          />
        </div>
      </Flex>
    </Card>
  );
}
