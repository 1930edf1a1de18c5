/** Payroll's part of the server outside its routes: the calculation job. One call from buildApp, once the context exists. */
import type { FastifyInstance } from "fastify";
import { calculateJob } from "./calculate-job";

export function wirePayroll(app: FastifyInstance): void {
  app.ctx.jobs.register(calculateJob(app.ctx));
}
