/**
 * GET /api/payroll/download/{id}?format=xlsx|csv: the run's sheet as a
 * file, streamed as its rows are read. XLSX: a worksheet per department and
 * a summary (workbook.ts). CSV: one table of everyone with a department
 * column, amounts as major-unit decimals ("25000.00"), cells escaped by the
 * shared CSV writer (a name starting with "=" stays text), no totals row.
 */
import type { FastifyReply } from "fastify";
import type { Actor } from "../../../../contracts/policies";
import type { SheetRow } from "../../../../contracts/payroll-sheet";
import type { AppContext } from "../../../lib/context";
import type { CsvCell } from "../../../lib/csv";
import type { Translate } from "../../../lib/i18n";
import { sendTable } from "../../../lib/table-export";
import { majorTextIn, runFileName, sheetHeader } from "./layout";
import { runFor } from "./run-access";
import { runColumns, runRowBatches } from "./sheet-data";
import { runWorkbook } from "./workbook";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function sendRunSheet(ctx: AppContext, actor: Actor, id: number, format: "xlsx" | "csv", t: Translate, reply: FastifyReply): Promise<FastifyReply> {
  const { run } = await runFor(ctx, actor, id, "payroll.sheet");
  const columns = await runColumns(ctx.db, run.id, t);
  const name = runFileName("payroll", run);
  const rows = runRowBatches(ctx.db, run.id, columns);
  if (format === "xlsx") {
    return reply.type(XLSX_TYPE).header("content-disposition", `attachment; filename="${name}.xlsx"`).send(runWorkbook({ currency: run.currency, columns, rows, t }));
  }
  // A negative amount goes as a number: as text its "-" would be escaped like a formula's start.
  const majorText = majorTextIn(run.currency);
  const amount = (minor: number): CsvCell => (minor < 0 ? Number(majorText(minor)) : majorText(minor));
  const cells = (row: SheetRow): CsvCell[] => [
    row.employee_number,
    row.name,
    row.department,
    row.position,
    ...columns.map((column) => amount(row.amounts[column.key])),
    ...[row.gross, row.deductions, row.net, row.employer_cost].map(amount),
  ];
  async function* batches() {
    for await (const batch of rows) yield batch.map(cells);
  }
  return sendTable(reply, "csv", { name, sheet: name, header: sheetHeader(columns, t, true).cells, batches: batches() });
}
