import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataReply, messageReply } from "../../../contracts/replies";
import { changePasswordBody, ownProfileBody, PROFILE_PICTURE_MAX_BYTES, userRecord } from "../../../contracts/users";
import { PICTURE_SHOWN_AT } from "../../lib/images";
import { oneFileLimits, readOneImage } from "../../lib/uploads";
import { changeOwnPassword, setProfilePicture, updateOwnProfile } from "./service";

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, oneFileLimits(PROFILE_PICTURE_MAX_BYTES));

  app.put("/me/profile", { config: { action: "account.update" }, schema: { body: ownProfileBody, response: { 200: dataReply(userRecord) } } }, async (request) => ({
    data: await updateOwnProfile(app.ctx, request.user, request.author, request.body),
    message: request.t("profile.updated"),
  }));

  app.post("/me/profile/picture", { config: { action: "account.update" }, schema: { response: { 200: dataReply(userRecord) } } }, async (request) => {
    const picture = await readOneImage(request, PROFILE_PICTURE_MAX_BYTES, PICTURE_SHOWN_AT);
    return { data: await setProfilePicture(app.ctx, request.user, request.author, picture), message: request.t("profile.pictureUpdated") };
  });

  app.put("/me/change-password", { config: { action: "account.update" }, schema: { body: changePasswordBody, response: { 200: messageReply } } }, async (request) => {
    await changeOwnPassword(app.ctx, request.user, request.author, request.body);
    return { message: request.t("profile.passwordChanged") };
  });
};
