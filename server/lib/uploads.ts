import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { fitImage, sniffImageType, type ImageType, type ShownAt } from "./images";
import { HttpError, invalidField } from "./errors";

/** "2 MB": a limit as the refusal names it (base 1024, as the spec's file sizes). */
const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB` : `${Math.round(bytes / 1024)} KB`);

/** What an upload's refusals say, on which field: each kind of upload words them for its own file. */
export interface UploadWording {
  field: string;
  missing: string;
  oneFile: string;
  /** Over the limit, with the limit as the message words it. */
  tooLarge: { key: string; params: Record<string, unknown> };
}

const pictureWording = (maxBytes: number): UploadWording => ({
  field: "file",
  missing: "profile.pictureMissing",
  oneFile: "profile.pictureOneFile",
  tooLarge: { key: "profile.pictureTooLarge", params: { max: sizeLabel(maxBytes) } },
});

/**
 * The one file of an upload and its name. The parser's limits (one part, no
 * text fields; register @fastify/multipart with oneFileLimits(maxBytes)) turn
 * anything else into an FST_ error, and a body cut short or malformed fails
 * in the parser: before the file, there is no file; after it, the caller sent
 * more than one thing and gets told so rather than having the rest dropped.
 */
export async function readOneFile(request: FastifyRequest, maxBytes: number, words: UploadWording): Promise<{ content: Buffer; filename: string }> {
  const refuse = (key: string, params?: Record<string, unknown>) => invalidField(words.field, key, params);
  const tooLarge = () => refuse(words.tooLarge.key, words.tooLarge.params);
  if (!request.isMultipart()) throw refuse(words.missing);
  const parts: AsyncIterableIterator<Multipart> = request.parts();
  let file: { content: Buffer; filename: string } | null = null;
  try {
    for await (const part of parts) {
      if (part.type !== "file") throw refuse(words.missing);
      file = { content: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    // The parser's limits (FST_ codes) and its refusals of a broken body (cut short, a malformed part), which carry no code.
    throw refuse(file === null ? words.missing : words.oneFile);
  }
  if (file === null) throw refuse(words.missing);
  if (file.content.length > maxBytes) throw tooLarge();
  return file;
}

/**
 * An uploaded picture (a profile picture, a logo) as it is kept: checked by
 * its bytes' real type and its decoded size, then scaled to the box it is
 * shown in (fitImage); a 422 on `file` otherwise.
 */
export async function readOneImage(request: FastifyRequest, maxBytes: number, shownAt: ShownAt): Promise<{ content: Buffer; mimeType: ImageType }> {
  const { content } = await readOneFile(request, maxBytes, pictureWording(maxBytes));
  const type = sniffImageType(content);
  if (!type) throw invalidField("file", "profile.pictureType");
  return fitImage(content, type, shownAt);
}

/** @fastify/multipart's limits for one file of at most `maxBytes`: one byte over is enough to know it is too large. */
export const oneFileLimits = (maxBytes: number) => ({ limits: { fileSize: maxBytes + 1, files: 1, fields: 0, parts: 1 } });
