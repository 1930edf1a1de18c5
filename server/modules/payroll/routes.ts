import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_BULK_IDS } from "../../../contracts/notifications";
import { comparisonReply, payslipDetail, payslipRecord, releaseBody, reopenBody, runBody, runRecord, summaryStats } from "../../../contracts/payroll";
import { dataReply, listReply } from "../../../contracts/replies";
import { idParams, MESSAGE, recordId } from "../../../contracts/validation";
import { notFound } from "../../lib/errors";
import { listQuerySchema } from "../../lib/list";
import { listPayslips, payslipsList, readPayslip } from "./payslips";
import { compareWithPrevious, summaryStats as stats } from "./review";
import { approveRun, bulkDeleteRuns, createRun, deleteRun, listRuns, loadRun, readRun, releaseRun, reopenRun, runsList, startCalculation } from "./runs";

const runReply = dataReply(runRecord);
const idsBody = z.strictObject({ ids: z.array(recordId, { error: MESSAGE.invalidType }).min(1, { error: "payroll.runs.noneSelected" }).max(MAX_BULK_IDS, { error: MESSAGE.invalid }) });

/** Payroll runs (/api/payroll…), their calculation (/api/payslip/generate-payslips) and payslips read-only (/api/payslips…). */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/payroll", { config: { action: "payroll.list" }, schema: { querystring: listQuerySchema(runsList), response: { 200: listReply(runRecord) } } }, (request) =>
    listRuns(app.ctx, request.query as Record<string, unknown>, request.t),
  );

  app.post("/payroll", { config: { action: "payroll.create" }, schema: { body: runBody, response: { 201: runReply } } }, async (request, reply) => {
    const data = await createRun(app.ctx, request.user, request.author, request.body, request.t);
    reply.code(201);
    return { data, message: request.t("payroll.runs.created") };
  });

  app.get("/payroll/summary-stats", { config: { action: "payroll.list" }, schema: { response: { 200: dataReply(summaryStats) } } }, async () => ({ data: await stats(app.ctx) }));

  app.post(
    "/payroll/bulk-delete",
    { config: { action: "payroll.delete" }, schema: { body: idsBody, response: { 200: dataReply(z.object({ deleted: z.array(z.number().int()), refused: z.array(z.object({ id: z.number().int(), message: z.string() })) })) } } },
    async (request) => {
      const data = await bulkDeleteRuns(app.ctx, request.user, request.author, request.body.ids, request.t);
      return { data, message: request.t("payroll.runs.bulkDeleted", { count: data.deleted.length }) };
    },
  );

  app.get("/payroll/:id", { config: { action: "payroll.view" }, schema: { params: idParams, response: { 200: runReply } } }, async (request) => ({
    data: await readRun(app.ctx, request.user, request.params.id, request.t),
  }));

  app.get("/payroll/:id/comparison", { config: { action: "payroll.view" }, schema: { params: idParams, response: { 200: dataReply(comparisonReply) } } }, async (request) => {
    const view = await loadRun(app.ctx.db, request.params.id);
    if (!view) throw notFound();
    return { data: await compareWithPrevious(app.ctx, view.run) };
  });

  app.delete("/payroll/:id", { config: { action: "payroll.delete" }, schema: { params: idParams, response: { 200: dataReply(z.object({ id: recordId })) } } }, async (request) => {
    await deleteRun(app.ctx, request.user, request.author, request.params.id);
    return { data: { id: request.params.id }, message: request.t("payroll.runs.deleted") };
  });

  app.post("/payslip/generate-payslips/:id", { config: { action: "payroll.calculate" }, schema: { params: idParams, response: { 202: runReply } } }, async (request, reply) => {
    const data = await startCalculation(app.ctx, request.user, request.author, request.params.id, request.origin, request.t);
    reply.code(202);
    return { data, message: request.t("payroll.runs.calculationQueued") };
  });

  app.post("/payroll/:id/approve", { config: { action: "payroll.approve" }, schema: { params: idParams, response: { 200: runReply } } }, async (request) => ({
    data: await approveRun(app.ctx, request.user, request.author, request.params.id, request.t),
    message: request.t("payroll.runs.approved"),
  }));

  app.post("/payroll/:id/reopen", { config: { action: "payroll.reopen" }, schema: { params: idParams, body: reopenBody, response: { 200: runReply } } }, async (request) => ({
    data: await reopenRun(app.ctx, request.user, request.author, request.params.id, request.body.reason, request.t),
    message: request.t("payroll.runs.reopened"),
  }));

  app.post("/payroll/release/:id", { config: { action: "payroll.release" }, schema: { params: idParams, body: releaseBody.nullish(), response: { 200: runReply } } }, async (request) => ({
    data: await releaseRun(app.ctx, request.user, request.author, request.params.id, request.body?.confirm_open_attendance ?? false, request.t),
    message: request.t("payroll.runs.released"),
  }));

  app.get("/payslips", { config: { action: "payslips.list" }, schema: { querystring: listQuerySchema(payslipsList), response: { 200: listReply(payslipRecord) } } }, (request) =>
    listPayslips(app.ctx, request.query as Record<string, unknown>),
  );

  app.get("/payslips/:id", { config: { action: "payslips.view" }, schema: { params: idParams, response: { 200: dataReply(payslipDetail) } } }, async (request) => ({
    data: await readPayslip(app.ctx, request.user, request.params.id),
  }));
};
