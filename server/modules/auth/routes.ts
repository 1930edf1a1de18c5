import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  verifyResetTokenBody,
} from "../../../contracts/auth";
import { PUBLIC_ROUTE } from "../../lib/api-docs";
import { requireUser } from "./guard";
import * as auth from "./service";
import { toMe } from "./sessions";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/login", { schema: { ...PUBLIC_ROUTE, body: loginBody } }, async (request) => {
    const result = await auth.login(app.ctx, request.body, request.origin);
    return { ...result, message: request.t("auth.loginSuccess") };
  });

  app.post("/logout", { onRequest: requireUser }, async (request) => {
    await auth.logout(app.ctx, request.user, request.origin);
    return { message: request.t("auth.loggedOut") };
  });

  app.get("/me", { onRequest: requireUser }, async (request) => ({ data: toMe(request.user, app.ctx.config.appKey, app.ctx.clock.now()) }));

  app.post("/register", { schema: { ...PUBLIC_ROUTE, body: registerBody } }, async (request, reply) => {
    const user = await auth.register(app.ctx, request.body, request.origin);
    reply.code(201);
    return { data: user, message: request.t("auth.registered") };
  });

  app.post("/password/forgot", { schema: { ...PUBLIC_ROUTE, body: forgotPasswordBody } }, async (request) => {
    await auth.requestPasswordReset(app.ctx, request.body, request.origin, request.t);
    return { message: request.t("auth.resetLinkSent") };
  });

  app.post("/password/verify-token", { schema: { ...PUBLIC_ROUTE, body: verifyResetTokenBody } }, async (request) => ({
    data: await auth.verifyResetToken(app.ctx, request.body),
  }));

  app.post("/password/reset", { schema: { ...PUBLIC_ROUTE, body: resetPasswordBody } }, async (request) => {
    await auth.resetPassword(app.ctx, request.body, request.origin);
    return { message: request.t("auth.passwordReset") };
  });
};
