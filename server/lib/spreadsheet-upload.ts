/**
 * An uploaded spreadsheet (the payroll sheet, the people import): one file
 * from a multipart body, told apart by its bytes (XLSX is a ZIP,
 * "PK\x03\x04"; CSV is UTF-8 text with no NUL in it; anything else is
 * refused), read into worksheets of typed cells. A CSV's cells are text, with
 * the downloads' formula-start neutralisation ("'=") taken back off; its one
 * worksheet is IMPORT_CSV_SHEET. A refusal names each cell (spreadsheetRejection).
 */
import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import type { FastifyRequest } from "fastify";
import { importCellKey, IMPORT_CSV_SHEET, IMPORT_FILE_KEY, MAX_IMPORT_ERRORS } from "../../contracts/payroll-sheet";
import { HttpError, invalidField } from "./errors";
import { readOneFile } from "./uploads";
import { spreadsheetReader } from "./xlsx-strict-cells";
import { unpackedSize } from "./zip-size";
import { cellValue, columnLetter, type CellValue } from "./spreadsheet-cells";

const MEGABYTE = 1024 * 1024;
/** What a workbook may unpack to: a payroll sheet of 50,500 rows with 30 components (4.9 MB packed) unpacks to 57 MB; a ZIP claiming more is refused unread. */
const MAX_UNPACKED_BYTES = 150 * MEGABYTE;

export interface SheetTable {
  name: string;
  /** Non-empty rows with their number (1 is the header); cells[0] is column A. */
  rows: { number: number; cells: CellValue[] }[];
}

/** The one file of the body and its name (for the activity log), its refusals worded for a spreadsheet. */
export function readSpreadsheetUpload(request: FastifyRequest, maxBytes: number): Promise<{ content: Buffer; filename: string }> {
  return readOneFile(request, maxBytes, {
    field: IMPORT_FILE_KEY,
    missing: "spreadsheetImport.fileMissing",
    oneFile: "spreadsheetImport.oneFile",
    tooLarge: { key: "spreadsheetImport.fileTooLarge", params: { max: Math.round((maxBytes / 1024 / 1024) * 100) / 100 } },
  });
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

function csvText(content: Buffer): string | null {
  try {
    const text = utf8.decode(content);
    return text.includes("\u0000") ? null : text;
  } catch {
    return null;
  }
}

const notSpreadsheet = () => invalidField(IMPORT_FILE_KEY, "spreadsheetImport.notSpreadsheet");
const tooManyRows = (max: number) => invalidField(IMPORT_FILE_KEY, "spreadsheetImport.tooManyRows", { max });

/** A written-out "'=…" is the download's escaping of a cell that starts like a formula: the cell is what follows. */
const unescape = (cell: CellValue): CellValue => (typeof cell.value === "string" && /^'[=+\-@\t\r]/.test(cell.value) ? { ...cell, value: cell.value.slice(1) } : cell);

function tableOf(worksheet: ExcelJS.Worksheet, name: string, fromCsv: boolean): SheetTable {
  const rows: SheetTable["rows"] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells: CellValue[] = [];
    for (let column = 1; column < values.length; column++) {
      const cell = cellValue(values[column]);
      cells.push(fromCsv ? unescape(cell) : cell);
    }
    if (cells.some((cell) => cell.value !== null)) rows.push({ number, cells });
  });
  return { name, rows };
}

/** The file's worksheets, or a 422 on `file` when it is not a spreadsheet this can read or holds more than `maxRows` rows in all. */
export async function readWorksheets(content: Buffer, maxRows: number): Promise<SheetTable[]> {
  const workbook = new (await spreadsheetReader()).Workbook();
  let tables: SheetTable[];
  if (content.subarray(0, 4).equals(ZIP)) {
    const unpacked = unpackedSize(content);
    if (unpacked === null) throw invalidField(IMPORT_FILE_KEY, "spreadsheetImport.unreadable");
    if (unpacked > MAX_UNPACKED_BYTES) throw invalidField(IMPORT_FILE_KEY, "spreadsheetImport.unpacksTooLarge", { max: MAX_UNPACKED_BYTES / MEGABYTE });
    try {
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
    } catch {
      throw invalidField(IMPORT_FILE_KEY, "spreadsheetImport.unreadable");
    }
    if (workbook.worksheets.reduce((rows, worksheet) => rows + worksheet.actualRowCount, 0) > maxRows) throw tooManyRows(maxRows);
    tables = workbook.worksheets.map((worksheet) => tableOf(worksheet, worksheet.name, false));
  } else {
    const text = csvText(content);
    if (text === null) throw notSpreadsheet();
    let worksheet: ExcelJS.Worksheet;
    try {
      // exceljs's CSV reader (RFC 4180 quoting; it drops the BOM), each cell kept as the text it is.
      worksheet = await workbook.csv.read(Readable.from([text]), { map: (value: unknown) => value } as Parameters<typeof workbook.csv.read>[1]);
    } catch {
      // A quote left open, text after a closing quote.
      throw invalidField(IMPORT_FILE_KEY, "spreadsheetImport.csvUnreadable");
    }
    if (worksheet.actualRowCount > maxRows) throw tooManyRows(maxRows);
    tables = [tableOf(worksheet, IMPORT_CSV_SHEET, true)];
  }
  return tables;
}

/** One thing wrong with an uploaded file: a cell's (column from 0, row from 1), or the whole file's (row 0). */
export interface SheetProblem {
  sheet: string;
  column: number;
  row: number;
  key: string;
  params?: Record<string, unknown>;
}

export const fileProblem = (key: string, params?: Record<string, unknown>): SheetProblem => ({ sheet: "", column: 0, row: 0, key, params });

/** The 422 naming each cell ("Sheet!D7") with what is wrong there, the first MAX_IMPORT_ERRORS of them; nothing was saved. */
export function spreadsheetRejection(problems: readonly SheetProblem[]): HttpError {
  const listed = problems.slice(0, MAX_IMPORT_ERRORS);
  const errors: Record<string, { key: string; params?: Record<string, unknown> }[]> = Object.create(null);
  for (const problem of listed) {
    const key = problem.row === 0 ? IMPORT_FILE_KEY : importCellKey(problem.sheet, columnLetter(problem.column + 1), problem.row);
    (errors[key] ??= []).push({ key: problem.key, params: problem.params });
  }
  const message = problems.length > listed.length ? "spreadsheetImport.rejectedMany" : "spreadsheetImport.rejected";
  return new HttpError(422, message, { count: problems.length, shown: listed.length }, errors);
}
