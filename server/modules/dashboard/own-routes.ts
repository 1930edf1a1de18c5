import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const dashboardOwnRoutes: FastifyPluginAsyncZod = async () => {};
