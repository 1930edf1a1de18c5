/**
 * Every payslip of a run as PDFs in one ZIP, streamed: documents are loaded
 * a batch at a time and each PDF is added once the archive has taken the
 * one before, so memory holds a batch, not the run. Each payslip sent is
 * logged as downloaded by whoever asked.
 */
import { once } from "node:events";
import type { Readable } from "node:stream";
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Actor } from "../../../contracts/policies";
import { payslips, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { HttpError, notFound } from "../../lib/errors";
import type { RequestOrigin } from "../../lib/origin";
import { authorize } from "../../lib/policy";
import { loadRun, subjectOfRun } from "../payroll/runs";
import { logDownloads, pdfFileName } from "./delivery";
import { loadDocuments } from "./document";
import { readSettings } from "../settings/service";
import { payslipPdf } from "./pdf";

const BATCH = 100;

/**
 * With protected PDFs, someone whose record holds neither birth date nor
 * number gets none: said before the first byte, not as a ZIP cut short.
 */
async function refuseUnprotectable(ctx: AppContext, runId: number): Promise<void> {
  if (!(await readSettings(ctx, "payroll")).pdf_password) return;
  const [unprotectable] = await ctx.db
    .select({ name: users.name })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(and(eq(payslips.payroll_id, runId), isNull(users.birth_date), or(isNull(users.employee_number), eq(users.employee_number, ""))))
    .orderBy(asc(users.name))
    .limit(1);
  if (unprotectable) throw new HttpError(409, "payslips.noPasswordData", { name: unprotectable.name });
}

export async function runZip(ctx: AppContext, actor: Actor, runId: number, origin: RequestOrigin): Promise<{ stream: Readable; name: string }> {
  const view = await loadRun(ctx.db, runId);
  if (!view) throw notFound();
  authorize(actor, "payroll.payslipsZip", subjectOfRun(view.run, false));
  const ids = (await ctx.db.select({ id: payslips.id }).from(payslips).innerJoin(users, eq(users.id, payslips.user_id)).where(eq(payslips.payroll_id, runId)).orderBy(asc(users.name), asc(payslips.id))).map((row) => row.id);
  // Settings, the logo and whether every PDF can be protected are read before the first byte: a refusal is still a proper reply.
  await refuseUnprotectable(ctx, runId);
  const maker = await payslipPdf(ctx);
  const first = await loadDocuments(ctx.db, ids.slice(0, BATCH));
  const firstPdfs = await Promise.all(first.map(maker));

  // PDFs are compressed already: stored, not deflated again.
  const { default: archiver } = await import("archiver");
  const archive = archiver("zip", { store: true });
  const names = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; names.has(candidate); n++) candidate = name.replace(/\.pdf$/, `-${n}.pdf`);
    names.add(candidate);
    return candidate;
  };
  // A client that goes away destroys the archive: the loop stops instead of waiting for an entry that never comes.
  const closed = once(archive, "close").catch(() => undefined);
  (async () => {
    for (let start = 0; start < ids.length && !archive.destroyed; start += BATCH) {
      const loaded = start === 0 ? first : await loadDocuments(ctx.db, ids.slice(start, start + BATCH));
      for (const [index, document] of loaded.entries()) {
        const pdf = start === 0 ? firstPdfs[index] : await maker(document);
        const taken = once(archive, "entry");
        archive.append(pdf, { name: unique(pdfFileName(document.document)) });
        await Promise.race([taken, closed]);
        if (archive.destroyed) return;
      }
      await logDownloads(ctx.db, loaded.map((document) => ({ payslipId: document.document.id, userId: actor.id })), "token", "run_zip", origin, ctx.clock.now());
    }
    await archive.finalize();
  })().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  const name = `payslips-${view.run.period_start}-${view.run.period_end}.zip`;
  return { stream: archive, name };
}
