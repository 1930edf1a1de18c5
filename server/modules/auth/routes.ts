import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  verifyResetTokenBody,
} from "../../../contracts/auth";
import * as auth from "./service";
import { toMe } from "./sessions";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/login", { config: { public: true }, schema: { body: loginBody } }, async (request) => {
    const result = await auth.login(app.ctx, request.body, request.origin);
    return { ...result, message: request.t("auth.loginSuccess") };
  });

  app.post("/logout", { config: { action: "account.signOut" } }, async (request) => {
    await auth.logout(app.ctx, request.user, request.author);
    return { message: request.t("auth.loggedOut") };
  });

  app.get("/me", { config: { action: "account.view" } }, async (request) => ({ data: toMe(request.user, app.ctx.config.appKey, app.ctx.clock.now()) }));

  app.post("/register", { config: { public: true }, schema: { body: registerBody } }, async (request, reply) => {
    const user = await auth.register(app.ctx, request.body, request.origin);
    reply.code(201);
    return { data: user, message: request.t("auth.registered") };
  });

  app.post("/password/forgot", { config: { public: true }, schema: { body: forgotPasswordBody } }, async (request) => {
    await auth.requestPasswordReset(app.ctx, request.body, request.origin, request.t);
    return { message: request.t("auth.resetLinkSent") };
  });

  app.post("/password/verify-token", { config: { public: true }, schema: { body: verifyResetTokenBody } }, async (request) => ({
    data: await auth.verifyResetToken(app.ctx, request.body),
  }));

  app.post("/password/reset", { config: { public: true }, schema: { body: resetPasswordBody } }, async (request) => {
    await auth.resetPassword(app.ctx, request.body, request.origin);
    return { message: request.t("auth.passwordReset") };
  });
};
