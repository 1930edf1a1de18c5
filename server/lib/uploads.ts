import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { ImageType } from "./images";
import { sniffImageType } from "./images";
import { HttpError, invalidField } from "./errors";

/** "2 MB": a limit as the refusal names it (base 1024, as the spec's file sizes). */
const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * The one file of an upload. The parser's limits (one part, no text fields;
 * register @fastify/multipart with fileSize one byte over `maxBytes`) turn
 * anything else into an FST_ error, and a body cut short or malformed fails
 * in the parser: before the file, there is no file; after it, the caller sent
 * more than one thing and gets told so rather than having the rest dropped.
 */
async function readOneFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw invalidField("file", "profile.pictureMissing");
  const parts: AsyncIterableIterator<Multipart> = request.parts();
  let content: Buffer | null = null;
  try {
    for await (const part of parts) {
      if (part.type !== "file") throw invalidField("file", "profile.pictureMissing");
      content = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw invalidField("file", "profile.pictureTooLarge", { max: sizeLabel(maxBytes) });
    // The parser's limits (FST_ codes) and its refusals of a broken body (cut short, a malformed part), which carry no code.
    throw invalidField("file", content === null ? "profile.pictureMissing" : "profile.pictureOneFile");
  }
  if (content === null) throw invalidField("file", "profile.pictureMissing");
  return content;
}

/** An uploaded picture (a profile picture, a logo): its bytes and the type they really are, or a 422 on `file`. */
export async function readOneImage(request: FastifyRequest, maxBytes: number): Promise<{ content: Buffer; mimeType: ImageType }> {
  const content = await readOneFile(request, maxBytes);
  if (content.length > maxBytes) throw invalidField("file", "profile.pictureTooLarge", { max: sizeLabel(maxBytes) });
  const mimeType = sniffImageType(content);
  if (!mimeType) throw invalidField("file", "profile.pictureType");
  return { content, mimeType };
}

/** @fastify/multipart's limits for one file of at most `maxBytes`: one byte over is enough to know it is too large. */
export const oneFileLimits = (maxBytes: number) => ({ limits: { fileSize: maxBytes + 1, files: 1, fields: 0, parts: 1 } });
