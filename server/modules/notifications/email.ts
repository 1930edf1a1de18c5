/**
 * Notifications by e-mail, through the mailer (its outbox, and a delivery job
 * per message). A few messages (an event about one person) are written with
 * the notification itself. A broadcast's thousands are not: one request
 * writing 10,000 outbox rows and delivery jobs would hold the embedded
 * database's one connection for seconds. They go to a job that writes 200
 * at a time, each batch committed with the job that queues the next, so every
 * message is written exactly once and no transaction is long.
 */
import { sql } from "drizzle-orm";
import type { NotificationType } from "../../../contracts/notification-types";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { translator, type Translate } from "../../lib/i18n";
import type { JobKind } from "../../lib/jobs";
import { anyId } from "./audience";
import { emailOf, languageOf } from "./wording";

/** One notification's e-mails, to people by id. */
export type EmailBatch = {
  type: NotificationType;
  params: Record<string, unknown>;
  link: string | null;
  user_ids: number[];
};

/** At most this many are written in the notifying transaction; more go to the job. */
const INLINE_MAX = 20;
/** Messages one job writes before it queues the rest. */
const BATCH = 200;

/** Writes each person's message, in their language, to the outbox (with its delivery job) in `db`. */
async function writeMessages(ctx: AppContext, db: Db, batch: EmailBatch): Promise<void> {
  const people = await db
    .select({ email: users.email, language: sql<string | null>`${users.preferences} ->> 'language'` })
    .from(users)
    .where(anyId(batch.user_ids));
  const url = batch.link ? `${ctx.config.appUrl}${batch.link}` : null;
  const translators = new Map<string, Translate>();
  for (const person of people) {
    const language = languageOf(person.language);
    let t = translators.get(language);
    if (!t) translators.set(language, (t = translator(language)));
    await ctx.mailer.send({ to: person.email, ...emailOf(t, batch.type, batch.params, url) }, { db });
  }
}

/** The job that writes a large notification's e-mails, a batch at a time. */
export function emailJob(ctx: AppContext): JobKind<EmailBatch> {
  const kind: JobKind<EmailBatch> = {
    name: "notifications.email",
    run: (job) =>
      job.commit(async (tx) => {
        const now = job.input.user_ids.slice(0, BATCH);
        const rest = job.input.user_ids.slice(BATCH);
        await writeMessages(ctx, tx, { ...job.input, user_ids: now });
        if (rest.length > 0) await ctx.jobs.enqueue(kind, { ...job.input, user_ids: rest }, { db: tx });
        return { written: now.length, remaining: rest.length };
      }),
  };
  return kind;
}

/** Sends a notification's e-mails with `db`'s writes: at once when they are few, by the job otherwise. */
export async function sendEmails(ctx: AppContext, db: Db, batch: EmailBatch): Promise<void> {
  if (batch.user_ids.length === 0) return;
  if (batch.user_ids.length <= INLINE_MAX) return writeMessages(ctx, db, batch);
  // The queue reads a kind's name and attempts only: the registered one (wireNotifications) runs it.
  await ctx.jobs.enqueue(emailJob(ctx), batch, { db });
}
