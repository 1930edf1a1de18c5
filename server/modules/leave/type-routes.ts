import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { LEAVE_ACCRUALS, LEAVE_UNITS, leaveTypeBody, leaveTypeRecord, leaveTypeUpdateBody } from "../../../contracts/leave";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leaveTypes } from "../../db/schema";
import { crudRoutes } from "../../lib/crud";
import { defineListSpec } from "../../lib/list";

/** A type anyone has asked for or been granted: its requests and ledger name it. */
async function typeInUse(db: Db, row: typeof leaveTypes.$inferSelect): Promise<boolean> {
  const result = (await db.execute(sql`select exists (select 1 from leave_requests where leave_type_id = ${row.id}) or exists (select 1 from leave_entries where leave_type_id = ${row.id}) as used`)) as unknown as { rows: { used: boolean }[] };
  return result.rows[0].used;
}

/** Leave types: a plain resource, all of it declared here; a type with requests or balances is archived (made inactive), never deleted. */
export const leaveTypeRoutes: FastifyPluginAsyncZod = async (app) =>
  crudRoutes(app, {
    resource: "leaveTypes",
    path: "/leave-types",
    subjectType: "leave_type",
    table: leaveTypes,
    list: defineListSpec({
      fields: {
        code: { column: leaveTypes.code, kind: "text" },
        name: { column: leaveTypes.name, kind: "text" },
        paid: { column: leaveTypes.paid, kind: "choice", values: { true: true, false: false } },
        unit: { column: leaveTypes.unit, kind: "choice", values: LEAVE_UNITS },
        yearly_days: { column: leaveTypes.yearly_days, kind: "number" },
        accrual: { column: leaveTypes.accrual, kind: "choice", values: LEAVE_ACCRUALS },
        active: { column: leaveTypes.active, kind: "choice", values: { true: true, false: false } },
      },
      defaultSort: "name",
      search: [leaveTypes.code, leaveTypes.name],
    }),
    schemas: { record: leaveTypeRecord, create: leaveTypeBody, update: leaveTypeUpdateBody },
    toRecord: ({ created_by: _created, updated_by: _updated, ...row }: typeof leaveTypes.$inferSelect) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }),
    subject: () => undefined,
    unique: [
      { field: "code", column: leaveTypes.code, message: "leave.types.codeTaken" },
      { field: "name", column: leaveTypes.name, message: "leave.types.nameTaken" },
    ],
    archiveWhenUsed: { inUse: typeInUse, values: { active: false }, raced: "leave.types.gainedHistory" },
    messages: { created: "leave.types.created", updated: "leave.types.updated", deleted: "leave.types.deleted", archived: "leave.types.archived" },
  });
