import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  forgotPasswordBody,
  loginBody,
  loginReply,
  meRecord,
  registerBody,
  resetLinkState,
  resetPasswordBody,
  sessionRecord,
  verifyResetTokenBody,
} from "../../../contracts/auth";
import { dataReply, messageReply } from "../../../contracts/replies";
import { idParams } from "../../../contracts/validation";
import { endDevice, endOtherDevices, endSessionsOf, listDevices } from "./devices";
import * as auth from "./service";
import { toMe } from "./sessions";

/** How many sessions a call ended. */
const endedReply = z.object({ ended: z.number().int() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/login", { config: { public: true }, schema: { body: loginBody, response: { 200: loginReply } } }, async (request) => {
    const result = await auth.login(app.ctx, request.body, request.origin);
    return { ...result, message: request.t("auth.loginSuccess") };
  });

  app.post("/logout", { config: { action: "account.signOut" }, schema: { response: { 200: messageReply } } }, async (request) => {
    await auth.logout(app.ctx, request.user, request.author);
    return { message: request.t("auth.loggedOut") };
  });

  // One's signed-in devices: each listed, each ended, every other one at once.
  app.get("/me/sessions", { config: { action: "account.view" }, schema: { response: { 200: dataReply(z.array(sessionRecord)) } } }, async (request) => ({
    data: await listDevices(app.ctx.db, request.user, app.ctx.clock.now()),
  }));
  app.delete("/me/sessions/:id", { config: { action: "account.signOut" }, schema: { params: idParams, response: { 200: messageReply } } }, async (request) => {
    await endDevice(app.ctx, request.user, request.author, request.params.id);
    return { message: request.t("sessions.ended") };
  });
  app.post("/me/sessions/end-others", { config: { action: "account.signOut" }, schema: { response: { 200: dataReply(endedReply) } } }, async (request) => {
    const ended = await endOtherDevices(app.ctx, request.user, request.author);
    return { data: { ended }, message: request.t("sessions.othersEnded", { count: ended }) };
  });
  app.post("/users/:id/end-sessions", { config: { action: "users.endSessions" }, schema: { params: idParams, response: { 200: dataReply(endedReply) } } }, async (request) => {
    const ended = await endSessionsOf(app.ctx, request.user, request.author, request.params.id);
    return { data: { ended }, message: request.t("sessions.personEnded", { count: ended }) };
  });

  app.get("/me", { config: { action: "account.view" }, schema: { response: { 200: dataReply(meRecord) } } }, async (request) => ({ data: toMe(request.user, app.ctx.config.appKey, app.ctx.clock.now()) }));

  app.post("/register", { config: { public: true }, schema: { body: registerBody, response: { 201: dataReply(meRecord) } } }, async (request, reply) => {
    const user = await auth.register(app.ctx, request.body, request.origin);
    reply.code(201);
    return { data: user, message: request.t("auth.registered") };
  });

  app.post("/password/forgot", { config: { public: true }, schema: { body: forgotPasswordBody, response: { 200: messageReply } } }, async (request) => {
    await auth.requestPasswordReset(app.ctx, request.body, request.origin, request.t);
    return { message: request.t("auth.resetLinkSent") };
  });

  app.post("/password/verify-token", { config: { public: true }, schema: { body: verifyResetTokenBody, response: { 200: dataReply(resetLinkState) } } }, async (request) => ({
    data: await auth.verifyResetToken(app.ctx, request.body),
  }));

  app.post("/password/reset", { config: { public: true }, schema: { body: resetPasswordBody, response: { 200: messageReply } } }, async (request) => {
    await auth.resetPassword(app.ctx, request.body, request.origin);
    return { message: request.t("auth.passwordReset") };
  });
};
