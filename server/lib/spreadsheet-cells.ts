/**
 * Spreadsheet cells as the import reads them: a column's letters, and a
 * cell's value reduced to text or a number whatever exceljs made of it
 * (rich text, a hyperlink, a formula with its cached result, an error).
 */
import type ExcelJS from "exceljs";

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
