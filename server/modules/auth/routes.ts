import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  consumeLoginLinkBody,
  forgotPasswordBody,
  loginBody,
  loginLinkBody,
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
import {
  disableTwoFactorBody,
  enableTwoFactorBody,
  loginChallengeReply,
  recoveryCodesRecord,
  twoFactorCodeBody,
  twoFactorEnrolLoginBody,
  twoFactorLoginBody,
  twoFactorResetRecord,
  twoFactorSetup,
  twoFactorStatus,
} from "../../../contracts/two-factor";
import { HttpError } from "../../lib/errors";
import { deviceCookieHeader } from "../../lib/device-cookies";
import { endDevice, endOtherDevices, endSessionsOf, listDevices } from "./devices";
import * as auth from "./service";
import { toMe } from "./sessions";
import { consumeLoginLink, enrolOnLogin, requestLoginLink, verifyTwoFactorLogin, type SignIn } from "./sign-in";
import { beginEnrolment, disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, resetTwoFactorOf, twoFactorOf, twoFactorStatusOf } from "./two-factor";

/** How many sessions a call ended. */
const endedReply = z.object({ ended: z.number().int() });

/** A session (200), and the device's cookie with it; or a second step to take (202, no session yet). */
const signInReplies = { 200: loginReply, 202: loginChallengeReply };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = (request: FastifyRequest, reply: FastifyReply, result: SignIn) => {
    if (result.kind === "challenge") {
      reply.code(202);
      return { ...result.challenge, message: request.t(result.challenge.two_factor === "enrol" ? "twoFactor.mustEnrol" : "twoFactor.askCode") };
    }
    // The device signed in: from now on its own failures alone can lock it out (OWASP's device cookies).
    reply.header("set-cookie", deviceCookieHeader(app.ctx.config.appKey, result.email, app.ctx.config.appUrl));
    return { ...result.session, message: request.t("auth.loginSuccess") };
  };

  app.post("/login", { config: { public: true }, schema: { body: loginBody, response: signInReplies } }, async (request, reply) =>
    answer(request, reply, await auth.login(app.ctx, request.body, request.origin, request.headers.cookie)),
  );
  app.post("/login/two-factor", { config: { public: true }, schema: { body: twoFactorLoginBody, response: signInReplies } }, async (request, reply) =>
    answer(request, reply, await verifyTwoFactorLogin(app.ctx, request.body, request.origin)),
  );
  app.post("/login/two-factor/enrol", { config: { public: true }, schema: { body: twoFactorEnrolLoginBody, response: signInReplies } }, async (request, reply) =>
    answer(request, reply, await enrolOnLogin(app.ctx, request.body, request.origin)),
  );

  // A one-time sign-in link by e-mail: the same answer whether or not the address has an account.
  app.post("/login-link", { config: { public: true }, schema: { body: loginLinkBody, response: { 200: messageReply } } }, async (request) => {
    await requestLoginLink(app.ctx, request.body, request.origin);
    return { message: request.t("auth.loginLinkSent") };
  });
  app.post("/login-link/consume", { config: { public: true }, schema: { body: consumeLoginLinkBody, response: signInReplies } }, async (request, reply) =>
    answer(request, reply, await consumeLoginLink(app.ctx, request.body, request.origin)),
  );

  // One's own two-factor sign-in, from the profile.
  app.get("/me/two-factor", { config: { action: "account.view" }, schema: { response: { 200: dataReply(twoFactorStatus) } } }, async (request) => ({
    data: await twoFactorStatusOf(app.ctx, request.user),
  }));
  app.post("/me/two-factor/setup", { config: { action: "account.update" }, schema: { response: { 200: dataReply(twoFactorSetup) } } }, async (request) => {
    if (await twoFactorOf(app.ctx.db, request.user.id)) throw new HttpError(409, "twoFactor.alreadyOn");
    return { data: await beginEnrolment(app.ctx, request.user, app.ctx.clock.now()) };
  });
  app.post("/me/two-factor/enable", { config: { action: "account.update" }, schema: { body: enableTwoFactorBody, response: { 200: dataReply(recoveryCodesRecord) } } }, async (request) => ({
    data: { recovery_codes: await enableTwoFactor(app.ctx, request.user, request.author, request.body) },
    message: request.t("twoFactor.enabled"),
  }));
  app.post("/me/two-factor/disable", { config: { action: "account.update" }, schema: { body: disableTwoFactorBody, response: { 200: messageReply } } }, async (request) => {
    await disableTwoFactor(app.ctx, request.user, request.author, request.body);
    return { message: request.t("twoFactor.disabled") };
  });
  app.post("/me/two-factor/recovery-codes", { config: { action: "account.update" }, schema: { body: twoFactorCodeBody, response: { 200: dataReply(recoveryCodesRecord) } } }, async (request) => ({
    data: { recovery_codes: await regenerateRecoveryCodes(app.ctx, request.user, request.author, request.body.code) },
    message: request.t("twoFactor.codesRegenerated"),
  }));
  app.post("/users/:id/two-factor/reset", { config: { action: "users.resetTwoFactor" }, schema: { params: idParams, response: { 200: dataReply(twoFactorResetRecord) } } }, async (request) => {
    await resetTwoFactorOf(app.ctx, request.user, request.author, request.params.id);
    return { data: { reset: true as const }, message: request.t("twoFactor.personReset") };
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
    const purpose = await auth.resetPassword(app.ctx, request.body, request.origin);
    return { message: request.t(purpose === "invitation" ? "auth.invitationAccepted" : "auth.passwordReset") };
  });
};
