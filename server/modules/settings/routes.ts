import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicConfigRecord } from "../../../contracts/auth";
import { dataReply } from "../../../contracts/replies";
import { publicConfig } from "./service";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Public: the sign-in screen shows the administrator contact and whether sign-up is open. */
  app.get("/public-config", { config: { public: true }, schema: { response: { 200: dataReply(publicConfigRecord) } } }, async () => ({ data: await publicConfig(app.ctx.db) }));
};
