/** A leave request's document (a medical certificate): attached by the person or HR, read by whoever reads the request. */
import { eq } from "drizzle-orm";
import { LEAVE_DOCUMENT_TYPES, LEAVE_HOLDING, type LeaveRequestRecord } from "../../../contracts/leave";
import type { Actor } from "../../../contracts/policies";
import { leaveRequests } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField, notFound } from "../../lib/errors";
import { sniffImageType } from "../../lib/images";
import { authorize } from "../../lib/policy";
import { mutate, type Author } from "../../lib/write";
import { readFile, storeFile } from "../files/service";
import { loadRequest, readRequest, subjectOf } from "./requests";

/** A document's real type by its first bytes: a PDF, a JPEG or a PNG; anything else is refused whatever it claims. */
function documentType(content: Buffer): (typeof LEAVE_DOCUMENT_TYPES)[number] | null {
  if (content.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  const image = sniffImageType(content);
  return image === "image/jpeg" || image === "image/png" ? image : null;
}

/**
 * Attaches the document a request's type asks for (a later one replaces it: the earlier file stays in the files
 * table). A request still standing or waiting; the approver may then approve it.
 */
export async function attachDocument(ctx: AppContext, actor: Actor, author: Author, id: number, content: Buffer): Promise<LeaveRequestRecord> {
  const row = await loadRequest(ctx.db, id);
  authorize(actor, "leaveRequests.attach", subjectOf(row));
  if (!LEAVE_HOLDING.includes(row.request.status)) throw new HttpError(409, "leave.requests.documentClosed");
  const type = documentType(content);
  if (!type) throw invalidField("file", "leave.requests.documentType");
  await mutate(ctx, author, { action: "leave_request.document_attached", subjectType: "leave_request" }, async (tx) => {
    const now = ctx.clock.now();
    const fileId = await storeFile(tx, { kind: "leave_document", mimeType: type, content, createdBy: actor.id, at: now });
    await tx.update(leaveRequests).set({ document_file_id: fileId, updated_by: actor.id, updated_at: now }).where(eq(leaveRequests.id, id));
    return { result: fileId, subjectId: id, changes: { user_id: row.request.user_id, type, bytes: content.length } };
  });
  return readRequest(ctx, actor, id);
}

/** The request's document, for whoever may read the request. */
export async function requestDocument(ctx: AppContext, actor: Actor, id: number): Promise<{ content: Buffer; mimeType: string }> {
  const row = await loadRequest(ctx.db, id);
  authorize(actor, "leaveRequests.view", subjectOf(row));
  const file = row.request.document_file_id === null ? null : await readFile(ctx.db, row.request.document_file_id);
  if (!file) throw notFound();
  return { content: file.content, mimeType: file.mime_type };
}
