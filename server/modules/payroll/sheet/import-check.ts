/**
 * Every cell of an uploaded sheet checked, every problem kept (not just the
 * first): the header's keys against the active components, each row's
 * person by employee number (known, current, employed in the period, in the
 * run, not taken out of it, not paid by another regular run of the period,
 * once in the file), each amount (a number ≥ 0 with at most the currency's
 * decimals) and each total the row states against its lines. The
 * Summary worksheet (the one with a [people] column) and totals rows (no
 * employee number, and formulas or the word "Total" in some language) are
 * skipped. Blank amount cells are 0; a total column's blank cell is not
 * checked. A person whose amounts are all 0 is not paid (no payslip), as a
 * calculation leaves them.
 */
import { sql } from "drizzle-orm";
import { LANGUAGE_CODES } from "../../../../contracts/auth";
import { minorDigits } from "../../../../contracts/money";
import type { LineKind, PayslipLine } from "../../../../contracts/payroll";
import { importCellKey, type SheetTotalColumn } from "../../../../contracts/payroll-sheet";
import type { Db } from "../../../db/client";
import { payComponents, users } from "../../../db/schema";
import { translator } from "../../../lib/i18n";
import { paidByOtherRegularRuns, peopleInScope } from "../inputs";
import type { RunRow } from "../runs";
import { amountOf, columnLetter, keyOfHeader, textOf } from "../../../lib/spreadsheet-cells";
import { fileProblem, spreadsheetRejection, type SheetProblem, type SheetTable } from "../../../lib/spreadsheet-upload";
import { isAdjustmentsColumn, isPersonColumn, isTotalColumn, majorTextIn, parseComponentKey, SUMMARY_PEOPLE } from "./layout";

export interface ImportedPayslip {
  user_id: number;
  lines: PayslipLine[];
  gross: number;
  deductions: number;
  net: number;
  employer_cost: number;
  taxable: number;
}

interface Component {
  code: string;
  name: string;
  kind: "earning" | "deduction";
  taxable: boolean;
  pre_tax: boolean;
  has_employer_share: boolean;
  active: boolean;
  order: number;
}

type Role = { kind: "person"; key: string } | { kind: "total"; key: SheetTotalColumn } | { kind: "line"; component: Component; line: LineKind } | { kind: "adjustments" };


/** "Total" as each language words the download's totals row. */
const TOTAL_WORDS = new Set(LANGUAGE_CODES.map((language) => translator(language)("payrollSheet.total").trim().toLowerCase()));

/** A sheet's columns by role, from its header row; problems with the header are added to `problems`. */
function readHeader(table: SheetTable, components: ReadonlyMap<string, Component>, problems: SheetProblem[]): { roles: Map<number, Role>; complete: boolean } | "summary" | null {
  const [header] = table.rows;
  const roles = new Map<number, Role>();
  const seen = new Set<string>();
  const hasData = (column: number) => table.rows.slice(1).some((row) => row.cells[column]?.value != null);
  const keys = header.cells.map((cell) => (cell.value === null ? null : keyOfHeader(String(cell.value))));
  if (keys.includes(SUMMARY_PEOPLE)) return "summary";
  const before = problems.length;
  const problem = (column: number, key: string, params?: Record<string, unknown>) => problems.push({ sheet: table.name, column, row: header.number, key, params });
  // Not the layout at all (a sheet of one's own): one problem, not one per column.
  if (keys.every((key) => key === null)) {
    problem(0, "payrollSheet.import.noLayout");
    return null;
  }
  const width = table.rows.reduce((widest, row) => Math.max(widest, row.cells.length), 0);
  for (let column = 0; column < width; column++) {
    const key = keys[column] ?? null;
    if (key === null) {
      if (hasData(column)) problem(column, "payrollSheet.import.columnWithoutKey");
      continue;
    }
    if (seen.has(key)) {
      problem(column, "payrollSheet.import.duplicateColumn", { key });
      continue;
    }
    seen.add(key);
    if (isPersonColumn(key)) roles.set(column, { kind: "person", key });
    else if (isTotalColumn(key)) roles.set(column, { kind: "total", key });
    else if (isAdjustmentsColumn(key)) roles.set(column, { kind: "adjustments" });
    else {
      const parsed = parseComponentKey(key);
      const component = parsed && components.get(parsed.code);
      if (!parsed) problem(column, "payrollSheet.import.unknownColumn", { key });
      else if (!component) problem(column, "payrollSheet.import.unknownComponent", { code: parsed.code });
      else if (!component.active) problem(column, "payrollSheet.import.inactiveComponent", { code: parsed.code });
      else if (parsed.employer && !component.has_employer_share) problem(column, "payrollSheet.import.noEmployerShare", { code: parsed.code });
      else roles.set(column, { kind: "line", component, line: parsed.employer ? "employer" : component.kind });
    }
  }
  const numberColumn = [...roles].find(([, role]) => role.kind === "person" && role.key === "employee_number");
  if (!numberColumn) {
    problem(0, "payrollSheet.import.noEmployeeNumberColumn");
    return null;
  }
  return { roles, complete: problems.length === before };
}


interface Candidate {
  id: number;
  archived: boolean;
  employed: boolean;
  in_run: boolean;
}

async function loadComponents(db: Db): Promise<Map<string, Component>> {
  const rows = await db
    .select({ code: payComponents.code, name: payComponents.name, kind: payComponents.kind, taxable: payComponents.taxable, pre_tax: payComponents.pre_tax, has_employer_share: sql<boolean>`${payComponents.employer_share} is not null`, active: payComponents.active, order: payComponents.order })
    .from(payComponents);
  return new Map(rows.map((row) => [row.code, row]));
}

async function loadCandidates(db: Db, run: RunRow, numbers: readonly string[]): Promise<Map<string, Candidate>> {
  if (numbers.length === 0) return new Map();
  const period = { start: run.period_start, end: run.period_end };
  const rows = await db
    .select({
      id: users.id,
      employee_number: users.employee_number,
      archived: sql<boolean>`${users.archived_at} is not null`,
      employed: sql<boolean>`(${users.hire_date} is null or ${users.hire_date} <= ${period.end}) and (${users.end_date} is null or ${users.end_date} >= ${period.start})`,
      in_run: sql<boolean>`coalesce(${peopleInScope(period, run.people)}, false)`,
    })
    .from(users)
    .where(sql`${users.employee_number} = any(${sql.param([...numbers])}::text[])`);
  return new Map(rows.map((row) => [row.employee_number!, row]));
}

/** The order lines take on a payslip: earnings and deductions by the component's order then code, then the employer's shares. */
function orderLines(lines: (PayslipLine & { order: number })[]): PayslipLine[] {
  const rank = (line: PayslipLine) => (line.kind === "employer" ? 1 : 0);
  return lines
    .sort((a, b) => rank(a) - rank(b) || a.order - b.order || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map(({ order: _order, ...line }) => line);
}

/** The run's payslips as the file states them, or a 422 listing every problem. Nothing is written. */
export async function checkImport(db: Db, run: RunRow, tables: readonly SheetTable[]): Promise<ImportedPayslip[]> {
  const problems: SheetProblem[] = [];
  const components = await loadComponents(db);
  // A sheet with a column not understood (complete: false) has its rows' totals left unchecked: they would only echo the header's problem.
  const sheets: { table: SheetTable; roles: Map<number, Role>; complete: boolean; numberColumn: number }[] = [];
  for (const table of tables) {
    if (table.rows.length === 0) continue;
    const header = readHeader(table, components, problems);
    if (header === "summary" || header === null) continue;
    const numberColumn = [...header.roles].find(([, role]) => role.kind === "person" && role.key === "employee_number")![0];
    sheets.push({ table, ...header, numberColumn });
  }

  const numbers = new Set<string>();
  for (const { table, numberColumn } of sheets) for (const row of table.rows.slice(1)) {
    const number = textOf(row.cells[numberColumn]);
    if (number !== null) numbers.add(number);
  }
  const candidates = await loadCandidates(db, run, [...numbers]);
  const elsewhere = run.kind === "regular" ? await paidByOtherRegularRuns(db, run.id, { start: run.period_start, end: run.period_end }, [...candidates.values()].map((person) => person.id)) : new Set<number>();
  const excluded = new Set(run.excluded_user_ids);

  const digits = minorDigits(run.currency);
  const majorText = majorTextIn(run.currency);
  const payslips: ImportedPayslip[] = [];
  /** Where each person was first seen: "Sales!A4". */
  const firstSeen = new Map<number, string>();
  let people = 0;
  for (const { table, roles, complete, numberColumn } of sheets) {
    for (const row of table.rows.slice(1)) {
      const problem = (column: number, key: string, params?: Record<string, unknown>) => problems.push({ sheet: table.name, column, row: row.number, key, params });
      const number = textOf(row.cells[numberColumn]);
      if (number === null) {
        const nameColumn = [...roles].find(([, role]) => role.kind === "person" && role.key === "name")?.[0];
        const label = nameColumn === undefined ? null : textOf(row.cells[nameColumn])?.toLowerCase();
        // A totals row (named so, or nothing but sums) is no one's; any other row without a number is a person left unpaid.
        const figures = row.cells.filter((cell, column) => column !== nameColumn && (cell.value !== null || cell.formula));
        const totals = (label && TOTAL_WORDS.has(label)) || (figures.length > 0 && figures.every((cell) => cell.sum));
        if (!totals) problem(numberColumn, "payrollSheet.import.employeeNumberMissing");
        continue;
      }
      people++;
      const person = candidates.get(number);
      const where = importCellKey(table.name, columnLetter(numberColumn + 1), row.number);
      if (!person) problem(numberColumn, "payrollSheet.import.unknownPerson", { number });
      else if (firstSeen.has(person.id)) problem(numberColumn, "payrollSheet.import.duplicatePerson", { number, cell: firstSeen.get(person.id) });
      else if (person.archived) problem(numberColumn, "payrollSheet.import.archived", { number });
      else if (!person.employed) problem(numberColumn, "payrollSheet.import.notEmployed", { number });
      else if (!person.in_run) problem(numberColumn, "payrollSheet.import.notInRun", { number });
      else if (excluded.has(person.id)) problem(numberColumn, "payrollSheet.import.excluded", { number });
      else if (elsewhere.has(person.id)) problem(numberColumn, "payrollSheet.import.paidElsewhere", { number });
      if (person && !firstSeen.has(person.id)) firstSeen.set(person.id, where);

      const lines: (PayslipLine & { order: number })[] = [];
      const stated: { column: number; key: SheetTotalColumn; minor: number }[] = [];
      let valid = true;
      for (const [column, role] of roles) {
        if (role.kind === "person") continue;
        const amount = amountOf(row.cells[column], digits, role.kind === "total");
        if ("key" in amount) {
          problem(column, amount.key, amount.params);
          valid = false;
        } else if (amount.minor === null) continue;
        else if (role.kind === "total") stated.push({ column, key: role.key, minor: amount.minor });
        else if (role.kind === "adjustments") {
          if (amount.minor !== 0) {
            problem(column, "payrollSheet.import.adjustmentsNotImported");
            valid = false;
          }
        }
        else if (amount.minor > 0) lines.push({ code: role.component.code, name: role.component.name, kind: role.line, amount: amount.minor, order: role.component.order });
      }
      if (!valid) continue;
      const sum = (kinds: LineKind[]) => lines.reduce((total, line) => (kinds.includes(line.kind) ? total + line.amount : total), 0);
      const gross = sum(["earning"]);
      const deductions = sum(["deduction"]);
      const computed = { gross, deductions, net: gross - deductions, employer_cost: gross + sum(["employer"]) };
      if (!Object.values(computed).every(Number.isSafeInteger)) {
        problem(numberColumn, "spreadsheetImport.tooLarge");
        continue;
      }
      for (const total of complete ? stated : []) {
        if (total.minor !== computed[total.key]) problem(total.column, "payrollSheet.import.totalMismatch", { expected: majorText(computed[total.key]) });
      }
      if (!person || lines.length === 0) continue;
      const byCode = (code: string) => components.get(code)!;
      const taxable = lines.reduce((total, line) => {
        const component = byCode(line.code);
        if (line.kind === "earning" && component.taxable) return total + line.amount;
        if (line.kind === "deduction" && component.pre_tax) return total - line.amount;
        return total;
      }, 0);
      payslips.push({ user_id: person.id, lines: orderLines(lines), ...computed, taxable });
    }
  }
  if (people === 0 && problems.length === 0) problems.push(fileProblem("payrollSheet.import.noPeople"));
  const sums = ["gross", "deductions", "net", "employer_cost"] as const;
  if (problems.length === 0 && !sums.every((field) => Number.isSafeInteger(payslips.reduce((total, payslip) => total + payslip[field], 0)))) problems.push(fileProblem("spreadsheetImport.tooLarge"));
  if (problems.length > 0) throw spreadsheetRejection(problems);
  return payslips;
}
