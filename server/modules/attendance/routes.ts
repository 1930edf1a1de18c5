import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { attendanceRecord, clockBody, clockStatus as clockStatusReply, correctionBody, locationCheck, manualEntryBody, positionBody, removalBody } from "../../../contracts/attendance";
import { personQuery, rangeQuery } from "../../../contracts/attendance-reports";
import { dataReply, messageReply } from "../../../contracts/replies";
import { idParams } from "../../../contracts/validation";
import { clockIn, clockOut, clockStatus, endBreak, startBreak, todayOf, validateLocation } from "./clock";
import { correctDay, enterDay, removeDay } from "./manual";
import { personRecords } from "./records";

const recordReply = dataReply(attendanceRecord);

/** /api/attendance: one's own clocking (attendance_access, employees included), anyone's records, and administrators' corrections. */
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

  // Anyone's records as they were clocked (breaks, locations, distances): what a correction starts from.
  app.get(
    "/attendance/records",
    { config: { action: "attendance.viewAnyone" }, schema: { querystring: personQuery.extend(rangeQuery.shape), response: { 200: dataReply(z.array(attendanceRecord)) } } },
    async (request) => {
      const { user_id, ...range } = request.query;
      return { data: await personRecords(app.ctx, user_id, range) };
    },
  );

  // An attendance administrator's entries and corrections, each with its reason.
  const correcting = { action: "attendance.correct" } as const;
  app.post("/attendance/manual", { config: correcting, schema: { body: manualEntryBody, response: { 201: recordReply } } }, async (request, reply) => {
    const data = await enterDay(app.ctx, request.author, request.body);
    reply.code(201);
    return { data, message: request.t("attendance.entered") };
  });
  app.put("/attendance/:id", { config: correcting, schema: { params: idParams, body: correctionBody, response: { 200: recordReply } } }, async (request) => ({
    data: await correctDay(app.ctx, request.author, request.params.id, request.body),
    message: request.t("attendance.corrected"),
  }));
  app.delete("/attendance/:id", { config: correcting, schema: { params: idParams, body: removalBody, response: { 200: messageReply } } }, async (request) => {
    await removeDay(app.ctx, request.author, request.params.id, request.body.reason);
    return { message: request.t("attendance.removed") };
  });
};
