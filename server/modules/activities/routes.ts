import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/guard";
import { listActivities } from "./service";

export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireUser);
  app.get("/dashboard/system-activities", async (request) => listActivities(app.ctx, request.user, request.query));
};
