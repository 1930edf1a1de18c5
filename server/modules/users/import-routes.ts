/**
 * People from a spreadsheet (POST /api/users/import) and the template to fill
 * (GET /api/users/import-template): contracts/people-import.ts says the layout.
 */
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { importTemplateQuery, PEOPLE_IMPORT_COLUMNS, PEOPLE_IMPORT_MAX_BYTES, PEOPLE_IMPORT_MAX_ROWS, PEOPLE_IMPORT_SHEET, peopleImportReply } from "../../../contracts/people-import";
import { headerCell } from "../../lib/spreadsheet-cells";
import { readSpreadsheetUpload, readWorksheets } from "../../lib/spreadsheet-upload";
import { sendTable, tableReply } from "../../lib/table-export";
import { oneFileLimits } from "../../lib/uploads";
import { companyFacts } from "../company/facts";
import { checkPeopleImport } from "./import-check";
import { saveImportedPeople } from "./import-save";

export const peopleImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, oneFileLimits(PEOPLE_IMPORT_MAX_BYTES));

  app.get(
    "/users/import-template",
    { config: { action: "users.import" }, schema: { querystring: importTemplateQuery, response: { 200: tableReply("The people import's template: its header row, each title ending with its key in brackets") } } },
    (request, reply) => {
      const header = PEOPLE_IMPORT_COLUMNS.map((key) => headerCell(request.t(`peopleImport.columns.${key}`), key));
      async function* nothing() {}
      return sendTable(reply, request.query.format, { name: "people-import-template", sheet: PEOPLE_IMPORT_SHEET, header, batches: nothing() });
    },
  );

  app.post("/users/import", { config: { action: "users.import" }, schema: { response: { 200: peopleImportReply } } }, async (request) => {
    const upload = await readSpreadsheetUpload(request, PEOPLE_IMPORT_MAX_BYTES);
    const tables = await readWorksheets(upload.content, PEOPLE_IMPORT_MAX_ROWS + 1);
    const people = await checkPeopleImport(app.ctx.db, request.user, tables, (await companyFacts(app.ctx.db)).currency);
    const created = await saveImportedPeople(app.ctx, request.author, people, upload.filename);
    return { data: { created }, message: request.t("peopleImport.done", { count: created }) };
  });
};
