/**
 * Mail: with SMTP_URL, the SMTP server is reached and greets (and accepts
 * the credentials); without it, mail stays in the outbox, which works but
 * reaches nobody's mailbox (said as a note). Either way, messages whose
 * delivery keeps failing show here.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fact, rowsOf, verdict, when, type Outcome } from "./outcome";
import { errorText } from "../../../lib/errors";

const SMTP_TIMEOUT_MS = 10_000;

/** Connects, greets and signs in to the SMTP server of the URL; throws its refusal. */
export async function verifySmtp(url: string): Promise<void> {
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport({ url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

/** The SMTP server of SMTP_URL as it may be shown: host and port, never the credentials. */
export function smtpServerOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}`;
  } catch {
    return "?";
  }
}

interface OutboxState {
  waiting: number;
  retrying: number;
  failed: number;
  last_error: string | null;
}

export async function checkMail(db: Db, mail: { smtpUrl?: string; from: string }, verify: (url: string) => Promise<void> = verifySmtp): Promise<Outcome> {
  const [outbox] = await rowsOf<OutboxState>(
    db,
    sql`select
      count(*) filter (where status = 'pending')::int as waiting,
      count(*) filter (where status = 'pending' and error is not null)::int as retrying,
      count(*) filter (where status = 'failed')::int as failed,
      (select error from mail_outbox where status = 'pending' and error is not null order by id desc limit 1) as last_error
    from mail_outbox`,
  );
  let smtpError: string | null = null;
  if (mail.smtpUrl) {
    try {
      await verify(mail.smtpUrl);
    } catch (error) {
      smtpError = errorText(error);
    }
  }
  return verdict(
    [
      ...(mail.smtpUrl ? [fact.text("smtpServer", smtpServerOf(mail.smtpUrl))] : []),
      fact.text("mailFrom", mail.from),
      fact.count("waiting", outbox.waiting),
      fact.count("retrying", outbox.retrying),
      fact.count("failed", outbox.failed),
      ...(smtpError ? [fact.text("error", smtpError)] : []),
      ...(outbox.last_error ? [fact.text("lastError", outbox.last_error)] : []),
    ],
    [when(smtpError !== null, "fail", "smtpUnreachable"), when(outbox.retrying > 0, "warn", "mailRetrying")],
    mail.smtpUrl ? null : "outboxOnly",
  );
}
