import { useMemo } from "react";
import { useCustom, type CrudFilter } from "@refinedev/core";
import { Flex, Skeleton } from "antd";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { MAX_RANGE_DAYS, type ReportRow, type weeklyAttendance } from "../../../contracts/attendance-reports";
import { hoursMinutes } from "../../components/attendance/time";
import { AttendanceByDayChart } from "../../components/charts/AttendanceByDayChart";
import { monthOf, todayIn, type DateRange } from "../../components/common/dateRange";
import { DateRangeField } from "../../components/common/DateRangeField";
import { useDateRangeParams } from "../../components/common/useDateRangeParams";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { ListPage, type ListColumn } from "../../components/list";
import { findLanguage } from "../../i18n/languages";
import { formatCount } from "../../i18n/numbers";
import { PageTitle } from "../../components/common/PageTitle";
import { dateTimeFormat } from "../../../contracts/intl";

type Row = ReportRow & { [key: string]: unknown };
type DailyAttendance = z.infer<typeof weeklyAttendance>;

/** A sum over the range: worked out per request, so neither sorted nor filtered by the API. */
const sum = (field: keyof ReportRow, titleKey: string, render: (value: number) => string, phone = false): ListColumn<Row> => ({
  field,
  titleKey,
  kind: "number",
  sortable: false,
  filterable: false,
  phone,
  render: (row) => render(row[field] as number),
});
const days = (field: keyof ReportRow, titleKey: string, phone?: boolean) => sum(field, titleKey, (value) => formatCount(value), phone);
// The export is the server's (the resource's exportApi): worked hours as a decimal, the rest in minutes, numbers a spreadsheet sums.
const duration = (field: keyof ReportRow, titleKey: string, phone?: boolean): ListColumn<Row> => sum(field, titleKey, hoursMinutes, phone);

const COLUMNS: ListColumn<Row>[] = [
  { field: "name", titleKey: "attendanceReports.columns.person", kind: "text" },
  { field: "employee_number", titleKey: "attendanceReports.columns.employeeNumber", kind: "text" },
  { field: "department", titleKey: "attendanceReports.columns.department", kind: "text" },
  days("days_scheduled", "attendanceReports.columns.daysScheduled"),
  days("days_present", "attendanceReports.columns.daysPresent", true),
  days("days_late", "attendanceReports.columns.daysLate"),
  days("days_half", "attendanceReports.columns.daysHalf"),
  days("days_absent", "attendanceReports.columns.daysAbsent", true),
  days("days_leave", "attendanceReports.columns.daysLeave", true),
  duration("worked_minutes", "attendanceReportsUi.columns.worked", true),
  duration("late_minutes", "attendanceReportsUi.columns.late"),
  duration("overtime_minutes", "attendanceReportsUi.columns.overtime"),
  duration("undertime_minutes", "attendanceReportsUi.columns.undertime"),
  duration("night_minutes", "attendanceReportsUi.columns.night"),
  duration("rest_day_minutes", "attendanceReportsUi.columns.restDay"),
  duration("rest_day_overtime_minutes", "attendanceReportsUi.columns.restDayOvertime"),
  duration("regular_holiday_minutes", "attendanceReportsUi.columns.regularHoliday"),
  duration("regular_holiday_overtime_minutes", "attendanceReportsUi.columns.regularHolidayOvertime"),
  duration("special_holiday_minutes", "attendanceReportsUi.columns.specialHoliday"),
  duration("special_holiday_overtime_minutes", "attendanceReportsUi.columns.specialHolidayOvertime"),
  duration("special_holiday_rest_day_minutes", "attendanceReportsUi.columns.specialHolidayRestDay"),
  duration("special_holiday_rest_day_overtime_minutes", "attendanceReportsUi.columns.specialHolidayRestDayOvertime"),
  duration("regular_holiday_rest_day_minutes", "attendanceReportsUi.columns.regularHolidayRestDay"),
  duration("regular_holiday_rest_day_overtime_minutes", "attendanceReportsUi.columns.regularHolidayRestDayOvertime"),
];

/** A calendar day with its year, as the reader's language writes it ("Nov 1, 2026"). */
function longDate(date: string, language: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return dateTimeFormat(findLanguage(language)?.htmlLang ?? "en", { timeZone: "UTC", dateStyle: "medium" }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** The chart and the people of one range. */
function Report({ range }: { range: DateRange }) {
  const { t, i18n } = useTranslation();
  const daily = useCustom<{ data: DailyAttendance }>({ url: "/attendance/reports/daily", method: "get", config: { query: range } });
  // The API takes the range as its own from= and to= parameters (the resource's listParams).
  const rangeFilters = useMemo<CrudFilter[]>(
    () => [
      { field: "from", operator: "eq", value: range.from },
      { field: "to", operator: "eq", value: range.to },
    ],
    [range.from, range.to],
  );
  const dates = { from: longDate(range.from, i18n.language), to: longDate(range.to, i18n.language) };

  return (
    <>
      <AttendanceByDayChart
        title={t("attendanceReportsUi.chart.title")}
        caption={t("attendanceReportsUi.chart.caption", dates)}
        days={daily.result.data?.data?.days}
        loading={daily.query.isLoading}
      />
      <ListPage<Row>
        // A new range is a new report: it starts again from its first page, and its export holds the new range.
        key={`${range.from}/${range.to}`}
        resource="attendance-reports"
        titleKey="attendanceReportsUi.people"
        heading="section"
        columns={COLUMNS}
        rowKey="user_id"
        nameField="name"
        permanentFilters={rangeFilters}
        initialSorters={[{ field: "name", order: "asc" }]}
      />
    </>
  );
}

/**
 * /attendance/reports: everyone's attendance over a range of days (this
 * month in the company's zone unless the address says otherwise), as a chart
 * of each day's states and a row per person with their sums.
 */
export default function AttendanceReportsPage() {
  const { t } = useTranslation();
  const zone = useCompanyProfile().profile?.time_zone;
  const thisMonth = useMemo(() => (zone ? monthOf(todayIn(zone)) : undefined), [zone]);
  const [range, setRange] = useDateRangeParams(thisMonth, MAX_RANGE_DAYS);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <PageTitle style={{ margin: 0 }}>
          {t("attendanceReportsUi.title")}
        </PageTitle>
        {range && <DateRangeField value={range} onChange={setRange} maxDays={MAX_RANGE_DAYS} />}
      </Flex>
      {range ? <Report range={range} /> : <Skeleton active title={false} />}
    </Flex>
  );
}
