/**
 * exceljs reads a cell it does not know the type of with parseFloat: an
 * ISO 8601 date cell (`t="d"`, which spreadsheets may write) "2026-11-28"
 * becomes the number 2026, and "12abc" becomes 12. An import must never take
 * those for amounts, so, once per process, the reader is taught to read a
 * date cell as a Date and any other text that is no number as an error
 * value: the import then names the cell like any other that is no amount.
 * exceljs 4.4.0 (the last release) is pinned by the lockfile; the test of a
 * date cell fails if an upgrade changes its reader under this. exceljs is
 * loaded with the first file read, not with the server.
 */
import { createRequire } from "node:module";
import type ExcelJS from "exceljs";

interface CellModel {
  type?: number;
  value?: unknown;
  result?: unknown;
  formula?: string;
  shareType?: string;
}
interface CellParser {
  t?: string;
  model: CellModel;
  parseClose(name: string): boolean;
}

/** What an XML number (xsd:double) may be written as. */
const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** The cell's stored text as what it is: a date cell's a Date (an unreadable one an error), text that is no number an error. */
function strictValue(type: string | undefined, text: string): Date | { error: string } | null {
  if (text.trim() === "") return null;
  if (type === "d") {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? { error: text } : date;
  }
  // Text, booleans and errors are read as they are; only a number's text is parsed.
  if ((type === undefined || type === "n") && !NUMBER_TEXT.test(text)) return { error: text };
  return null;
}

function teachStrictCells(): void {
  const require = createRequire(import.meta.url);
  const parser = (require("exceljs/lib/xlsx/xform/sheet/cell-xform.js") as { prototype: CellParser }).prototype;
  const ValueType = (require("exceljs/lib/doc/enums.js") as { ValueType: Record<"Date" | "Error", number> }).ValueType;
  const parseClose = parser.parseClose;
  parser.parseClose = function (this: CellParser, name: string) {
    const text = name === "c" && typeof this.model.value === "string" ? this.model.value : null;
    const strict = text === null ? null : strictValue(this.t, text);
    const done = parseClose.call(this, name);
    if (strict) {
      if (this.model.formula || this.model.shareType) this.model.result = strict;
      else {
        this.model.type = strict instanceof Date ? ValueType.Date : ValueType.Error;
        this.model.value = strict;
      }
    }
    return done;
  };
}

let reader: Promise<typeof ExcelJS> | null = null;

/** exceljs with its cell reader made strict, loaded (and taught) once. */
export function spreadsheetReader(): Promise<typeof ExcelJS> {
  reader ??= import("exceljs").then(({ default: Excel }) => {
    teachStrictCells();
    return Excel;
  });
  return reader;
}
