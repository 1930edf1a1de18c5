import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { jobRecordSchema } from "../../../contracts/jobs";
import { dataReply } from "../../../contracts/replies";
import { idParams } from "../../../contracts/validation";
import { readJob } from "./service";

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/jobs/:id",
    { config: { action: "jobs.view" }, schema: { params: idParams, response: { 200: dataReply(jobRecordSchema) } } },
    async (request) => ({ data: await readJob(app.ctx, request.user, request.params.id, request.t) }),
  );
};
