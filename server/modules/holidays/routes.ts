import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HOLIDAY_KINDS, holidayBody, holidayRecord, holidayUpdateBody } from "../../../contracts/schedules";
import { holidays } from "../../db/schema";
import { crudRoutes } from "../../lib/crud";
import { defineListSpec } from "../../lib/list";
import { nextDate } from "../../lib/time-zone";
import { daysChanged } from "../attendance/day-store";

/** The days a holiday's change derives again: its own, and the day before (whose night may run into it). */
const aroundHolidays = (dates: string[]) => [...new Set(dates.flatMap((date) => [nextDate(date, -1), date]))];

/** Company holidays: a plain resource. Attendance reads them as days off for everyone. */
export const holidaysRoutes: FastifyPluginAsyncZod = async (app) =>
  crudRoutes(app, {
    resource: "holidays",
    path: "/holidays",
    subjectType: "holiday",
    table: holidays,
    list: defineListSpec({
      fields: {
        date: { column: holidays.date, kind: "date" },
        name: { column: holidays.name, kind: "text" },
        kind: { column: holidays.kind, kind: "choice", values: HOLIDAY_KINDS },
      },
      defaultSort: "date",
      search: [holidays.name],
    }),
    schemas: { record: holidayRecord, create: holidayBody, update: holidayUpdateBody },
    toRecord: (row: typeof holidays.$inferSelect) => ({
      id: row.id,
      date: row.date,
      name: row.name,
      kind: row.kind,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }),
    subject: () => undefined,
    unique: [{ field: "date", column: holidays.date, message: "holidays.dateTaken" }],
    // A holiday is no working day: the days it moves on or off are derived again.
    alsoWrite: {
      create: (ctx, tx, input) => daysChanged(ctx, tx, { dates: aroundHolidays([input.date]) }),
      // A holiday's kind decides the day before it too: a night's hours after midnight may take its rate.
      update: (ctx, tx, input, before) => daysChanged(ctx, tx, { dates: aroundHolidays([before.date, input.date ?? before.date]) }),
      remove: (ctx, tx, before) => daysChanged(ctx, tx, { dates: aroundHolidays([before.date]) }),
    },
    messages: { created: "holidays.created", updated: "holidays.updated", deleted: "holidays.deleted" },
  });
