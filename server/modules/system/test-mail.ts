/**
 * The test e-mail: a message to the caller, in their language, through the
 * app's own mail path (the outbox row and its delivery job, as every e-mail
 * goes), recorded as the caller's change. The request then waits a while for
 * the delivery to end, so the caller learns what the SMTP server said.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import type { TestMailReply } from "../../../contracts/system-check";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { HttpError } from "../../lib/errors";
import type { Translate } from "../../lib/i18n";
import { mutate, type Author } from "../../lib/write";
import { smtpServerOf } from "./checks/mail";
import { rowsOf } from "./checks/outcome";

/** How long the request waits for the delivery before answering that it is still on its way. */
const DELIVERY_WAIT_MS = 15_000;
const POLL_MS = 50;

/** An outbox row as far as its delivery got: ended (sent, logged, failed) or an attempt's error. */
interface Delivery {
  status: string;
  error: string | null;
}

/**
 * The outbox row the mailer has just written in this transaction: its
 * sequence's value in this session, exact even while others write mail.
 */
async function newOutboxId(tx: Db): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(tx, sql`select currval(pg_get_serial_sequence('mail_outbox', 'id'))::int as id`);
  return row.id;
}

async function awaitDelivery(db: Db, id: number, waitMs: number): Promise<Delivery> {
  const until = Date.now() + waitMs;
  for (;;) {
    const [row] = await db.select({ status: mailOutbox.status, error: mailOutbox.error }).from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row || row.status !== "pending" || row.error !== null || Date.now() >= until) return row ?? { status: "missing", error: null };
    await sleep(POLL_MS);
  }
}

export async function sendTestMail(
  ctx: AppContext,
  caller: { id: number; name: string; email: string },
  author: Author,
  t: Translate,
  waitMs: number = DELIVERY_WAIT_MS,
): Promise<{ data: TestMailReply; message: string }> {
  const outboxId = await mutate(ctx, author, { action: "system.test_mail_sent", subjectType: "user" }, async (tx) => {
    await ctx.mailer.send({ to: caller.email, subject: t("mail.systemCheck.subject"), text: t("mail.systemCheck.body", { name: caller.name, url: ctx.config.appUrl }) }, { db: tx });
    const id = await newOutboxId(tx);
    return { result: id, subjectId: caller.id, changes: { to_address: caller.email, outbox_id: id } };
  });
  const delivery = await awaitDelivery(ctx.db, outboxId, waitMs);
  const smtpUrl = ctx.config.smtpUrl;
  const server = smtpUrl ? smtpServerOf(smtpUrl) : null;
  // The SMTP server refused the message or could not be reached: its own words, as a bad gateway.
  if (delivery.error !== null || delivery.status === "failed") {
    throw new HttpError(502, "systemCheck.testMail.smtpFailed", { server: server ?? "", error: delivery.error ?? "" });
  }
  const delivered = delivery.status === "sent" || delivery.status === "logged";
  const data: TestMailReply = { transport: smtpUrl ? "smtp" : "outbox", delivered, to: caller.email, outbox_id: outboxId, detail: server };
  const message = !delivered ? "systemCheck.testMail.queued" : smtpUrl ? "systemCheck.testMail.sent" : "systemCheck.testMail.inOutbox";
  return { data, message: t(message, { to: caller.email, server }) };
}
