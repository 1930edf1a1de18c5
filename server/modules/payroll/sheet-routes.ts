/**
 * Payroll sheets (contracts/payroll-sheet.ts): a run as a grid
 * (/api/payroll-sheet/{run}/{sheet}), as XLSX or CSV
 * (/api/payroll/download/{id}), filled from such a file
 * (/api/payroll/{id}/import) and its bank transfer file
 * (/api/payroll/{id}/bank-file).
 */
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BANK_FILE_MISSING_HEADER, IMPORT_MAX_BYTES, payrollImportReply, payrollSheetParams, payrollSheetQuery, payrollSheetReply, sheetDownloadQuery } from "../../../contracts/payroll-sheet";
import { dataReply } from "../../../contracts/replies";
import { idParams } from "../../../contracts/validation";
import { fileReply } from "../../lib/file-reply";
import { CONTENT_TYPES, sendTable, tableReply } from "../../lib/table-export";
import { oneFileLimits } from "../../lib/uploads";
import { bankFile } from "./sheet/bank-file";
import { sendRunSheet } from "./sheet/download";
import { payrollSheet } from "./sheet/grid";
import { readSpreadsheetUpload } from "../../lib/spreadsheet-upload";
import { importRun } from "./sheet/import-run";


export const payrollSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, oneFileLimits(IMPORT_MAX_BYTES));

  app.get(
    "/payroll-sheet/:run/:sheet",
    { config: { action: "payroll.sheet" }, schema: { params: payrollSheetParams, querystring: payrollSheetQuery, response: { 200: dataReply(payrollSheetReply) } } },
    async (request) => ({ data: await payrollSheet(app.ctx, request.user, request.params.run, request.params.sheet, request.query, request.t) }),
  );

  app.get(
    "/payroll/download/:id",
    { config: { action: "payroll.sheet" }, schema: { params: idParams, querystring: sheetDownloadQuery, response: { 200: tableReply("The run as XLSX (a worksheet per department and a summary) or CSV") } } },
    (request, reply) => sendRunSheet(app.ctx, request.user, request.params.id, request.query.format, request.t, reply),
  );

  app.post("/payroll/:id/import", { config: { action: "payroll.import" }, schema: { params: idParams, response: { 200: payrollImportReply } } }, async (request) => {
    const upload = await readSpreadsheetUpload(request, IMPORT_MAX_BYTES);
    const { run, people } = await importRun(app.ctx, request.user, request.author, request.params.id, upload, request.t);
    return { data: run, message: request.t("payrollSheet.import.done", { count: people }) };
  });

  app.get("/payroll/:id/bank-file", { config: { action: "payroll.bankFile" }, schema: { params: idParams, response: { 200: fileReply("The released run's bank transfers as CSV", [CONTENT_TYPES.csv]) } } }, async (request, reply) => {
    const { name, header, rows, missing } = await bankFile(app.ctx, request.user, request.author, request.params.id, request.t);
    async function* batches() {
      yield rows;
    }
    reply.header(BANK_FILE_MISSING_HEADER, String(missing));
    return sendTable(reply, "csv", { name, sheet: name, header, batches: batches() });
  });
};
