import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PUBLIC_ROUTE } from "../../lib/api-docs";
import { publicConfig } from "./service";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Public: the sign-in screen shows the administrator contact and whether sign-up is open. */
  app.get("/public-config", { schema: PUBLIC_ROUTE }, async () => ({ data: await publicConfig(app.ctx.db) }));
};
