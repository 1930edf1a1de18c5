/**
 * The layout a run's sheet files share, written by the downloads and read
 * back by the import: each header cell is "Title [key]", the key being a
 * fixed column's name in lower case (the person's, the totals', the
 * adjustments') or a component column's key (its upper-case code,
 * ":employer" for an employer's share), so columns are found by key
 * whatever the titles' language or the columns' order.
 */
import { ADJUSTMENT_COLUMNS, SHEET_PERSON_COLUMNS, SHEET_TOTAL_COLUMNS, type SheetColumn, type SheetPersonColumn, type SheetTotalColumn } from "../../../../contracts/payroll-sheet";
import { minorDigits } from "../../../../contracts/money";
import type { Translate } from "../../../lib/i18n";
import { headerCell } from "../../../lib/spreadsheet-cells";

/** The summary worksheet's own columns: a department, its people, then the total columns. */
export const SUMMARY_DEPARTMENT = "department";
export const SUMMARY_PEOPLE = "people";


/** What a component column's key says: its code and whether it is the employer's share. */
export function parseComponentKey(key: string): { code: string; employer: boolean } | null {
  const match = /^([A-Z][A-Z0-9_]{0,31})(:employer)?$/.exec(key);
  return match ? { code: match[1], employer: match[2] !== undefined } : null;
}

export const isPersonColumn = (key: string): key is SheetPersonColumn => (SHEET_PERSON_COLUMNS as readonly string[]).includes(key);
export const isTotalColumn = (key: string): key is SheetTotalColumn => (SHEET_TOTAL_COLUMNS as readonly string[]).includes(key);
export const isAdjustmentsColumn = (key: string) => Object.values(ADJUSTMENT_COLUMNS).includes(key as never);

/** A component column's title: its name, and for an employer's share "Name (employer)". */
export const columnTitle = (column: Pick<SheetColumn, "name" | "kind">, t: Translate) => (column.kind === "employer" ? t("payrollSheet.employerShare", { name: column.name }) : column.name);

/** The header of a sheet file: person columns (the department only where asked), components, totals. */
export function sheetHeader(columns: readonly SheetColumn[], t: Translate, withDepartment: boolean): { keys: string[]; cells: string[] } {
  const person = SHEET_PERSON_COLUMNS.filter((key) => withDepartment || key !== "department");
  const keys = [...person, ...columns.map((column) => column.key), ...SHEET_TOTAL_COLUMNS];
  const titles = [...person.map((key) => t(`payrollSheet.columns.${key}`)), ...columns.map((column) => columnTitle(column, t)), ...SHEET_TOTAL_COLUMNS.map((key) => t(`payrollSheet.columns.${key}`))];
  return { keys, cells: keys.map((key, index) => headerCell(titles[index], key)) };
}

/**
 * Minor units as the major-unit decimal a file carries, in one currency:
 * -5 → "-0.05" in dollars, 2500000 → "25000.00". The currency's digits are
 * looked up once (money.ts asks Intl on every call, too slow for every cell
 * of a 10,000-person sheet).
 */
export function majorTextIn(currency: string): (minor: number) => string {
  const digits = minorDigits(currency);
  return (minor) => {
    const sign = minor < 0 ? "-" : "";
    const text = String(Math.abs(minor));
    if (digits === 0) return sign + text;
    const padded = text.padStart(digits + 1, "0");
    return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
  };
}

/** "payroll-2026-11-01-2026-11-30": a file's name for a run, without its extension. */
export const runFileName = (base: string, run: { period_start: string; period_end: string }) => `${base}-${run.period_start}-${run.period_end}`;

/** Excel refuses these in a worksheet's name, and more than 31 characters. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;
const SHEET_NAME_MAX = 31;

/**
 * Names worksheets as they are added: forbidden characters replaced, no
 * quote at either end (Excel refuses it), at most 31 characters, unique
 * without regard to case (as Excel compares them), never Excel's reserved
 * "History"; a title left empty takes `fallback`.
 */
export function worksheetNamer(fallback: string): (title: string) => string {
  const used = new Set<string>(["history"]);
  return (title) => {
    const base = title.replace(SHEET_NAME_FORBIDDEN, " ").replace(/^'+|'+$/g, "").trim().slice(0, SHEET_NAME_MAX).trim() || fallback;
    let name = base;
    for (let copy = 2; used.has(name.toLowerCase()); copy++) {
      const suffix = ` (${copy})`;
      name = `${base.slice(0, SHEET_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  };
}
