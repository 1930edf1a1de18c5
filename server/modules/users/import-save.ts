/**
 * A checked people import saved in one transaction, set-based (PGlite is one
 * connection): the people, their work locations, schedules from their hire
 * date (or today), first pay rates, managers (those of the same file once
 * everyone has an id), an invitation each, and an activity row each.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payRates, scheduleAssignments, users, userWorkLocations } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { dateInZone } from "../../lib/time-zone";
import { mutateMany, type Author } from "../../lib/write";
import { inviteesByIds, sendInvitations } from "../auth/invitations";
import { companyFacts } from "../company/facts";
import type { ImportedPerson } from "./import-check";

const BATCH = 500;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** Saves the people; answers how many were created. */
export async function saveImportedPeople(ctx: AppContext, author: Author, people: readonly ImportedPerson[], filename: string): Promise<number> {
  const now = ctx.clock.now();
  const facts = await companyFacts(ctx.db);
  const today = dateInZone(now, facts.time_zone);
  return mutateMany(ctx, author, { action: "user.created", subjectType: "user", batchEvent: "user.imported" }, async (tx: Db) => {
    const ids: number[] = [];
    await insertInBatches(people, async (batch) => {
      const inserted = await tx
        .insert(users)
        .values(
          batch.map(({ fields: { work_location_ids: _locations, ...fields } }) => ({
            ...(fields as typeof users.$inferInsert),
            currency: (fields.currency as string | undefined) ?? facts.currency,
            password_hash: null,
            created_by: author.actorId,
            updated_by: author.actorId,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning({ id: users.id });
      ids.push(...inserted.map((row) => row.id));
    });
    const idOfRow = new Map(people.map((person, index) => [person.row, ids[index]]));

    await insertInBatches(people.flatMap((person, index) => person.locationIds.map((location_id) => ({ user_id: ids[index], location_id }))), (batch) => tx.insert(userWorkLocations).values(batch));
    await insertInBatches(
      people.flatMap((person, index) =>
        person.scheduleId === null ? [] : [{ user_id: ids[index], schedule_id: person.scheduleId, effective_from: (person.fields.hire_date as string | null | undefined) ?? today, created_by: author.actorId, updated_by: author.actorId, created_at: now, updated_at: now }],
      ),
      (batch) => tx.insert(scheduleAssignments).values(batch),
    );
    // Their first rate is in force from their hire date (or from today), as for one person created by hand.
    await insertInBatches(
      people.flatMap((person, index) => {
        const rate = Number(person.fields.base_rate ?? 0);
        if (rate <= 0) return [];
        return [{ user_id: ids[index], effective_from: (person.fields.hire_date as string | null | undefined) ?? today, pay_basis: (person.fields.pay_basis as "monthly" | "daily" | "hourly" | undefined) ?? "monthly", rate, currency: (person.fields.currency as string | undefined) ?? facts.currency, created_by: author.actorId, updated_by: author.actorId, created_at: now, updated_at: now }];
      }),
      (batch) => tx.insert(payRates).values(batch),
    );
    const managed = people.flatMap((person, index) => (person.manager === null ? [] : [{ id: ids[index], manager: "userId" in person.manager ? person.manager.userId : idOfRow.get(person.manager.row)! }]));
    if (managed.length > 0) {
      const pairs = sql.join(managed.map((pair) => sql`(${pair.id}::int, ${pair.manager}::int)`), sql`, `);
      await tx.execute(sql`update ${users} u set manager_id = m.manager from (values ${pairs}) as m(id, manager) where u.id = m.id`);
    }
    await sendInvitations(ctx, tx, await inviteesByIds(tx, ids), author.actorId, now);
    const managerOf = new Map(managed.map((pair) => [pair.id, pair.manager]));
    return {
      result: ids.length,
      subjects: people.map((person, index) => ({
        subjectId: ids[index],
        changes: { ...person.fields, ...(managerOf.has(ids[index]) ? { manager_id: managerOf.get(ids[index]) } : {}), invitation: "sent", import: filename },
      })),
    };
  });
}

