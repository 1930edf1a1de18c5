/**
 * /api/dashboard calls of the employee's dashboard: one's own figures
 * (quick-stats, everyone's), and the staff widgets the administrator's
 * dashboard shares, each under the permission of the work it shows.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { attendanceExceptions, awaitingApproval, newHires, quickStats, widgetQuery } from "../../../contracts/dashboard-own";
import { dataReply } from "../../../contracts/replies";
import { exceptionsToday } from "./attendance-exceptions";
import { ownQuickStats } from "./own-service";
import { hiredThisMonth, runsAwaitingApproval } from "./widgets-service";

export const dashboardOwnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get("/dashboard/quick-stats", { config: { action: "dashboard.own" }, schema: { response: { 200: dataReply(quickStats) } } }, async (request) => ({
    data: await ownQuickStats(ctx, request.user.id, app.unreadCounts, request.t),
  }));

  app.get(
    "/dashboard/attendance-exceptions",
    { config: { action: "dashboard.attendanceExceptions" }, schema: { querystring: widgetQuery, response: { 200: dataReply(attendanceExceptions) } } },
    async (request) => ({ data: await exceptionsToday(ctx, request.query.limit) }),
  );

  app.get(
    "/dashboard/awaiting-approval",
    { config: { action: "dashboard.awaitingApproval" }, schema: { querystring: widgetQuery, response: { 200: dataReply(awaitingApproval) } } },
    async (request) => ({ data: await runsAwaitingApproval(ctx, request.query.limit) }),
  );

  app.get("/dashboard/new-hires", { config: { action: "dashboard.newHires" }, schema: { querystring: widgetQuery, response: { 200: dataReply(newHires) } } }, async (request) => ({
    data: await hiredThisMonth(ctx, request.query.limit),
  }));
};
