/**
 * Payslips by e-mail (the payroll setting `email_payslips`): on release, one
 * message per person paid, in their language, carrying their payslip's PDF.
 * The outbox keeps a reference, not the PDF; the delivery makes it (protected
 * when the settings say so) and keeps the sending in the payslip's downloads.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payslips, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { translator } from "../../lib/i18n";
import type { AttachmentMaker, MailMessage } from "../../lib/mail";
import { languageOf, paramsInWords } from "../notifications/wording";
import { logDownloads, pdfFileName } from "./delivery";
import { loadDocuments } from "./document";
import { payslipPdf } from "./pdf";

export const PAYSLIP_ATTACHMENT = "payslip";

/** A payslip's PDF as its person downloads it; a payslip withdrawn since the release is not sent. */
export function payslipAttachments(ctx: AppContext): AttachmentMaker {
  return {
    async make(id) {
      const [loaded] = await loadDocuments(ctx.db, [id]);
      if (!loaded || loaded.withdrawn) throw new Error(`payslip ${id} is no longer there to send`);
      return { filename: pdfFileName(loaded.document), content: await (await payslipPdf(ctx))(loaded), contentType: "application/pdf" };
    },
    async sent(tx, id, at) {
      const [row] = await tx.select({ user_id: payslips.user_id }).from(payslips).where(eq(payslips.id, id));
      if (row) await logDownloads(tx, [{ payslipId: id, userId: row.user_id }], "email", "single", null, at);
    },
  };
}

interface ReleasedRun {
  id: number;
  name: string;
  period_start: string;
  period_end: string;
  pay_date: string;
}

/** The messages of a run's payslips, queued in `tx` (the release's): sent only if the release commits. */
export async function queuePayslipMails(ctx: AppContext, tx: Db, run: ReleasedRun, protectedPdf: boolean): Promise<void> {
  const people = await tx
    .select({ payslip_id: payslips.id, email: users.email, person: users.first_name, language: sql<string | null>`${users.preferences} ->> 'language'` })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(and(eq(payslips.payroll_id, run.id), isNull(payslips.withdrawn_at)));
  const url = `${ctx.config.appUrl}/user-payslips?run=${run.id}`;
  const messages = people.map((person): MailMessage => {
    const t = translator(languageOf(person.language));
    const values = paramsInWords(t, { ...run, person: person.person, url });
    const parts = [t("mail.payslip.text", values), protectedPdf ? t("mail.payslip.protected") : null, t("mail.payslip.open", values), t("mail.payslip.footer")];
    return { to: person.email, subject: t("mail.payslip.subject", values), text: `${parts.filter(Boolean).join("\n\n")}\n`, attachment: { kind: PAYSLIP_ATTACHMENT, id: person.payslip_id } };
  });
  await ctx.mailer.sendMany(messages, { db: tx });
}
