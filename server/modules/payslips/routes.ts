import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { payslipRecord } from "../../../contracts/payroll";
import { ownPayslipsQuery, ownPayslipsReply, payslipDocument, payslipDownload, recentPayslipsReply, signedUrlReply, withdrawBody } from "../../../contracts/payslips";
import { dataReply } from "../../../contracts/replies";
import { idParams } from "../../../contracts/validation";
import { fileReply } from "../../lib/file-reply";
import { downloadByLink, downloadByToken, downloadsOf, ownPayslips, readDocument, recentWithStats, signedUrl, withdrawPayslip, type Downloaded } from "./delivery";
import { runZip } from "./run-zip";

const pdfReply = fileReply("The payslip as a PDF", ["application/pdf"]);

/** A file as an attachment under its name (ASCII names only: pdfFileName and the ZIP's are). */
const attachment = (name: string) => `attachment; filename="${name}"`;

const sendPdf = (reply: import("fastify").FastifyReply, file: Downloaded) =>
  reply.type("application/pdf").header("content-disposition", attachment(file.name)).header("cache-control", "private, no-store").send(file.pdf);

/** Payslips as documents: read, downloaded by token or signed link, their download log, one's own by year, withdrawal; a run's ZIP. */
export const payslipDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/payslips/user-payslips", { config: { action: "payslips.listOwn" }, schema: { querystring: ownPayslipsQuery, response: { 200: dataReply(ownPayslipsReply) } } }, async (request) => ({
    data: await ownPayslips(app.ctx, request.user, request.query.year),
  }));

  app.get("/payslip/recent-payslips-with-summary-stats", { config: { action: "payslips.list" }, schema: { response: { 200: dataReply(recentPayslipsReply) } } }, async () => ({
    data: await recentWithStats(app.ctx),
  }));

  app.get("/payslips/:id/document", { config: { action: "payslips.view" }, schema: { params: idParams, response: { 200: dataReply(payslipDocument) } } }, async (request) => ({
    data: await readDocument(app.ctx, request.user, request.params.id),
  }));

  app.get("/payslips/:id/downloads", { config: { action: "payslips.history" }, schema: { params: idParams, response: { 200: dataReply(z.array(payslipDownload)) } } }, async (request) => ({
    data: await downloadsOf(app.ctx, request.user, request.params.id),
  }));

  app.post("/payslips/:id/withdraw", { config: { action: "payslips.withdraw" }, schema: { params: idParams, body: withdrawBody, response: { 200: dataReply(payslipRecord) } } }, async (request) => ({
    data: await withdrawPayslip(app.ctx, request.user, request.author, request.params.id, request.body.reason),
    message: request.t("payslips.withdrawn"),
  }));

  app.get("/payslip/generate-pdf/:id", { config: { action: "payslips.download" }, schema: { params: idParams, response: { 200: pdfReply } } }, async (request, reply) =>
    sendPdf(reply, await downloadByToken(app.ctx, request.user, request.params.id, request.origin)),
  );

  app.get("/payslip/signed-url/:id", { config: { action: "payslips.download" }, schema: { params: idParams, response: { 200: dataReply(signedUrlReply) } } }, async (request) => ({
    data: await signedUrl(app.ctx, request.user, request.params.id),
  }));

  app.get(
    "/payslip/pdf/:id",
    {
      // The signed link is the credential (a browser's download sends no bearer token): checked by the service, not the gate.
      config: { public: true },
      schema: {
        params: idParams,
        querystring: z.object({ expires: z.string().max(20).optional(), by: z.string().max(12).optional(), signature: z.string().max(100).optional() }),
        response: { 200: pdfReply },
      },
    },
    async (request, reply) => sendPdf(reply, await downloadByLink(app.ctx, request.params.id, request.query, request.origin)),
  );

  app.get("/payroll/:id/payslips.zip", { config: { action: "payroll.payslipsZip" }, schema: { params: idParams, response: { 200: fileReply("Every payslip of the run as PDFs in one ZIP", ["application/zip"]) } } }, async (request, reply) => {
    const { stream, name } = await runZip(app.ctx, request.user, request.params.id, request.origin);
    return reply.type("application/zip").header("content-disposition", attachment(name)).header("cache-control", "private, no-store").send(stream);
  });
};
