import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Clock } from "./clock";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Queues the message in the outbox and delivers it when SMTP is set. */
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}

/**
 * Every message is written to the outbox first, so a failed delivery is on
 * record (status failed, with the error); without SMTP the outbox (and the
 * log) is the mailbox. Once delivered, the body is dropped: it may hold a
 * live reset link, and the recipient's mailbox has it now.
 */
export async function createMailer({ db, clock, log, smtpUrl, from }: MailerOptions): Promise<Mailer> {
  const transport = smtpUrl ? (await import("nodemailer")).default.createTransport(smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to_address: message.to,
          subject: message.subject,
          body_text: message.text,
          status: transport ? "pending" : "logged",
          created_at: clock.now(),
        })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        log.info({ mail: { id: row.id, to: message.to, subject: message.subject, text: message.text } }, "mail (no SMTP_URL: kept in outbox)");
        return;
      }
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
        await db.update(mailOutbox).set({ status: "sent", sent_at: clock.now(), body_text: "" }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        log.error({ err: error, mailId: row.id }, "mail delivery failed");
        await db
          .update(mailOutbox)
          .set({ status: "failed", error: (error as Error).message.slice(0, 500) })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
