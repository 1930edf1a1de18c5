import type { ListResponse } from "../../../contracts/list";
import type { OutboxRecord } from "../../../contracts/settings";
import { mailOutbox } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { defineListSpec, paged, parseListQuery } from "../../lib/list";

export const outboxList = defineListSpec({
  fields: {
    to_address: { column: mailOutbox.to_address, kind: "text" },
    subject: { column: mailOutbox.subject, kind: "text" },
    status: { column: mailOutbox.status, kind: "choice", values: { pending: "pending", logged: "logged", sent: "sent", failed: "failed" } },
    created_at: { column: mailOutbox.created_at, kind: "date" },
  },
  sortable: ["created_at", "to_address", "status"],
  defaultSort: "-created_at",
  tiebreaker: mailOutbox.id,
  search: [mailOutbox.to_address, mailOutbox.subject],
});

/** The mail outbox, newest first: what was sent, what waits, what failed and why. */
export async function listOutbox(ctx: AppContext, query: unknown): Promise<ListResponse<OutboxRecord>> {
  const list = parseListQuery(query, outboxList);
  return paged(ctx.db, list, {
    rows: async ({ where, orderBy, limit, offset }) =>
      (await ctx.db.select().from(mailOutbox).where(where).orderBy(...orderBy).limit(limit).offset(offset)).map((row) => ({
        ...row,
        status: row.status as OutboxRecord["status"],
        created_at: row.created_at.toISOString(),
        sent_at: row.sent_at?.toISOString() ?? null,
      })),
    count: mailOutbox,
  });
}
