import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { attendanceRecord, clockBody, clockStatus as clockStatusReply, locationCheck, positionBody } from "../../../contracts/attendance";
import { dataReply } from "../../../contracts/replies";
import { clockIn, clockOut, clockStatus, endBreak, startBreak, todayOf, validateLocation } from "./clock";

const recordReply = dataReply(attendanceRecord);

/** /api/attendance: one's own clocking (attendance_access, employees included). */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const clocking = { action: "attendance.clock" } as const;

  app.get("/attendance/status", { config: clocking, schema: { response: { 200: dataReply(clockStatusReply) } } }, async (request) => ({
    data: await clockStatus(app.ctx, request.user.id),
  }));

  app.post("/attendance/clock-in", { config: clocking, schema: { body: clockBody.nullish(), response: { 201: recordReply } } }, async (request, reply) => {
    const data = await clockIn(app.ctx, request.author, request.user.id, request.body ?? {});
    reply.code(201);
    return { data, message: request.t("attendance.clockedIn") };
  });

  app.post("/attendance/clock-out", { config: clocking, schema: { body: clockBody.nullish(), response: { 200: recordReply } } }, async (request) => ({
    data: await clockOut(app.ctx, request.author, request.user.id, request.body ?? {}),
    message: request.t("attendance.clockedOut"),
  }));

  app.post("/attendance/break/start", { config: clocking, schema: { response: { 200: recordReply } } }, async (request) => ({
    data: await startBreak(app.ctx, request.author, request.user.id),
    message: request.t("attendance.breakStarted"),
  }));

  app.post("/attendance/break/end", { config: clocking, schema: { response: { 200: recordReply } } }, async (request) => ({
    data: await endBreak(app.ctx, request.author, request.user.id),
    message: request.t("attendance.breakEnded"),
  }));

  app.post("/attendance/validate-location", { config: clocking, schema: { body: positionBody, response: { 200: dataReply(locationCheck) } } }, async (request) => ({
    data: await validateLocation(app.ctx, request.user.id, request.body),
  }));

  app.get("/attendance/today", { config: clocking, schema: { response: { 200: dataReply(z.array(attendanceRecord)) } } }, async (request) => ({
    data: await todayOf(app.ctx, request.user.id),
  }));
};
