/** Payslips' part of the server outside its routes: the maker of e-mailed payslip PDFs. One call from buildApp, once the context exists. */
import type { FastifyInstance } from "fastify";
import { PAYSLIP_ATTACHMENT, payslipAttachments } from "./email";

export function wirePayslips(app: FastifyInstance): void {
  app.ctx.mailer.attachments(PAYSLIP_ATTACHMENT, payslipAttachments(app.ctx));
}
