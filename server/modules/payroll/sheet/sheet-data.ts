/**
 * A run's payslips as sheet rows, set-based: the run's component columns
 * (one query over every line), its departments with their sums (one
 * grouped query), a sheet's totals (two aggregates) and its rows a page or
 * a batch at a time, each row's amounts read from its own lines in memory.
 * A department is the person's current one, compared without regard to
 * case; an empty one is none.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { ADJUSTMENT_COLUMNS, componentColumnKey, SHEET_NO_DEPARTMENT, type SheetColumn, type SheetDepartment, type SheetRow, type SheetTotals } from "../../../../contracts/payroll-sheet";
import { LINE_KINDS, type LineKind, type PayslipLine } from "../../../../contracts/payroll";
import type { Db } from "../../../db/client";
import { payComponents, payslips, users } from "../../../db/schema";
import type { Translate } from "../../../lib/i18n";

/** Which people of the run a sheet holds. */
export type SheetScope = { kind: "all" } | { kind: "none" } | { kind: "department"; key: string };

/** A department as compared: lower case, blank as none. */
const departmentKey = sql<string | null>`lower(nullif(btrim(${users.department}), ''))`;

function scopeWhere(scope: SheetScope): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "none") return sql`${departmentKey} is null`;
  return sql`${departmentKey} = ${scope.key}`;
}

const inSheet = (runId: number, scope: SheetScope) => and(eq(payslips.payroll_id, runId), scopeWhere(scope));

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Earnings, then deductions, then employer shares; each by the component's
 * order (unknown last), then code; each kind's adjustments in one column
 * after its components.
 */
export async function runColumns(db: Db, runId: number, t: Translate): Promise<SheetColumn[]> {
  const found = rowsOf<{ code: string; kind: LineKind; name: string; ord: number | null }>(
    // Grouped first, then joined: one lookup of a component per column, not per line.
    await db.execute(sql`
      select g.code, g.kind, g.name, ${payComponents.order} as ord
      from (
        select l->>'code' as code, l->>'kind' as kind, min(l->>'name') as name
        from ${payslips} cross join lateral jsonb_array_elements(${payslips.lines}) as l
        where ${payslips.payroll_id} = ${runId}
        group by 1, 2
      ) as g
      left join ${payComponents} on ${payComponents.code} = g.code`),
  );
  const columns = new Map<string, SheetColumn & { ord: number }>();
  for (const line of found) {
    const key = componentColumnKey(line.code, line.kind);
    const adjustments = key === ADJUSTMENT_COLUMNS.earning || key === ADJUSTMENT_COLUMNS.deduction;
    if (adjustments) columns.set(key, { key, code: null, name: t(`payrollSheet.columns.${key}`), kind: line.kind, ord: Number.MAX_SAFE_INTEGER });
    else columns.set(key, { key, code: line.code, name: line.name, kind: line.kind, ord: line.ord === null ? Number.MAX_SAFE_INTEGER - 1 : Number(line.ord) });
  }
  const rank = (kind: LineKind) => LINE_KINDS.indexOf(kind);
  const code = (column: SheetColumn) => column.code ?? "";
  return [...columns.values()]
    .sort((a, b) => rank(a.kind) - rank(b.kind) || a.ord - b.ord || (code(a) < code(b) ? -1 : code(a) > code(b) ? 1 : 0))
    .map(({ ord: _ord, ...column }) => column);
}

export interface DepartmentSums extends SheetDepartment {
  /** The department as compared (null: none): what a scope names it by. */
  key: string | null;
  gross: number;
  deductions: number;
  net: number;
  employer_cost: number;
}

/** The run's departments with people in it, by name, people without one last. */
export async function runDepartments(db: Db, runId: number): Promise<DepartmentSums[]> {
  const rows = await db
    .select({
      key: departmentKey,
      name: sql<string | null>`min(btrim(${users.department}))`,
      people: sql<number>`count(*)::int`.mapWith(Number),
      gross: sql<number>`sum(${payslips.gross})`.mapWith(Number),
      deductions: sql<number>`sum(${payslips.deductions})`.mapWith(Number),
      net: sql<number>`sum(${payslips.net})`.mapWith(Number),
      employer_cost: sql<number>`sum(${payslips.employer_cost})`.mapWith(Number),
    })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(eq(payslips.payroll_id, runId))
    .groupBy(departmentKey)
    .orderBy(sql`${departmentKey} asc nulls last`);
  return rows.map((row) => ({ ...row, name: row.key === null ? null : row.name, sheet: row.key === null ? SHEET_NO_DEPARTMENT : row.name! }));
}

/** Each column's amount in a payslip's lines, 0 where it has none. */
export function amountsOf(lines: readonly PayslipLine[], columns: readonly SheetColumn[]): Record<string, number> {
  const amounts: Record<string, number> = Object.fromEntries(columns.map((column) => [column.key, 0]));
  for (const line of lines) {
    const key = componentColumnKey(line.code, line.kind);
    if (key in amounts) amounts[key] += line.amount;
  }
  return amounts;
}

/** The sheet's sums over all its people, each column's from the lines in SQL. */
export async function sheetTotals(db: Db, runId: number, scope: SheetScope, columns: readonly SheetColumn[]): Promise<SheetTotals> {
  const where = inSheet(runId, scope);
  const [[sums], lineSums] = await Promise.all([
    db
      .select({
        people: sql<number>`count(*)::int`.mapWith(Number),
        gross: sql<number>`coalesce(sum(${payslips.gross}), 0)`.mapWith(Number),
        deductions: sql<number>`coalesce(sum(${payslips.deductions}), 0)`.mapWith(Number),
        net: sql<number>`coalesce(sum(${payslips.net}), 0)`.mapWith(Number),
        employer_cost: sql<number>`coalesce(sum(${payslips.employer_cost}), 0)`.mapWith(Number),
      })
      .from(payslips)
      .innerJoin(users, eq(users.id, payslips.user_id))
      .where(where),
    db.execute(sql`
      select l->>'code' as code, l->>'kind' as kind, sum((l->>'amount')::bigint) as amount
      from ${payslips} join ${users} on ${users.id} = ${payslips.user_id}
      cross join lateral jsonb_array_elements(${payslips.lines}) as l
      where ${where}
      group by 1, 2`),
  ]);
  const amounts = amountsOf(
    rowsOf<{ code: string; kind: LineKind; amount: string | number }>(lineSums).map((row) => ({ code: row.code, name: "", kind: row.kind, amount: Number(row.amount) })),
    columns,
  );
  return { ...sums, amounts };
}

const rowColumns = {
  user_id: payslips.user_id,
  employee_number: users.employee_number,
  name: users.name,
  department: users.department,
  position: users.position,
  gross: payslips.gross,
  deductions: payslips.deductions,
  net: payslips.net,
  employer_cost: payslips.employer_cost,
  lines: payslips.lines,
};

type RowData = Omit<SheetRow, "amounts"> & { lines: PayslipLine[] };

const toSheetRow = (row: RowData, columns: readonly SheetColumn[]): SheetRow => {
  const { lines, ...rest } = row;
  return { ...rest, amounts: amountsOf(lines, columns) };
};

/** One page of the sheet's people, by name. */
export async function sheetPage(db: Db, runId: number, scope: SheetScope, columns: readonly SheetColumn[], page: { limit: number; offset: number }): Promise<SheetRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(inSheet(runId, scope))
    .orderBy(sql`lower(${users.name})`, users.id)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => toSheetRow(row, columns));
}

/** Rows read per query by the downloads: a 10,000-person run is a few short queries, never one long one. */
const BATCH = 2000;

/** Every person of the run by department (as runDepartments orders them), then name: the downloads' rows, a batch at a time. */
export async function* runRowBatches(db: Db, runId: number, columns: readonly SheetColumn[]): AsyncGenerator<(SheetRow & { department_key: string | null })[]> {
  for (let offset = 0; ; offset += BATCH) {
    const rows = await db
      .select({ ...rowColumns, department_key: departmentKey })
      .from(payslips)
      .innerJoin(users, eq(users.id, payslips.user_id))
      .where(eq(payslips.payroll_id, runId))
      .orderBy(sql`${departmentKey} asc nulls last`, sql`lower(${users.name})`, users.id)
      .limit(BATCH)
      .offset(offset);
    if (rows.length > 0) yield rows.map(({ department_key, ...row }) => ({ ...toSheetRow(row, columns), department_key }));
    if (rows.length < BATCH) return;
  }
}
