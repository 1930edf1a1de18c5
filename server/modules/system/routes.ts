import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataReply } from "../../../contracts/replies";
import { systemCheckReply, testMailReply } from "../../../contracts/system-check";
import { runSystemCheck } from "./service";
import { sendTestMail } from "./test-mail";

/** The system check (/settings-test): the installation's health, and a test e-mail to oneself. Level 0 only. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/system/check", { config: { action: "system.check" }, schema: { response: { 200: dataReply(systemCheckReply) } } }, async () => ({
    data: await runSystemCheck(app.ctx),
  }));

  app.post("/system/check/test-mail", { config: { action: "system.check" }, schema: { response: { 200: dataReply(testMailReply) } } }, (request) =>
    sendTestMail(app.ctx, request.user, request.author, request.t),
  );
};
