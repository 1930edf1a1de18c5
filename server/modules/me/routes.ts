import multipart, { type Multipart } from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataReply, messageReply } from "../../../contracts/replies";
import { changePasswordBody, ownProfileBody, PROFILE_PICTURE_MAX_BYTES, userRecord } from "../../../contracts/users";
import { HttpError, invalidField } from "../../lib/errors";
import { changeOwnPassword, setProfilePicture, updateOwnProfile } from "./service";

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  // One byte over the limit is enough to know the file is too large.
  await app.register(multipart, { limits: { fileSize: PROFILE_PICTURE_MAX_BYTES + 1, files: 1, fields: 0, parts: 1 } });

  app.put("/me/profile", { config: { action: "account.update" }, schema: { body: ownProfileBody, response: { 200: dataReply(userRecord) } } }, async (request) => ({
    data: await updateOwnProfile(app.ctx, request.user, request.author, request.body),
    message: request.t("profile.updated"),
  }));

  app.post("/me/profile/picture", { config: { action: "account.update" }, schema: { response: { 200: dataReply(userRecord) } } }, async (request) => {
    if (!request.isMultipart()) throw invalidField("file", "profile.pictureMissing");
    const content = await readOnePicture(request.parts());
    return { data: await setProfilePicture(app.ctx, request.user, request.author, content), message: request.t("profile.pictureUpdated") };
  });

  app.put("/me/change-password", { config: { action: "account.update" }, schema: { body: changePasswordBody, response: { 200: messageReply } } }, async (request) => {
    await changeOwnPassword(app.ctx, request.user, request.author, request.body);
    return { message: request.t("profile.passwordChanged") };
  });
};

/**
 * The one file of a picture upload. The parser's limits (one part, no text
 * fields) turn anything else into an FST_ error, and a body cut short or
 * malformed fails in the parser: before the file, there is no picture; after
 * it, the caller sent more than one thing and gets told so rather than having
 * the rest silently dropped.
 */
async function readOnePicture(parts: AsyncIterableIterator<Multipart>): Promise<Buffer> {
  let content: Buffer | null = null;
  try {
    for await (const part of parts) {
      if (part.type !== "file") throw invalidField("file", "profile.pictureMissing");
      content = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw invalidField("file", "profile.pictureTooLarge", { max: "2 MB" });
    // The parser's limits (FST_ codes) and its refusals of a broken body (cut short, a malformed part), which carry no code.
    throw invalidField("file", content === null ? "profile.pictureMissing" : "profile.pictureOneFile");
  }
  if (content === null) throw invalidField("file", "profile.pictureMissing");
  return content;
}
