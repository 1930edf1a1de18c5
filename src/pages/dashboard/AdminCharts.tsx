import { Col, Row, theme } from "antd";
import { useTranslation } from "react-i18next";
import type { AdminCharts as Charts } from "../../../contracts/dashboard";
import { hoursMinutes, workDate } from "../../components/attendance/time";
import { ChartCard } from "../../components/charts/ChartCard";
import { formatMoneyCompact, formatPercent, longMonth, shortDay, shortMonth } from "../../components/charts/labels";
import { Money } from "../../components/common/Money";
import { CardHeading } from "../../components/dashboard/DashboardCard";
import { findLanguage } from "../../i18n/languages";
import { formatCount } from "../../i18n/numbers";
import { numberFormat } from "../../../contracts/intl";

type Department = Charts["headcount_by_department"][number];
type AttendanceDay = Charts["attendance_by_day"][number];
type CostMonth = Charts["payroll_cost_by_month"]["months"][number];
type Overtime = Charts["overtime_by_department"]["departments"][number];

/** The four charts of the administrator's dashboard, each with its figures as a table. */
export function AdminCharts({ charts, loading }: { charts: Charts | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const language = i18n.language;
  const locale = findLanguage(language)?.htmlLang ?? "en";
  const count = (value: number) => formatCount(value, language);
  const percent = (value: number | null) => (value === null ? "—" : formatPercent(value, language));
  const department = (name: string | null) => name ?? t("dashboard.charts.noDepartment");
  // Rows keyed by the department's words: a person without one is "No department", not a blank.
  const departments = charts?.headcount_by_department.map((row) => ({ ...row, department: department(row.department) }));
  const overtime = charts?.overtime_by_department.departments.map((row) => ({ ...row, department: department(row.department), hours: Math.round(row.overtime_minutes / 6) / 10 }));
  const currency = charts?.payroll_cost_by_month.currency ?? "USD";
  const attendance = charts?.attendance_by_day.map((day) => ({ ...day, rate: day.rate_bp, lateness: day.late_bp }));

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChartCard<Department>
          title={<CardHeading>{t("dashboard.charts.headcount")}</CardHeading>}
          caption={t("dashboard.charts.headcountCaption")}
          rows={departments}
          loading={loading}
          chart={{ kind: "bars", horizontal: true, categoryKey: "department", series: [{ key: "people", label: t("dashboard.charts.people"), color: token.blue7 }], tickLabel: String, categoryLabel: String, value: count }}
          columns={[
            { key: "department", title: t("dashboard.charts.department"), dataIndex: "department" },
            { key: "people", title: t("dashboard.charts.people"), align: "right", render: (_, row) => count(row.people) },
          ]}
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard<AttendanceDay & { rate: number | null; lateness: number | null }>
          title={<CardHeading>{t("dashboard.charts.attendance")}</CardHeading>}
          caption={t("dashboard.charts.attendanceCaption")}
          rows={attendance}
          loading={loading}
          chart={{
            kind: "lines",
            categoryKey: "date",
            series: [
              { key: "rate", label: t("dashboard.charts.attendanceRate"), color: token.green7 },
              { key: "lateness", label: t("dashboard.charts.lateShare"), color: token.orange7 },
            ],
            tickLabel: (date) => shortDay(date, language),
            categoryLabel: (date) => workDate(date, language),
            value: (value) => formatPercent(value, language),
          }}
          columns={[
            { key: "date", title: t("dashboard.charts.date"), render: (_, day) => <time dateTime={day.date}>{workDate(day.date, language)}</time> },
            { key: "present", title: t("attendanceReports.statuses.present"), align: "right", render: (_, day) => count(day.present) },
            { key: "late", title: t("attendanceReports.statuses.late"), align: "right", render: (_, day) => count(day.late) },
            { key: "half_day", title: t("attendanceReports.statuses.half_day"), align: "right", render: (_, day) => count(day.half_day) },
            { key: "absent", title: t("attendanceReports.statuses.absent"), align: "right", render: (_, day) => count(day.absent) },
            { key: "rate", title: t("dashboard.charts.attendanceRate"), align: "right", render: (_, day) => percent(day.rate_bp) },
            { key: "lateness", title: t("dashboard.charts.lateShare"), align: "right", render: (_, day) => percent(day.late_bp) },
          ]}
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard<CostMonth>
          title={<CardHeading>{t("dashboard.charts.payrollCost")}</CardHeading>}
          caption={t("dashboard.charts.payrollCostCaption", { currency })}
          // Twelve months of nothing is no chart: the card says so instead.
          rows={charts?.payroll_cost_by_month.months.some((row) => row.runs > 0) ? charts.payroll_cost_by_month.months : []}
          empty={t("dashboard.charts.noPayroll")}
          loading={loading}
          chart={{
            kind: "bars",
            categoryKey: "month",
            series: [
              { key: "gross", label: t("dashboard.charts.gross"), color: token.blue7 },
              { key: "net", label: t("dashboard.charts.net"), color: token.green7 },
              { key: "employer_cost", label: t("dashboard.charts.employerCost"), color: token.purple7 },
            ],
            tickLabel: (month) => shortMonth(month, language),
            categoryLabel: (month) => longMonth(month, language),
            value: (minor) => formatMoneyCompact(minor, currency, language),
          }}
          columns={[
            { key: "month", title: t("dashboard.charts.month"), render: (_, row) => longMonth(row.month, language) },
            { key: "runs", title: t("dashboard.charts.runs"), align: "right", render: (_, row) => count(row.runs) },
            { key: "gross", title: t("dashboard.charts.gross"), align: "right", render: (_, row) => <Money minor={row.gross} currency={currency} /> },
            { key: "net", title: t("dashboard.charts.net"), align: "right", render: (_, row) => <Money minor={row.net} currency={currency} /> },
            { key: "employer_cost", title: t("dashboard.charts.employerCost"), align: "right", render: (_, row) => <Money minor={row.employer_cost} currency={currency} /> },
          ]}
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard<Overtime & { hours: number }>
          title={<CardHeading>{t("dashboard.charts.overtime", { month: charts ? longMonth(charts.overtime_by_department.month, language) : "" })}</CardHeading>}
          caption={t("dashboard.charts.overtimeCaption")}
          rows={overtime}
          loading={loading}
          empty={t("dashboard.charts.noOvertime")}
          chart={{
            kind: "bars",
            horizontal: true,
            categoryKey: "department",
            series: [{ key: "hours", label: t("dashboard.charts.overtimeHours"), color: token.orange7 }],
            tickLabel: String,
            categoryLabel: String,
            value: (hours) => t("dashboard.charts.hours", { hours: numberFormat(locale, { maximumFractionDigits: 1 }).format(hours) }),
          }}
          columns={[
            { key: "department", title: t("dashboard.charts.department"), dataIndex: "department" },
            { key: "overtime", title: t("dashboard.charts.overtimeHours"), align: "right", render: (_, row) => hoursMinutes(row.overtime_minutes) },
            { key: "people", title: t("dashboard.charts.peopleWithOvertime"), align: "right", render: (_, row) => count(row.people) },
          ]}
        />
      </Col>
    </Row>
  );
}
