/** Balances as people read them (one person's year per type, with its entries) and HR's adjustments to them. */
import { eq } from "drizzle-orm";
import type { LeaveAdjustmentBody, LeaveBalancesReply } from "../../../contracts/leave";
import type { Actor } from "../../../contracts/policies";
import { leaveEntries, leaveTypes, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { invalidField, notFound } from "../../lib/errors";
import { authorize } from "../../lib/policy";
import { dateInZone } from "../../lib/time-zone";
import { mutate, type Author } from "../../lib/write";
import { companyFacts } from "../company/facts";
import { balanceLines, entriesOf } from "./ledger";

async function personOf(ctx: AppContext, userId: number) {
  const [person] = await ctx.db
    .select({ id: users.id, name: users.name, department: users.department, manager_id: users.manager_id, hire_date: users.hire_date })
    .from(users)
    .where(eq(users.id, userId));
  return person ?? null;
}

export async function readBalances(ctx: AppContext, actor: Actor, query: { user_id?: number; year?: number }): Promise<LeaveBalancesReply> {
  const person = await personOf(ctx, query.user_id ?? actor.id);
  if (!person) throw notFound();
  authorize(actor, "leaveBalances.view", { user_id: person.id, manager_id: person.manager_id });
  const year = query.year ?? Number(dateInZone(ctx.clock.now(), (await companyFacts(ctx.db)).time_zone).slice(0, 4));
  const [lines, entries] = [await balanceLines(ctx.db, person, year), await entriesOf(ctx.db, person.id, year)];
  return { user: { id: person.id, name: person.name, department: person.department }, year, lines, entries };
}

/** An adjustment is an entry like any other, with its reason and author: the balance stays the ledger's sum. */
export async function adjustBalance(ctx: AppContext, actor: Actor, author: Author, body: LeaveAdjustmentBody): Promise<LeaveBalancesReply> {
  const person = await personOf(ctx, body.user_id);
  if (!person) throw invalidField("user_id", "leave.requests.personMissing");
  authorize(actor, "leaveBalances.adjust", { user_id: person.id, manager_id: person.manager_id });
  const [type] = await ctx.db.select({ id: leaveTypes.id }).from(leaveTypes).where(eq(leaveTypes.id, body.leave_type_id));
  if (!type) throw invalidField("leave_type_id", "leave.requests.typeUnavailable");
  const today = dateInZone(ctx.clock.now(), (await companyFacts(ctx.db)).time_zone);
  const effective = today.startsWith(String(body.year)) ? today : body.year < Number(today.slice(0, 4)) ? `${body.year}-12-31` : `${body.year}-01-01`;
  await mutate(ctx, author, { action: "leave_balance.adjusted", subjectType: "user" }, async (tx) => {
    const now = ctx.clock.now();
    const [entry] = await tx
      .insert(leaveEntries)
      .values({ user_id: person.id, leave_type_id: type.id, year: body.year, kind: "adjustment", days: body.days, effective_date: effective, reason: body.reason, created_by: actor.id, created_at: now })
      .returning({ id: leaveEntries.id });
    return { result: entry.id, subjectId: person.id, changes: { leave_type_id: type.id, year: body.year, days: body.days, reason: body.reason } };
  });
  return readBalances(ctx, actor, { user_id: person.id, year: body.year });
}
