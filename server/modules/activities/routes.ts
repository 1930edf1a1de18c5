import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listActivities } from "./service";

export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/dashboard/system-activities", { config: { action: "activities.list" } }, async (request) => listActivities(app.ctx, request.query));
};
