import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  componentBody,
  componentRecord,
  componentUpdateBody,
  overrideBody,
  overrideRecord,
  previewBody,
  previewReply,
  rateTableBody,
  rateTableRecord,
  rateTableUpdateBody,
  type OverrideRecord,
} from "../../../contracts/payroll";
import { COMPONENT_KINDS, OVERRIDE_MODES, RATE_TABLE_KINDS } from "../../../contracts/payroll";
import { dataReply } from "../../../contracts/replies";
import type { Db } from "../../db/client";
import { payComponents, payOverrides, rateTables, users } from "../../db/schema";
import { crudRoutes } from "../../lib/crud";
import { invalidField } from "../../lib/errors";
import { defineListSpec } from "../../lib/list";
import { assertTableUnused, checkComponentSet, mergedComponent, newComponent, toComponentRecord, toRateTableRecord, type ComponentRow } from "./components";
import { previewComponent } from "./preview";

/**
 * What pay is made of (the spec's /deductions): components, rate tables and
 * per-person overrides, each a plain resource with its own checks, and the
 * preview that tries a component on one person's period.
 */
export const paySetupRoutes: FastifyPluginAsyncZod = async (app) => {
  crudRoutes(app, {
    resource: "payComponents",
    path: "/pay-components",
    subjectType: "pay_component",
    table: payComponents,
    list: defineListSpec({
      fields: {
        code: { column: payComponents.code, kind: "text" },
        name: { column: payComponents.name, kind: "text" },
        kind: { column: payComponents.kind, kind: "choice", values: COMPONENT_KINDS },
        active: { column: payComponents.active, kind: "choice", values: { true: true, false: false } },
        order: { column: payComponents.order, kind: "number" },
      },
      defaultSort: "order,code",
      search: [payComponents.code, payComponents.name],
    }),
    schemas: { record: componentRecord, create: componentBody, update: componentUpdateBody },
    toRecord: toComponentRecord,
    subject: () => undefined,
    unique: [{ field: "code", column: payComponents.code, message: "payroll.components.codeTaken" }],
    checks: {
      create: async (db, input) => void (await checkComponentSet(db, { changed: newComponent(input) })),
      async update(db, input, before: ComponentRow) {
        const merged = mergedComponent(before, input);
        await checkComponentSet(db, { changed: merged, before });
        await assertRateOverridesFit(db, before.id, merged.calculation.type);
      },
      remove: async (db, before: ComponentRow) => void (before.active && (await checkComponentSet(db, { removed: before }))),
    },
    messages: { created: "payroll.components.created", updated: "payroll.components.updated", deleted: "payroll.components.deleted" },
  });

  crudRoutes(app, {
    resource: "payComponents",
    path: "/rate-tables",
    subjectType: "rate_table",
    table: rateTables,
    list: defineListSpec({
      fields: {
        code: { column: rateTables.code, kind: "text" },
        name: { column: rateTables.name, kind: "text" },
        kind: { column: rateTables.kind, kind: "choice", values: RATE_TABLE_KINDS },
        effective_from: { column: rateTables.effective_from, kind: "date" },
      },
      defaultSort: "code,-effective_from",
      search: [rateTables.code, rateTables.name],
    }),
    schemas: { record: rateTableRecord, create: rateTableBody, update: rateTableUpdateBody },
    toRecord: toRateTableRecord,
    subject: () => undefined,
    checks: {
      // One version of a code per date: a second one that day is a mistake, not a new version.
      async create(db, input) {
        const [taken] = await db.select({ id: rateTables.id }).from(rateTables).where(sql`${rateTables.code} = ${input.code} and ${rateTables.effective_from} = ${input.effective_from}::date`);
        if (taken) throw invalidField("effective_from", "payroll.tables.versionTaken");
      },
      async update(db, input, before) {
        const code = input.code ?? before.code;
        const from = input.effective_from ?? before.effective_from;
        const [taken] = await db.select({ id: rateTables.id }).from(rateTables).where(sql`${rateTables.code} = ${code} and ${rateTables.effective_from} = ${from}::date and ${rateTables.id} <> ${before.id}`);
        if (taken) throw invalidField("effective_from", "payroll.tables.versionTaken");
        if (code !== before.code) await assertTableUnused(db, before);
      },
      remove: assertTableUnused,
    },
    messages: { created: "payroll.tables.created", updated: "payroll.tables.updated", deleted: "payroll.tables.deleted" },
  });

  const overrideColumns = {
    id: payOverrides.id,
    user_id: payOverrides.user_id,
    user_name: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${payOverrides.user_id})`.as("user_name"),
    component_id: payOverrides.component_id,
    component_code: sql<string>`(select ${payComponents.code} from ${payComponents} where ${payComponents.id} = ${payOverrides.component_id})`.as("component_code"),
    mode: payOverrides.mode,
    value: payOverrides.value,
    effective_from: payOverrides.effective_from,
    effective_to: payOverrides.effective_to,
    reason: payOverrides.reason,
    created_at: payOverrides.created_at,
  };
  crudRoutes(app, {
    resource: "payComponents",
    path: "/pay-overrides",
    subjectType: "pay_override",
    table: payOverrides,
    columns: overrideColumns,
    list: defineListSpec({
      fields: {
        user_id: { column: payOverrides.user_id, kind: "number" },
        component_id: { column: payOverrides.component_id, kind: "number" },
        mode: { column: payOverrides.mode, kind: "choice", values: OVERRIDE_MODES },
        effective_from: { column: payOverrides.effective_from, kind: "date" },
        effective_to: { column: payOverrides.effective_to, kind: "date" },
      },
      defaultSort: "-effective_from",
    }),
    schemas: { record: overrideRecord, create: overrideBody, update: overrideBody },
    toRecord: (row: Omit<OverrideRecord, "created_at"> & { created_at: Date }) => ({ ...row, created_at: row.created_at.toISOString() }),
    subject: () => undefined,
    checks: {
      create: (db, input) => checkOverride(db, input),
      update: (db, input) => checkOverride(db, input),
    },
    messages: { created: "payroll.overrides.created", updated: "payroll.overrides.updated", deleted: "payroll.overrides.deleted" },
  });

  app.post("/pay-components/preview", { config: { action: "payComponents.preview" }, schema: { body: previewBody, response: { 200: dataReply(previewReply) } } }, async (request) => ({
    data: await previewComponent(app.ctx, request.body),
  }));
};

/** "Another rate" overrides belong to percentages: a component that stops being one would ignore them. */
async function assertRateOverridesFit(db: Db, componentId: number, type: string): Promise<void> {
  if (type === "percent") return;
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(payOverrides).where(sql`${payOverrides.component_id} = ${componentId} and ${payOverrides.mode} = 'rate'`);
  if (count > 0) throw invalidField("calculation.type", "payroll.components.rateOverrides", { count });
}

/** The person and the component exist, and "another rate" is for percentages, the only calculations with a rate. */
async function checkOverride(db: Db, input: { user_id: number; component_id: number; mode: string }): Promise<void> {
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.user_id));
  if (!person) throw invalidField("user_id", "payroll.overrides.unknownPerson");
  const [component] = await db.select({ calculation: payComponents.calculation }).from(payComponents).where(eq(payComponents.id, input.component_id));
  if (!component) throw invalidField("component_id", "payroll.overrides.unknownComponent");
  if (input.mode === "rate" && component.calculation.type !== "percent") throw invalidField("mode", "payroll.overrides.rateForPercentOnly");
}
