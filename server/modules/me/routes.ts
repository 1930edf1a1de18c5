import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changePasswordBody, ownProfileBody, PROFILE_PICTURE_MAX_BYTES } from "../../../contracts/users";
import { invalidField } from "../../lib/errors";
import { requireUser } from "../auth/guard";
import { changeOwnPassword, setProfilePicture, updateOwnProfile } from "./service";

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  // One byte over the limit is enough to know the file is too large.
  await app.register(multipart, { limits: { fileSize: PROFILE_PICTURE_MAX_BYTES + 1, files: 1, fields: 0, parts: 1 } });
  app.addHook("onRequest", requireUser);

  app.put("/me/profile", { schema: { body: ownProfileBody } }, async (request) => ({
    data: await updateOwnProfile(app.ctx, request.user, request.body, request.origin),
    message: request.t("profile.updated"),
  }));

  app.post("/me/profile/picture", async (request) => {
    if (!request.isMultipart()) throw invalidField("file", "profile.pictureMissing");
    // Only one file part is accepted; a text field in its place breaks the parts limit.
    const part = await request.file().catch((error: { code?: string }) => {
      if (error.code?.startsWith("FST_")) throw invalidField("file", "profile.pictureMissing");
      throw error;
    });
    if (!part) throw invalidField("file", "profile.pictureMissing");
    const content = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === "FST_REQ_FILE_TOO_LARGE") throw invalidField("file", "profile.pictureTooLarge", { max: "2 MB" });
      throw error;
    });
    return { data: await setProfilePicture(app.ctx, request.user, content, request.origin), message: request.t("profile.pictureUpdated") };
  });

  app.put("/me/change-password", { schema: { body: changePasswordBody } }, async (request) => {
    await changeOwnPassword(app.ctx, request.user, request.body, request.origin);
    return { message: request.t("profile.passwordChanged") };
  });
};
