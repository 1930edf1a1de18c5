/**
 * A payslip's PDF as the company issues it: worded in its person's language,
 * with the company's logo, and opened by the person's own password when
 * payroll settings protect payslips.
 */
import { eq } from "drizzle-orm";
import { companyProfile, files } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { HttpError } from "../../lib/errors";
import { intlLocale, translator } from "../../lib/i18n";
import { pdfLogo } from "../../lib/pdf/images";
import { renderPayslipPdf } from "../../lib/pdf/payslip";
import { readSettings } from "../settings/service";
import { pdfPassword, type LoadedDocument } from "./document";

export type PdfMaker = (loaded: LoadedDocument) => Promise<Buffer>;

/**
 * What every PDF of one request shares (the logo, the company's time zone, the protection setting),
 * read once: a run's ZIP makes a thousand documents from one read.
 */
export async function payslipPdf(ctx: AppContext): Promise<PdfMaker> {
  const [{ pdf_password }, [company]] = await Promise.all([
    readSettings(ctx, "payroll"),
    ctx.db
      .select({ logo: files.content, logoHash: files.sha256, timeZone: companyProfile.time_zone })
      .from(companyProfile)
      .leftJoin(files, eq(files.id, companyProfile.logo_file_id)),
  ]);
  const logo = await pdfLogo(company?.logo && company.logoHash ? { content: company.logo, sha256: company.logoHash } : null);
  return async (loaded) => {
    const password = pdf_password ? pdfPassword(loaded) : null;
    // Protection was promised: a person whose record holds neither birth date nor number gets no unprotected copy.
    if (pdf_password && password === null) throw new HttpError(409, "payslips.noPasswordData", { name: loaded.document.person.name });
    const { language } = loaded.document;
    return renderPayslipPdf(loaded.document, {
      logo,
      password,
      t: translator(language),
      locale: intlLocale(language),
      timeZone: company?.timeZone,
    });
  };
}
