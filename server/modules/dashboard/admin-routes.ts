import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const dashboardAdminRoutes: FastifyPluginAsyncZod = async () => {};
