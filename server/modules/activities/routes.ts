import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityRecord } from "../../../contracts/activities";
import { listReply } from "../../../contracts/replies";
import { listQuerySchema } from "../../lib/list";
import { activitiesList, listActivities } from "./service";

export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dashboard/system-activities",
    { config: { action: "activities.list" }, schema: { querystring: listQuerySchema(activitiesList), response: { 200: listReply(activityRecord) } } },
    async (request) => listActivities(app.ctx, request.query),
  );
};
