import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Clock } from "./clock";
import { JobError, type JobKind } from "./jobs/kind";
import type { Jobs } from "./jobs/runner";

/** A file the message carries, by reference: made when the message is delivered, never kept in the outbox. */
export interface MailAttachmentRef {
  kind: string;
  id: number;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachment?: MailAttachmentRef;
}

/** Makes one kind of attachment (a payslip's PDF), and records that it went out by e-mail. */
export interface AttachmentMaker {
  make(id: number): Promise<{ filename: string; content: Buffer; contentType: string }>;
  /** In the delivery's transaction, once the SMTP server took the message. */
  sent(tx: Db, id: number, at: Date): Promise<void>;
}

export interface Mailer {
  /**
   * Writes the message to the outbox and queues its delivery. Pass the
   * caller's transaction as `db` to send only if the caller's writes commit.
   */
  send(message: MailMessage, options?: { db?: Db }): Promise<void>;
  /** The same for many messages, in a few statements (an import's invitations). */
  sendMany(messages: readonly MailMessage[], options?: { db?: Db }): Promise<void>;
  /** Who makes the attachments of a kind (modules register theirs when the server starts). */
  attachments(kind: string, maker: AttachmentMaker): void;
}

interface MailerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Jobs;
  smtpUrl?: string;
  from: string;
}

type Delivery = { outbox_id: number };

/** Words the e2e support and the bench read in the log: keep them as they are. */
const LOGGED_MAIL = "mail (no SMTP_URL: kept in outbox)";

/**
 * Every message is written to the outbox first, so nothing is lost; its
 * delivery is a job, retried with growing delays and finally marked failed
 * in the outbox. Without SMTP the outbox (and the log) is the mailbox.
 * Once delivered, the body is dropped: it may hold a live reset link, and
 * the recipient's mailbox has it now. A crash between the SMTP server's
 * acceptance and the outbox update sends the message again on retry: mail
 * is delivered at least once, never silently not at all.
 */
export async function createMailer({ db, clock, log, jobs, smtpUrl, from }: MailerOptions): Promise<Mailer> {
  const transport = smtpUrl ? (await import("nodemailer")).default.createTransport(smtpUrl) : null;
  const markOutbox = (tx: Db, id: number, changes: Partial<typeof mailOutbox.$inferInsert>) => tx.update(mailOutbox).set(changes).where(eq(mailOutbox.id, id));
  const makers = new Map<string, AttachmentMaker>();

  const delivery: JobKind<Delivery> = {
    name: "mail.deliver",
    async run(job) {
      const id = job.input.outbox_id;
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      // Delivered by an earlier attempt that stopped before completing, or removed since.
      if (mail?.status !== "pending") return { outbox_id: id, status: mail?.status ?? "missing" };
      const attachment = mail.attachment;
      const maker = attachment ? makers.get(attachment.kind) : undefined;
      if (attachment && !maker) throw new JobError("jobs.errors.mailNotDelivered", undefined, { cause: new Error(`no maker of ${attachment.kind} attachments`) });
      if (!transport) {
        log.info({ mail: { id, to: mail.to_address, subject: mail.subject, text: mail.body_text, attachment } }, LOGGED_MAIL);
        return job.commit(async (tx) => {
          await markOutbox(tx, id, { status: "logged" });
          return { outbox_id: id, status: "logged" };
        });
      }
      try {
        const file = attachment && maker ? await maker.make(attachment.id) : null;
        await transport.sendMail({ from, to: mail.to_address, subject: mail.subject, text: mail.body_text, attachments: file ? [file] : undefined });
      } catch (error) {
        await markOutbox(db, id, { error: (error as Error).message.slice(0, 500) });
        throw new JobError("jobs.errors.mailNotDelivered", undefined, { cause: error });
      }
      return job.commit(async (tx) => {
        const at = clock.now();
        await markOutbox(tx, id, { status: "sent", sent_at: at, body_text: "", error: null });
        if (attachment && maker) await maker.sent(tx, attachment.id, at);
        return { outbox_id: id, status: "sent" };
      });
    },
    async onFailed(input, tx) {
      await markOutbox(tx, input.outbox_id, { status: "failed" });
    },
  };
  jobs.register(delivery);

  const sendMany: Mailer["sendMany"] = async (messages, options = {}) => {
    if (messages.length === 0) return;
    const queue = async (tx: Db) => {
      const rows = await tx
        .insert(mailOutbox)
        .values(
          messages.map((message) => ({ to_address: message.to, subject: message.subject, body_text: message.text, attachment: message.attachment ?? null, status: "pending" as const, created_at: clock.now() })),
        )
        .returning({ id: mailOutbox.id });
      await jobs.enqueueMany(delivery, rows.map((row) => ({ outbox_id: row.id })), { db: tx });
    };
    await (options.db ? queue(options.db) : db.transaction(queue));
  };
  return { send: (message, options) => sendMany([message], options), sendMany, attachments: (kind, maker) => void makers.set(kind, maker) };
}
