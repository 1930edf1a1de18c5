import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_BULK_IDS } from "../../../contracts/notifications";
import { adjustmentsBody, payslipEditReply, payslipUpdateBody } from "../../../contracts/payslips";
import { dataReply } from "../../../contracts/replies";
import { idParams, MESSAGE, recordId } from "../../../contracts/validation";
import { bulkDeletePayslips, deletePayslip, readEdit, saveAdjustments, saveNote } from "./edits";

const editReply = dataReply(payslipEditReply);
const idsBody = z.strictObject({ ids: z.array(recordId, { error: MESSAGE.invalidType }).min(1, { error: "payslips.noneSelected" }).max(MAX_BULK_IDS, { error: MESSAGE.invalid }) });
/** As a run's bulk delete answers: those deleted, and why each other one stayed. */
const bulkDeleteReply = dataReply(z.object({ deleted: z.array(z.number().int()), refused: z.array(z.object({ id: z.number().int(), message: z.string() })) }));

/** The payroll office's edits of payslips in runs not yet approved: note, adjustments, taking someone out of a run. */
export const payslipEditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/payslips/:id/edit", { config: { action: "payslips.update" }, schema: { params: idParams, response: { 200: editReply } } }, async (request) => ({
    data: await readEdit(app.ctx, request.user, request.params.id),
  }));

  app.put("/payslips/:id", { config: { action: "payslips.update" }, schema: { params: idParams, body: payslipUpdateBody, response: { 200: editReply } } }, async (request) => ({
    data: await saveNote(app.ctx, request.user, request.author, request.params.id, request.body.note),
    message: request.t("payslips.updated"),
  }));

  app.put(
    "/payslips/update-user-payslip/:id",
    { config: { action: "payslips.update" }, schema: { params: idParams, body: adjustmentsBody, response: { 200: editReply } } },
    async (request) => ({
      data: await saveAdjustments(app.ctx, request.user, request.author, request.params.id, request.body, request.t),
      message: request.t("payslips.adjustmentsSaved"),
    }),
  );

  app.delete("/payslips/:id", { config: { action: "payslips.delete" }, schema: { params: idParams, response: { 200: dataReply(z.object({ id: recordId })) } } }, async (request) => {
    await deletePayslip(app.ctx, request.user, request.author, request.params.id);
    return { data: { id: request.params.id }, message: request.t("payslips.deleted") };
  });

  app.post("/payslips/bulk-delete", { config: { action: "payslips.delete" }, schema: { body: idsBody, response: { 200: bulkDeleteReply } } }, async (request) => {
    const data = await bulkDeletePayslips(app.ctx, request.user, request.author, request.body.ids, request.t);
    return { data, message: request.t("payslips.bulkDeleted", { count: data.deleted.length }) };
  });
};
