import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  leaveAdjustmentBody,
  leaveBalancesQuery,
  leaveBalancesReply,
  leaveBulkDecisionBody,
  leaveBulkDecisionReply,
  leaveDecisionBody,
  leaveRequestBody,
  leaveRequestRecord,
} from "../../../contracts/leave";
import { dataReply, listReply } from "../../../contracts/replies";
import { calendarDate } from "../../../contracts/schedules";
import { idParams, MESSAGE } from "../../../contracts/validation";
import { HttpError } from "../../lib/errors";
import { listQuerySchema } from "../../lib/list";
import { adjustBalance, readBalances } from "./balances";
import { cancelRequest, createRequest, decideRequest, LEAVE_SCOPES, leaveRequestsList, listRequests, readRequest, type Decision } from "./requests";

const listParams = {
  scope: z
    .enum(LEAVE_SCOPES, { error: MESSAGE.invalid })
    .optional()
    .describe("mine: one's own; to_decide: waiting for the reader's decision; visible (default): all the reader may read; calendar: leave that stands or waits of the reader's team (everyone's for approvers), without colleagues' reasons"),
  from: calendarDate.optional().describe("Only requests with a day on or after this date"),
  to: calendarDate.optional().describe("Only requests with a day on or before this date"),
};

/** Leave requests and balances: /api/leave-requests (ask, decide, cancel) and /api/leave-balances (read, adjust). */
export const leaveRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/leave-requests",
    { config: { action: "leaveRequests.list" }, schema: { querystring: listQuerySchema(leaveRequestsList, listParams), response: { 200: listReply(leaveRequestRecord) } } },
    (request) => {
      const { scope, from, to, ...query } = request.query as Record<string, unknown> & { scope?: (typeof LEAVE_SCOPES)[number]; from?: string; to?: string };
      return listRequests(app.ctx, request.user, query, { scope, from, to });
    },
  );

  app.get("/leave-requests/:id", { config: { action: "leaveRequests.view" }, schema: { params: idParams, response: { 200: dataReply(leaveRequestRecord) } } }, async (request) => ({
    data: await readRequest(app.ctx, request.user, request.params.id),
  }));

  app.post("/leave-requests", { config: { action: "leaveRequests.create" }, schema: { body: leaveRequestBody, response: { 201: dataReply(leaveRequestRecord) } } }, async (request, reply) => {
    const data = await createRequest(app.ctx, request.user, request.author, request.body);
    return reply.code(201).send({ data, message: request.t(data.status === "approved" ? "leave.requests.createdApproved" : "leave.requests.created") });
  });

  for (const decision of ["approve", "reject"] as const satisfies readonly Decision[]) {
    app.post(
      `/leave-requests/:id/${decision}`,
      { config: { action: "leaveRequests.decide" }, schema: { params: idParams, body: leaveDecisionBody, response: { 200: dataReply(leaveRequestRecord) } } },
      async (request) => {
        const data = await decideRequest(app.ctx, request.user, request.author, request.params.id, decision, request.body?.reason);
        return { data, message: request.t(`leave.requests.decided.${data.status}`) };
      },
    );
  }

  app.post(
    "/leave-requests/decisions",
    { config: { action: "leaveRequests.decide" }, schema: { body: leaveBulkDecisionBody, response: { 200: dataReply(leaveBulkDecisionReply) } } },
    async (request) => {
      const decided: number[] = [];
      const refused: { id: number; message: string }[] = [];
      const refusals: HttpError[] = [];
      // Each on its own: one already decided (or not the reader's) leaves the others decided.
      for (const id of new Set(request.body.ids)) {
        try {
          await decideRequest(app.ctx, request.user, request.author, id, request.body.decision, request.body.reason);
          decided.push(id);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          refused.push({ id, message: request.t(error.messageKey, error.params) });
          refusals.push(error);
        }
      }
      // Nothing the reader may decide at all (no permission, nobody's manager): refused as a whole, like a single one.
      if (decided.length === 0 && refusals.length > 0 && refusals.every((error) => error.statusCode === 403)) throw refusals[0];
      return { data: { decided, refused }, message: request.t("leave.requests.bulkDecided", { count: decided.length }) };
    },
  );

  app.post("/leave-requests/:id/cancel", { config: { action: "leaveRequests.cancel" }, schema: { params: idParams, response: { 200: dataReply(leaveRequestRecord) } } }, async (request) => {
    const data = await cancelRequest(app.ctx, request.user, request.author, request.params.id);
    return { data, message: request.t(data.status === "cancelled" ? "leave.requests.cancelled" : "leave.requests.cancelAsked") };
  });

  app.get("/leave-balances", { config: { action: "leaveBalances.view" }, schema: { querystring: leaveBalancesQuery, response: { 200: dataReply(leaveBalancesReply) } } }, async (request) => ({
    data: await readBalances(app.ctx, request.user, request.query),
  }));

  app.post(
    "/leave-balances/adjustments",
    { config: { action: "leaveBalances.adjust" }, schema: { body: leaveAdjustmentBody, response: { 201: dataReply(leaveBalancesReply) } } },
    async (request, reply) => reply.code(201).send({ data: await adjustBalance(app.ctx, request.user, request.author, request.body), message: request.t("leave.balances.adjusted") }),
  );
};
