/**
 * Spreadsheet cells as the import reads them: a column's letters, and a
 * cell's value reduced to text or a number whatever exceljs made of it
 * (rich text, a hyperlink, a formula with its cached result, an error).
 */
import type ExcelJS from "exceljs";

/** A header cell of the imports' layouts: its title, then its key in brackets ("E-mail [email]"). */
export const headerCell = (title: string, key: string) => `${title} [${key}]`;

/** The key a header cell names, or null when it names none. */
export function keyOfHeader(text: string): string | null {
  const match = /\[([^\][]+)\]\s*$/.exec(text);
  return match ? match[1].trim() : null;
}

/** 1 → "A", 27 → "AA". */
export function columnLetter(column: number): string {
  let letters = "";
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

export interface CellValue {
  /** Null for an empty cell (or blank text); a Date becomes its ISO text. */
  value: string | number | null;
  /** The cell is a formula (its value is the cached result); an error value (#N/A) is text with this unset. */
  formula: boolean;
  /** A formula adding up cells (SUM): a totals row's, never a person's figure. */
  sum?: boolean;
  /** A formula saved without its result (a file written by a script, never opened in a spreadsheet): no value to read. */
  uncomputed?: boolean;
  /** The cell holds something that is neither text nor a number: a date, a boolean, an error. */
  odd: boolean;
  /** The odd thing is a date (told apart: a date under an amount is an easy slip to make). */
  date?: boolean;
}

const EMPTY: CellValue = { value: null, formula: false, odd: false };

export function cellValue(raw: ExcelJS.CellValue | undefined): CellValue {
  if (raw === null || raw === undefined) return EMPTY;
  if (typeof raw === "number") return { value: raw, formula: false, odd: false };
  if (typeof raw === "string") return { value: raw.trim() === "" ? null : raw, formula: false, odd: false };
  if (typeof raw === "boolean") return { value: String(raw), formula: false, odd: true };
  if (raw instanceof Date) return { value: raw.toISOString(), formula: false, odd: true, date: true };
  if ("richText" in raw) return cellValue(raw.richText.map((part) => part.text).join(""));
  if ("formula" in raw || "sharedFormula" in raw) {
    const { result, formula } = raw as { result?: ExcelJS.CellValue; formula?: string };
    const sum = /^\s*=?\s*SUM\(/i.test(formula ?? "");
    if (result === undefined || result === null) return { ...EMPTY, formula: true, sum, uncomputed: true };
    return { ...cellValue(result), formula: true, sum };
  }
  if ("text" in raw && typeof raw.text === "string") return cellValue(raw.text);
  if ("error" in raw) return { value: String(raw.error), formula: false, odd: true };
  return { value: null, formula: false, odd: true };
}

const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)$/;
/** Thousands in groups of three, by comma or space ("1,250.50", "1 250.50"); a comma anywhere else ("12,50") is no number here. */
const GROUPED_TEXT = /^-?\d{1,3}(?:[, \u00a0\u202f]\d{3})+(?:\.\d*)?$/;

export type Amount = { minor: number | null } | { key: string; params?: Record<string, unknown> };

const decimalsProblem = (digits: number): Amount => (digits === 0 ? { key: "spreadsheetImport.noDecimals" } : { key: "spreadsheetImport.tooManyDecimals", params: { digits } });

/** A cell's amount in minor units of a currency with `digits` decimals, or why it is not one. Blank: null. */
export function amountOf(cell: CellValue | undefined, digits: number, allowNegative: boolean): Amount {
  if (cell?.uncomputed) return { key: "spreadsheetImport.formulaWithoutResult" };
  if (!cell || cell.value === null) return { minor: null };
  if (cell.odd) return { key: cell.date ? "spreadsheetImport.dateNotAmount" : "spreadsheetImport.notANumber" };
  if (typeof cell.value === "number") {
    if (!Number.isFinite(cell.value)) return { key: "spreadsheetImport.notANumber" };
    if (Math.abs(cell.value) * 10 ** digits > Number.MAX_SAFE_INTEGER) return { key: "spreadsheetImport.tooLarge" };
    // A spreadsheet's numbers are binary (0.1 + 0.2 is 0.30000000000000004): read to the 15 digits it shows, then as
    // typed text, exactly (scaling the binary number instead would see noise as decimals once amounts grow large).
    return amountOfText(cell.value.toPrecision(15), digits, allowNegative);
  }
  return amountOfText(cell.value, digits, allowNegative);
}

/** A number written out (typed, or a spreadsheet number's 15 digits) in minor units, or why it is not an amount. */
function amountOfText(written: string, digits: number, allowNegative: boolean): Amount {
  const typed = written.trim();
  const text = GROUPED_TEXT.test(typed) ? typed.replace(/[, \u00a0\u202f]/g, "") : typed;
  if (!NUMBER_TEXT.test(text)) return { key: "spreadsheetImport.notANumber" };
  const negative = text.startsWith("-");
  if (negative && !allowNegative) return { key: "spreadsheetImport.negative" };
  const [whole, fraction = ""] = (negative ? text.slice(1) : text).split(".");
  if (fraction.replace(/0+$/, "").length > digits) return decimalsProblem(digits);
  const minor = BigInt(whole || "0") * 10n ** BigInt(digits) + BigInt(fraction.slice(0, digits).padEnd(digits, "0") || "0");
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { key: "spreadsheetImport.tooLarge" };
  return { minor: negative && minor > 0n ? -Number(minor) : Number(minor) };
}

export const textOf = (cell: CellValue | undefined) => (cell?.value == null ? null : typeof cell.value === "number" ? String(cell.value) : cell.value.trim() || null);
