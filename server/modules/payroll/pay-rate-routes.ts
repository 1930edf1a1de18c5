/**
 * A person's pay history (GET/POST /api/users/{id}/pay-rates, DELETE
 * …/{rateId}): read by whoever may read their pay, written by pay writers
 * who may act on them. Payroll computes each period from this history.
 */
import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { payRateBody, payRateRecord, type PayRateRecord } from "../../../contracts/payroll";
import type { Actor } from "../../../contracts/policies";
import { dataReply } from "../../../contracts/replies";
import { idParams, recordId } from "../../../contracts/validation";
import { payRates, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { authorize } from "../../lib/policy";
import { dateInZone } from "../../lib/time-zone";
import { mutate, type Author } from "../../lib/write";
import { companyFacts } from "../company/facts";
import { findUser, subjectOf } from "../users/service";
import { recordRate, syncRecordPay } from "./pay-rates";

async function personFor(ctx: AppContext, actor: Actor, id: number, write: boolean) {
  const found = await findUser(ctx.db, id);
  if (!found) throw notFound();
  const subject = subjectOf(found.user, found.role);
  authorize(actor, "users.viewPay", subject);
  if (write) {
    authorize(actor, "users.writePay", subject);
    authorize(actor, "users.update", subject);
  }
  return found.user;
}

async function history(ctx: AppContext, userId: number): Promise<PayRateRecord[]> {
  const rows = await ctx.db
    .select({ rate: payRates, created_by_name: users.name })
    .from(payRates)
    .leftJoin(users, eq(users.id, payRates.created_by))
    .where(eq(payRates.user_id, userId))
    .orderBy(asc(payRates.effective_from));
  return rows.map(({ rate, created_by_name }) => ({ ...rate, created_by_name, created_at: rate.created_at.toISOString() }));
}

async function today(ctx: AppContext): Promise<string> {
  return dateInZone(ctx.clock.now(), (await companyFacts(ctx.db)).time_zone);
}

export async function addRate(ctx: AppContext, actor: Actor, author: Author, userId: number, body: z.output<typeof payRateBody>): Promise<PayRateRecord[]> {
  await personFor(ctx, actor, userId, true);
  const day = await today(ctx);
  await mutate(ctx, author, { action: "pay_rate.recorded", subjectType: "user" }, async (tx) => {
    await recordRate(tx, userId, body.effective_from, body, actor.id, ctx.clock.now());
    await syncRecordPay(tx, userId, day);
    return { result: undefined, subjectId: userId, changes: { ...body } };
  });
  return history(ctx, userId);
}

export async function removeRate(ctx: AppContext, actor: Actor, author: Author, userId: number, rateId: number): Promise<PayRateRecord[]> {
  await personFor(ctx, actor, userId, true);
  const day = await today(ctx);
  await mutate(ctx, author, { action: "pay_rate.removed", subjectType: "user" }, async (tx) => {
    const [gone] = await tx.delete(payRates).where(and(eq(payRates.id, rateId), eq(payRates.user_id, userId))).returning();
    if (!gone) throw notFound();
    await syncRecordPay(tx, userId, day);
    return { result: undefined, subjectId: userId, changes: { effective_from: gone.effective_from, pay_basis: gone.pay_basis, rate: gone.rate, currency: gone.currency } };
  });
  return history(ctx, userId);
}

const historyReply = dataReply(z.array(payRateRecord));

export const payRateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/users/:id/pay-rates", { config: { action: "users.viewPay" }, schema: { params: idParams, response: { 200: historyReply } } }, async (request) => {
    await personFor(app.ctx, request.user, request.params.id, false);
    return { data: await history(app.ctx, request.params.id) };
  });
  app.post("/users/:id/pay-rates", { config: { action: "users.writePay" }, schema: { params: idParams, body: payRateBody, response: { 201: historyReply } } }, async (request, reply) => {
    const data = await addRate(app.ctx, request.user, request.author, request.params.id, request.body);
    reply.code(201);
    return { data, message: request.t("payroll.rates.recorded") };
  });
  app.delete(
    "/users/:id/pay-rates/:rateId",
    { config: { action: "users.writePay" }, schema: { params: z.strictObject({ id: idParams.shape.id, rateId: z.coerce.number().pipe(recordId) }), response: { 200: historyReply } } },
    async (request) => ({
      data: await removeRate(app.ctx, request.user, request.author, request.params.id, request.params.rateId),
      message: request.t("payroll.rates.removed"),
    }),
  );
};
