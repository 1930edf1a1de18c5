import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { LEAVE_DOCUMENT_MAX_BYTES, LEAVE_DOCUMENT_TYPES, leaveRequestRecord } from "../../../contracts/leave";
import { dataReply } from "../../../contracts/replies";
import { idParams } from "../../../contracts/validation";
import { fileReply } from "../../lib/file-reply";
import { oneFileLimits, readOneFile } from "../../lib/uploads";
import { attachDocument, requestDocument } from "./documents";

const EXTENSION: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/** A request's document: attached (multipart, one file) and read back by whoever may read the request. */
export const leaveDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, oneFileLimits(LEAVE_DOCUMENT_MAX_BYTES));

  app.post(
    "/leave-requests/:id/document",
    { config: { action: "leaveRequests.attach" }, schema: { params: idParams, response: { 200: dataReply(leaveRequestRecord) } } },
    async (request) => {
      const { content } = await readOneFile(request, LEAVE_DOCUMENT_MAX_BYTES, {
        field: "file",
        missing: "leave.requests.documentMissingFile",
        oneFile: "leave.requests.documentOneFile",
        tooLarge: { key: "leave.requests.documentTooLarge", params: { max: "5 MB" } },
      });
      return { data: await attachDocument(app.ctx, request.user, request.author, request.params.id, content), message: request.t("leave.requests.documentAttached") };
    },
  );

  app.get(
    "/leave-requests/:id/document",
    { config: { action: "leaveRequests.view" }, schema: { params: idParams, response: { 200: fileReply("The request's document, in its own type", LEAVE_DOCUMENT_TYPES) } } },
    async (request, reply) => {
      const document = await requestDocument(app.ctx, request.user, request.params.id);
      return reply
        .header("content-type", document.mimeType)
        .header("content-disposition", `attachment; filename="leave-${request.params.id}.${EXTENSION[document.mimeType] ?? "bin"}"`)
        .send(document.content);
    },
  );
};
