/**
 * A table for download as CSV or XLSX, streamed a batch of rows at a time:
 * one call for every export, so each offers both formats. CSV cells are
 * escaped by csv.ts (formula starts neutralised); XLSX cells are typed
 * values, text as text and numbers as numbers, and a cell is never written
 * as a formula, so "=HYPERLINK(…)" typed as a name stays text.
 */
import { PassThrough, type Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { csvStream, type CsvCell } from "./csv";
import { fileReply } from "./file-reply";

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The query parameter every export takes (CSV unless asked). */
export const exportFormatQuery = { format: z.enum(EXPORT_FORMATS, { error: "validation.exportFormat" }).default("csv") };

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** An export's reply in the API reference: CSV or XLSX, as asked. */
export const tableReply = (description: string) => fileReply(description, Object.values(CONTENT_TYPES));

export interface TableExport {
  /** The file's name without its extension, e.g. "attendance-report-2026-03-01-2026-03-31". */
  name: string;
  /** The worksheet's title in XLSX. */
  sheet: string;
  header: readonly string[];
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>;
}

/** The workbook written as the batches come, into the stream returned. */
function xlsxStream(table: TableExport): Readable {
  const out = new PassThrough();
  (async () => {
    // exceljs is loaded when a workbook is first written, not with the server (0.4 s of every start).
    const { default: Excel } = await import("exceljs");
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(table.sheet.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = table.header.map((title) => ({ header: title, width: Math.max(12, Math.min(40, title.length + 4)) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rows of table.batches) {
      // Each value as it is typed: a string is a text cell whatever it starts with.
      for (const cells of rows) sheet.addRow(cells.map((cell) => (cell === undefined ? null : cell))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Sends the table in the format asked, as an attachment. */
export function sendTable(reply: FastifyReply, format: ExportFormat, table: TableExport): FastifyReply {
  const body = format === "xlsx" ? xlsxStream(table) : csvStream(table.header, table.batches);
  return reply.type(CONTENT_TYPES[format]).header("content-disposition", `attachment; filename="${table.name}.${format}"`).send(body);
}
