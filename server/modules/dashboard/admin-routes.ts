import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminCharts, adminStats, clockedInReply, storageInfo } from "../../../contracts/dashboard";
import { dataReply } from "../../../contracts/replies";
import { adminCharts as charts } from "./admin-charts";
import { adminStats as stats } from "./admin-stats";
import { clockedIn } from "./clocked-in";
import { storageInfo as storage } from "./storage";

/** The administrator's dashboard (/dashboard): level 0, as the spec's guard; who is clocked in is a staff widget too. */
export const dashboardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { action: "dashboard.admin" } as const;
  app.get("/dashboard/admin-stats", { config: admin, schema: { response: { 200: dataReply(adminStats) } } }, async (request) => ({ data: await stats(app.ctx, request.user.id, app.unreadCounts) }));
  app.get("/dashboard/admin-dashboard", { config: admin, schema: { response: { 200: dataReply(adminCharts) } } }, async () => ({ data: await charts(app.ctx) }));
  app.get("/dashboard/storage-info", { config: admin, schema: { response: { 200: dataReply(storageInfo) } } }, async () => ({ data: await storage(app.ctx) }));
  app.get("/dashboard/clocked-in", { config: { action: "dashboard.clockedIn" }, schema: { response: { 200: dataReply(clockedInReply) } } }, async () => ({ data: await clockedIn(app.ctx) }));
};
