/**
 * Pay components and rate tables as resources (the /deductions screen).
 * Every write is checked against the whole active set as it would be after
 * it: a formula that does not parse, names something unknown, reads a table
 * that does not exist or closes a cycle is a 422 on the field at fault, and
 * so is removing or deactivating what another component reads.
 */
import { and, desc, eq, lte, ne } from "drizzle-orm";
import type { ComponentBody, ComponentRecord, ComponentUpdate, RateTableRecord } from "../../../contracts/payroll";
import type { Db } from "../../db/client";
import { payComponents, rateTables } from "../../db/schema";
import { HttpError, invalidField } from "../../lib/errors";
import { compileCalculation, planPay, PlanError, type ComponentDef, type PayPlan } from "./plan";
import { tableLookup, type TableLookup } from "./rate-table";

export type ComponentRow = typeof payComponents.$inferSelect;
export type RateTableRow = typeof rateTables.$inferSelect;

export const toComponentRecord = (row: ComponentRow): ComponentRecord => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  taxable: row.taxable,
  pre_tax: row.pre_tax,
  employer_share: row.employer_share ?? null,
  calculation: row.calculation,
  active: row.active,
  order: row.order,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const toRateTableRecord = (row: RateTableRow): RateTableRecord => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  effective_from: row.effective_from,
  rows: row.rows,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const activeComponents = (db: Db): Promise<ComponentRow[]> => db.select().from(payComponents).where(eq(payComponents.active, true));

export async function tableCodes(db: Db): Promise<Set<string>> {
  return new Set((await db.selectDistinct({ code: rateTables.code }).from(rateTables)).map((row) => row.code));
}

/** The field of a component's body a formula refusal points at. */
function formulaField(definition: ComponentDef, field: "calculation" | "employer_share"): string {
  const calculation = field === "calculation" ? definition.calculation : definition.employer_share;
  return `${field}.${calculation?.type === "percent" ? "of" : "expression"}`;
}

/**
 * Plans the active set with `changed` in place of its stored self (or
 * without `removed`): a refusal of the changed component points at its
 * field; a refusal of another one says which component would break.
 */
export async function checkComponentSet(db: Db, change: { changed?: ComponentDef & { active: boolean }; before?: ComponentRow; removed?: ComponentRow }): Promise<PayPlan> {
  const { changed, removed } = change;
  const others = (await activeComponents(db)).filter((row) => row.id !== changed?.id && row.id !== removed?.id);
  const set: ComponentDef[] = [...others, ...(changed?.active ? [changed] : [])];
  try {
    return planPay(set, await tableCodes(db));
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
    const { key, params } = error.error;
    // A cycle passes through the changed component (the set was whole before): its formula closes it.
    if (changed && (error.code === changed.code || key === "payroll.formula.cycle")) {
      throw new HttpError(422, key, params, { [formulaField(changed, error.code === changed.code ? error.field : "calculation")]: [{ key, params }] });
    }
    // Another component reads what the change takes away (its code, by removal, deactivation or renaming).
    const subject = (removed ?? change.before)!;
    const field = removed ? "code" : changed!.active ? "code" : "active";
    throw invalidField(field, "payroll.components.usedBy", { code: subject.code, by: error.code });
  }
}

/** A component as it will be once an update is applied. */
export function mergedComponent(before: ComponentRow, input: ComponentUpdate): ComponentDef & { active: boolean } {
  const merged = { ...before, ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) } as ComponentRow;
  if (merged.kind === "deduction" && merged.taxable) throw invalidField("taxable", "payroll.components.taxableEarningsOnly");
  if (merged.kind === "earning" && merged.pre_tax) throw invalidField("pre_tax", "payroll.components.preTaxDeductionsOnly");
  return merged;
}

export const newComponent = (input: ComponentBody): ComponentDef & { active: boolean } => ({ ...input, id: 0 });

/** Each table code's version in force on `date` (the latest effective on or before it), ready to look up. */
export async function tablesInForce(db: Db, date: string): Promise<Map<string, TableLookup>> {
  const rows = await db
    .selectDistinctOn([rateTables.code])
    .from(rateTables)
    .where(lte(rateTables.effective_from, date))
    .orderBy(rateTables.code, desc(rateTables.effective_from));
  return new Map(rows.map((row) => [row.code, tableLookup(row)]));
}

/** Whether a component's calculations read a table (a stored formula always compiles: it was checked when saved). */
function readsTable(row: ComponentRow, code: string): boolean {
  return [row.calculation, row.employer_share].some((calculation) => calculation !== null && compileCalculation(calculation).tables.includes(code));
}

/** A rate table's last version goes only when no active component reads its code. */
export async function assertTableUnused(db: Db, before: RateTableRow): Promise<void> {
  const [other] = await db.select({ id: rateTables.id }).from(rateTables).where(and(eq(rateTables.code, before.code), ne(rateTables.id, before.id))).limit(1);
  if (other) return;
  const readers = (await activeComponents(db)).filter((row) => readsTable(row, before.code));
  if (readers.length > 0) throw invalidField("code", "payroll.tables.inUse", { codes: readers.map((row) => row.code).join(", ") });
}

/** The active components planned (a stored set always plans: every write checked it). */
export async function currentPlan(db: Db): Promise<PayPlan> {
  return planPay(await activeComponents(db), await tableCodes(db));
}
