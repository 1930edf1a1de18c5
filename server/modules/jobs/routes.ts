import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { jobRecordSchema } from "../../../contracts/jobs";
import { idParams } from "../../../contracts/validation";
import { readJob } from "./service";

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/jobs/:id",
    { config: { action: "jobs.view" }, schema: { params: idParams, response: { 200: z.object({ data: jobRecordSchema }) } } },
    async (request) => ({ data: await readJob(app.ctx, request.user, request.params.id, request.t) }),
  );
};
