/**
 * /api/attendance read calls: one's own days (history, recent, stats,
 * weekly-summary, export) under attendance.clock; anyone's days and the
 * reports (user-attendance, weekly-attendance, reports, reports/export,
 * export-filtered) under attendance_reports_access. Exports stream CSV or XLSX.
 */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { attendanceDay, periodSummary, personQuery, rangeQuery, reportRow, weekQuery, weeklyAttendance, type AttendanceDay } from "../../../contracts/attendance-reports";
import { dataReply, listReply } from "../../../contracts/replies";
import { users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import type { CsvCell } from "../../lib/csv";
import { exportFormatQuery, sendTable, tableReply, type ExportFormat } from "../../lib/table-export";
import { invalidField } from "../../lib/errors";
import { listQuerySchema } from "../../lib/list";
import { nextDate } from "../../lib/time-zone";
import { summarize, type DaysSummary } from "./derive-core";
import { checkRange, companyToday, dayBatches, dayList, daysOf, peopleList, personDays, reportBatches, reportPage, thisMonth, weekOf, countsOver } from "./reports";

const own = { action: "attendance.clock" } as const;
const anyone = { action: "attendance.viewAnyone" } as const;
const reports = { action: "attendance.reports" } as const;

/** How many days "recent" shows, today included. */
const RECENT_DAYS = 7;

/** Minutes on rest days and holidays and at night, after the workday's own in both exports: each its own column, summed by a spreadsheet. */
const KIND_COLUMNS = [
  ["nightMinutes", "night_minutes"],
  ["restDayMinutes", "rest_day_minutes"],
  ["restDayOvertimeMinutes", "rest_day_overtime_minutes"],
  ["regularHolidayMinutes", "regular_holiday_minutes"],
  ["regularHolidayOvertimeMinutes", "regular_holiday_overtime_minutes"],
  ["specialHolidayMinutes", "special_holiday_minutes"],
  ["specialHolidayOvertimeMinutes", "special_holiday_overtime_minutes"],
  ["specialHolidayRestDayMinutes", "special_holiday_rest_day_minutes"],
  ["specialHolidayRestDayOvertimeMinutes", "special_holiday_rest_day_overtime_minutes"],
  ["regularHolidayRestDayMinutes", "regular_holiday_rest_day_minutes"],
  ["regularHolidayRestDayOvertimeMinutes", "regular_holiday_rest_day_overtime_minutes"],
] as const satisfies readonly (readonly [string, keyof AttendanceDay & keyof DaysSummary])[];
const kindCells = (figures: Pick<AttendanceDay, (typeof KIND_COLUMNS)[number][1]>): CsvCell[] => KIND_COLUMNS.map(([, field]) => figures[field]);

const DAY_COLUMNS = [
  "date",
  "person",
  "employeeNumber",
  "status",
  "leaveType",
  "firstIn",
  "lastOut",
  "scheduledMinutes",
  "workedMinutes",
  "breakMinutes",
  "lateMinutes",
  "undertimeMinutes",
  "overtimeMinutes",
  ...KIND_COLUMNS.map(([column]) => column),
];
const REPORT_COLUMNS = [
  "person",
  "employeeNumber",
  "department",
  "daysScheduled",
  "daysPresent",
  "daysLate",
  "lateMinutes",
  "daysHalf",
  "daysAbsent",
  "daysLeave",
  "workedHours",
  "overtimeMinutes",
  "undertimeMinutes",
  ...KIND_COLUMNS.map(([column]) => column),
];

async function assertPerson(ctx: AppContext, id: number): Promise<void> {
  const [found] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!found) throw invalidField("user_id", "attendanceReports.unknownPerson");
}

export const attendanceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const dayCells = (t: (key: string) => string, person: { name: string; employee_number: string | null }, day: AttendanceDay): CsvCell[] => [
    day.date,
    person.name,
    person.employee_number,
    t(`attendanceReports.statuses.${day.status}`),
    day.leave_code && day.leave_share < 1 ? `${day.leave_code} ½` : day.leave_code,
    day.first_in,
    day.last_out,
    day.scheduled_minutes,
    day.worked_minutes,
    day.break_minutes,
    day.late_minutes,
    day.undertime_minutes,
    day.overtime_minutes,
    ...kindCells(day),
  ];

  app.get("/attendance/history", { config: own, schema: { querystring: listQuerySchema(dayList), response: { 200: listReply(attendanceDay) } } }, (request) =>
    personDays(ctx, request.user.id, request.query as Record<string, unknown>),
  );

  app.get(
    "/attendance/user-attendance",
    { config: anyone, schema: { querystring: listQuerySchema(dayList, personQuery.shape), response: { 200: listReply(attendanceDay) } } },
    async (request) => {
      const query = request.query as Record<string, unknown> & { user_id: number };
      await assertPerson(ctx, query.user_id);
      return personDays(ctx, query.user_id, { ...query, user_id: undefined });
    },
  );

  app.get("/attendance/recent", { config: own, schema: { response: { 200: dataReply(z.array(attendanceDay)) } } }, async (request) => {
    const { today } = await companyToday(ctx);
    return { data: (await daysOf(ctx, [request.user.id], nextDate(today, 1 - RECENT_DAYS), today)).reverse() };
  });

  app.get("/attendance/stats", { config: own, schema: { response: { 200: dataReply(periodSummary) } } }, async (request) => {
    const month = await thisMonth(ctx);
    const days = await daysOf(ctx, [request.user.id], month.from, month.to);
    return { data: { ...month, totals: summarize(days), days } };
  });

  app.get("/attendance/weekly-summary", { config: own, schema: { querystring: weekQuery, response: { 200: dataReply(periodSummary) } } }, async (request) => {
    const week = await weekOf(ctx, request.query.date);
    const days = await daysOf(ctx, [request.user.id], week.from, week.to);
    return { data: { ...week, totals: summarize(days), days } };
  });

  app.get("/attendance/weekly-attendance", { config: reports, schema: { querystring: weekQuery, response: { 200: dataReply(weeklyAttendance) } } }, async (request) => ({
    data: await countsOver(ctx, await weekOf(ctx, request.query.date)),
  }));

  app.get("/attendance/reports/daily", { config: reports, schema: { querystring: rangeQuery, response: { 200: dataReply(weeklyAttendance) } } }, async (request) => {
    checkRange(request.query);
    return { data: await countsOver(ctx, request.query) };
  });

  app.get(
    "/attendance/reports",
    { config: reports, schema: { querystring: listQuerySchema(peopleList, rangeQuery.shape), response: { 200: listReply(reportRow) } } },
    async (request) => {
      const query = request.query as Record<string, unknown> & { from: string; to: string };
      return reportPage(ctx, query, { ...query, from: undefined, to: undefined });
    },
  );

  const withFormat = (shape: Parameters<typeof listQuerySchema>[1]) => listQuerySchema(peopleList, { ...shape, ...exportFormatQuery });
  const fileName = (base: string, range: { from: string; to: string }) => `${base}-${range.from}-${range.to}`;

  app.get("/attendance/reports/export", { config: reports, schema: { querystring: withFormat(rangeQuery.shape), response: { 200: tableReply("Everyone's figures over the range, a row a person, as CSV or XLSX") } } }, async (request, reply) => {
    const { format, ...query } = request.query as Record<string, unknown> & { from: string; to: string; format: ExportFormat };
    checkRange(query);
    async function* rows() {
      for await (const batch of reportBatches(ctx, query, { ...query, from: undefined, to: undefined })) {
        yield batch.map((row): CsvCell[] => [row.name, row.employee_number, row.department, row.days_scheduled, row.days_present, row.days_late, row.late_minutes, row.days_half, row.days_absent, row.days_leave, row.worked_hours, row.overtime_minutes, row.undertime_minutes, ...kindCells(row)]);
      }
    }
    return sendTable(reply, format, {
      name: fileName("attendance-report", query),
      sheet: request.t("menu.attendanceReports"),
      header: REPORT_COLUMNS.map((column) => request.t(`attendanceReports.columns.${column}`)),
      batches: rows(),
    });
  });

  app.get("/attendance/export", { config: own, schema: { querystring: rangeQuery.extend(exportFormatQuery), response: { 200: tableReply("One's own days over the range, as CSV or XLSX") } } }, async (request, reply) => {
    const { format, ...range } = request.query;
    checkRange(range);
    const [me] = await ctx.db.select({ name: users.name, employee_number: users.employee_number }).from(users).where(eq(users.id, request.user.id));
    const days = await daysOf(ctx, [request.user.id], range.from, range.to);
    async function* rows() {
      yield days.map((day) => dayCells(request.t, me, day));
    }
    return sendTable(reply, format, { name: fileName("attendance", range), sheet: request.t("menu.attendanceHistory"), header: DAY_COLUMNS.map((column) => request.t(`attendanceReports.columns.${column}`)), batches: rows() });
  });

  app.get("/attendance/export-filtered", { config: anyone, schema: { querystring: withFormat(rangeQuery.shape), response: { 200: tableReply("The days of everyone the filters keep, a row a person and day, as CSV or XLSX") } } }, async (request, reply) => {
    const { format, ...query } = request.query as Record<string, unknown> & { from: string; to: string; format: ExportFormat };
    checkRange(query);
    async function* rows() {
      for await (const batch of dayBatches(ctx, query, { ...query, from: undefined, to: undefined })) yield batch.map(({ person, day }) => dayCells(request.t, person, day));
    }
    return sendTable(reply, format, { name: fileName("attendance-days", query), sheet: request.t("menu.attendanceHistory"), header: DAY_COLUMNS.map((column) => request.t(`attendanceReports.columns.${column}`)), batches: rows() });
  });
};
