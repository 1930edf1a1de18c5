/**
 * A run as XLSX, streamed (exceljs's WorkbookWriter: each row leaves memory
 * once written): a worksheet per department, as the rows arrive ordered by
 * department, then a Summary worksheet (per department: people and totals,
 * and the grand total) built from the same rows, so the two always agree.
 * Amounts are numbers in major units with the currency's number format;
 * totals rows are SUM formulas with their result cached for viewers that do
 * not calculate. Text is written as text, never as a formula.
 */
import { PassThrough, type Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { minorDigits } from "../../../../contracts/money";
import { SHEET_TOTAL_COLUMNS, type SheetColumn, type SheetRow } from "../../../../contracts/payroll-sheet";
import type { Translate } from "../../../lib/i18n";
import { columnLetter, headerCell } from "../../../lib/spreadsheet-cells";
import { sheetHeader, SUMMARY_DEPARTMENT, SUMMARY_PEOPLE, worksheetNamer } from "./layout";

type Row = SheetRow & { department_key: string | null };

interface Money {
  /** Minor units as the number a cell holds. */
  value(minor: number): number;
  numFmt: string;
}

function moneyOf(currency: string): Money {
  const digits = minorDigits(currency);
  const scale = 10 ** digits;
  // The code in the format: "25,000.00 PHP" (a number all the same), so no column needs its currency said.
  return { value: (minor) => minor / scale, numFmt: `#,##0${digits > 0 ? `.${"0".repeat(digits)}` : ""} "${currency}"` };
}

type Worksheet = ExcelJS.Worksheet;

/** A worksheet with its header row bold and frozen, the person's number and name frozen too, amount columns formatted. */
function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, header: readonly string[], firstAmount: number, money: Money, frozenColumns: number): Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", xSplit: frozenColumns, ySplit: 1 }] });
  sheet.columns = header.map((title, index) => ({
    header: title,
    width: Math.max(index < firstAmount ? 14 : 16, Math.min(40, title.length + 2)),
    ...(index >= firstAmount ? { style: { numFmt: money.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return sheet;
}

/** A totals row: each amount column's SUM over the rows above it, with the sum already computed beside the formula. */
function addTotals(sheet: Worksheet, leading: readonly (string | number | null)[], sums: readonly number[], firstAmount: number, lastRow: number, money: Money, rawFirst = 0): void {
  const cells = sums.map((minor, index) => {
    const column = columnLetter(firstAmount + index + 1);
    const result = index < rawFirst ? minor : money.value(minor);
    return lastRow < 2 ? result : { formula: `SUM(${column}2:${column}${lastRow})`, result };
  });
  const row = sheet.addRow([...leading, ...cells]);
  row.font = { bold: true };
  row.commit();
}

interface DepartmentSheet {
  sheet: Worksheet;
  title: string;
  rows: number;
  /** Minor units per amount column, in header order. */
  sums: number[];
}

export function runWorkbook(input: { currency: string; columns: readonly SheetColumn[]; rows: AsyncIterable<Row[]>; t: Translate }): Readable {
  const { t, columns } = input;
  const money = moneyOf(input.currency);
  const out = new PassThrough();
  const nameSheet = worksheetNamer(t("payrollSheet.noDepartment"));
  const summaryName = nameSheet(t("payrollSheet.summary"));
  const header = sheetHeader(columns, t, false);
  // employee number, name, position: then the amounts.
  const firstAmount = header.keys.length - columns.length - SHEET_TOTAL_COLUMNS.length;
  const done: DepartmentSheet[] = [];

  const finish = (current: DepartmentSheet) => {
    addTotals(current.sheet, [null, t("payrollSheet.total"), null], current.sums, firstAmount, current.rows + 1, money);
    current.sheet.commit();
    done.push(current);
  };

  (async () => {
    // exceljs is loaded when a workbook is first written, not with the server (0.4 s of every start).
    const { default: Excel } = await import("exceljs");
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    let current: (DepartmentSheet & { key: string | null }) | null = null;
    for await (const batch of input.rows) {
      for (const row of batch) {
        if (!current || current.key !== row.department_key) {
          if (current) finish(current);
          const title = row.department?.trim() || t("payrollSheet.noDepartment");
          current = { key: row.department_key, title, sheet: addSheet(workbook, nameSheet(title), header.cells, firstAmount, money, 2), rows: 0, sums: new Array(columns.length + SHEET_TOTAL_COLUMNS.length).fill(0) };
        }
        const minors = [...columns.map((column) => row.amounts[column.key]), row.gross, row.deductions, row.net, row.employer_cost];
        minors.forEach((minor, index) => (current!.sums[index] += minor));
        current.rows++;
        current.sheet.addRow([row.employee_number, row.name, row.position, ...minors.map(money.value)]).commit();
      }
    }
    if (current) finish(current);
    writeSummary(workbook, summaryName, done, money, t);
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Per department: people, gross, deductions, net, employer cost; then the grand total. */
function writeSummary(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, departments: readonly DepartmentSheet[], money: Money, t: Translate): void {
  const keys = [SUMMARY_DEPARTMENT, SUMMARY_PEOPLE, ...SHEET_TOTAL_COLUMNS];
  const header = keys.map((key) => headerCell(t(`payrollSheet.columns.${key}`), key));
  const sheet = addSheet(workbook, name, header, 1, money, 1);
  // People are a count, not money.
  sheet.getColumn(2).numFmt = "#,##0";
  const totals = new Array(1 + SHEET_TOTAL_COLUMNS.length).fill(0);
  for (const department of departments) {
    const figures = [department.rows, ...department.sums.slice(-SHEET_TOTAL_COLUMNS.length)];
    figures.forEach((figure, index) => (totals[index] += figure));
    sheet.addRow([department.title, figures[0], ...figures.slice(1).map(money.value)]).commit();
  }
  addTotals(sheet, [t("payrollSheet.total")], totals, 1, departments.length + 1, money, 1);
  sheet.commit();
}
