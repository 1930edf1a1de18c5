/**
 * The uploaded sheet: one file from a multipart body, told apart by its
 * bytes (XLSX is a ZIP, "PK\x03\x04"; CSV is UTF-8 text with no NUL in it;
 * anything else is refused), read into worksheets of typed cells. A CSV's
 * cells are text, with the download's formula-start neutralisation ("'=")
 * taken back off; its one worksheet is IMPORT_CSV_SHEET.
 */
import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import type { FastifyRequest } from "fastify";
import { IMPORT_CSV_SHEET, IMPORT_FILE_KEY } from "../../../../contracts/payroll-sheet";
import { invalidField } from "../../../lib/errors";
import { readOneFile } from "../../../lib/uploads";
import { spreadsheetReader } from "../../../lib/xlsx-strict-cells";
import { unpackedSize } from "../../../lib/zip-size";
import { cellValue, type CellValue } from "./cells";

/** The most rows a file may hold, all worksheets together: a run's most people, and room for headers and totals. */
export const MAX_IMPORT_ROWS = 50_500;

const MEGABYTE = 1024 * 1024;
/** What a workbook may unpack to: a sheet of MAX_IMPORT_ROWS with 30 components (4.9 MB packed) unpacks to 57 MB; a ZIP claiming more is refused unread. */
const MAX_UNPACKED_BYTES = 150 * MEGABYTE;

export interface SheetTable {
  name: string;
  /** Non-empty rows with their number (1 is the header); cells[0] is column A. */
  rows: { number: number; cells: CellValue[] }[];
}

/** The one file of the body and its name (for the activity log), its refusals worded for a spreadsheet. */
export function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ content: Buffer; filename: string }> {
  return readOneFile(request, maxBytes, {
    field: IMPORT_FILE_KEY,
    missing: "payrollSheet.import.fileMissing",
    oneFile: "payrollSheet.import.oneFile",
    tooLarge: { key: "payrollSheet.import.fileTooLarge", params: { max: Math.round((maxBytes / 1024 / 1024) * 100) / 100 } },
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

const notSpreadsheet = () => invalidField(IMPORT_FILE_KEY, "payrollSheet.import.notSpreadsheet");
const tooManyRows = () => invalidField(IMPORT_FILE_KEY, "payrollSheet.import.tooManyRows", { max: MAX_IMPORT_ROWS });

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

/** The file's worksheets, or a 422 on `file` when it is not a spreadsheet this can read. */
export async function readWorksheets(content: Buffer): Promise<SheetTable[]> {
  const workbook = new (await spreadsheetReader()).Workbook();
  let tables: SheetTable[];
  if (content.subarray(0, 4).equals(ZIP)) {
    const unpacked = unpackedSize(content);
    if (unpacked === null) throw invalidField(IMPORT_FILE_KEY, "payrollSheet.import.unreadable");
    if (unpacked > MAX_UNPACKED_BYTES) throw invalidField(IMPORT_FILE_KEY, "payrollSheet.import.unpacksTooLarge", { max: MAX_UNPACKED_BYTES / MEGABYTE });
    try {
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
    } catch {
      throw invalidField(IMPORT_FILE_KEY, "payrollSheet.import.unreadable");
    }
    if (workbook.worksheets.reduce((rows, worksheet) => rows + worksheet.actualRowCount, 0) > MAX_IMPORT_ROWS) throw tooManyRows();
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
      throw invalidField(IMPORT_FILE_KEY, "payrollSheet.import.csvUnreadable");
    }
    if (worksheet.actualRowCount > MAX_IMPORT_ROWS) throw tooManyRows();
    tables = [tableOf(worksheet, IMPORT_CSV_SHEET, true)];
  }
  return tables;
}
