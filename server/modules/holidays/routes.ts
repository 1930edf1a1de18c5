import { and, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { holidayBody, holidayRecord, holidayUpdateBody } from "../../../contracts/schedules";
import type { Db } from "../../db/client";
import { holidays } from "../../db/schema";
import { crudRoutes } from "../../lib/crud";
import { invalidField } from "../../lib/errors";
import { defineListSpec } from "../../lib/list";
import { daysChanged } from "../attendance/day-store";

/** One holiday a date: a clash is a 422 on the date (the unique index is the race's backstop). */
async function assertFreeDate(db: Db, date: string | undefined, exceptId?: number): Promise<void> {
  if (date === undefined) return;
  const same = eq(holidays.date, date);
  const [taken] = await db.select({ id: holidays.id }).from(holidays).where(exceptId === undefined ? same : and(same, ne(holidays.id, exceptId))).limit(1);
  if (taken) throw invalidField("date", "holidays.dateTaken");
}

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
      },
      defaultSort: "date",
      search: [holidays.name],
    }),
    schemas: { record: holidayRecord, create: holidayBody, update: holidayUpdateBody },
    toRecord: (row: typeof holidays.$inferSelect) => ({
      id: row.id,
      date: row.date,
      name: row.name,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }),
    subject: () => undefined,
    checks: {
      create: (db, input) => assertFreeDate(db, input.date),
      update: (db, input, before) => assertFreeDate(db, input.date, before.id),
    },
    // A holiday is no working day: the days it moves on or off are derived again.
    alsoWrite: {
      create: (ctx, tx, input) => daysChanged(ctx, tx, { dates: [input.date] }),
      update: (ctx, tx, input, before) => daysChanged(ctx, tx, { dates: [before.date, input.date ?? before.date] }),
      remove: (ctx, tx, before) => daysChanged(ctx, tx, { dates: [before.date] }),
    },
    messages: { created: "holidays.created", updated: "holidays.updated", deleted: "holidays.deleted" },
  });
