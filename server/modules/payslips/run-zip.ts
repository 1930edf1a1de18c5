/**
 * Every payslip of a run as PDFs in one ZIP, streamed: documents are loaded
 * a batch at a time and each PDF is added once the archive has taken the
 * one before, so memory holds a batch, not the run. Each payslip sent is
 * logged as downloaded by whoever asked.
 */
import { once } from "node:events";
import type { Readable } from "node:stream";
import archiver from "archiver";
import { asc, eq } from "drizzle-orm";
import type { Actor } from "../../../contracts/policies";
import { payslips, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { notFound } from "../../lib/errors";
import type { RequestOrigin } from "../../lib/origin";
import { authorize } from "../../lib/policy";
import { loadRun, subjectOfRun } from "../payroll/runs";
import { logDownloads, pdfFileName } from "./delivery";
import { loadDocuments } from "./document";
import { payslipPdf } from "./pdf";

const BATCH = 100;

export async function runZip(ctx: AppContext, actor: Actor, runId: number, origin: RequestOrigin): Promise<{ stream: Readable; name: string }> {
  const view = await loadRun(ctx.db, runId);
  if (!view) throw notFound();
  authorize(actor, "payroll.payslipsZip", subjectOfRun(view.run, false));
  const ids = (await ctx.db.select({ id: payslips.id }).from(payslips).innerJoin(users, eq(users.id, payslips.user_id)).where(eq(payslips.payroll_id, runId)).orderBy(asc(users.name), asc(payslips.id))).map((row) => row.id);
  // Settings and the logo are read before the first byte: a refusal is still a proper reply.
  const maker = await payslipPdf(ctx);
  const first = await loadDocuments(ctx.db, ids.slice(0, BATCH));
  const firstPdfs = await Promise.all(first.map(maker));

  // PDFs are compressed already: stored, not deflated again.
  const archive = archiver("zip", { store: true });
  const names = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; names.has(candidate); n++) candidate = name.replace(/\.pdf$/, `-${n}.pdf`);
    names.add(candidate);
    return candidate;
  };
  (async () => {
    for (let start = 0; start < ids.length; start += BATCH) {
      const loaded = start === 0 ? first : await loadDocuments(ctx.db, ids.slice(start, start + BATCH));
      for (const [index, document] of loaded.entries()) {
        const pdf = start === 0 ? firstPdfs[index] : await maker(document);
        const taken = once(archive, "entry");
        archive.append(pdf, { name: unique(pdfFileName(document.document)) });
        await taken;
      }
      await logDownloads(ctx.db, loaded.map((document) => ({ payslipId: document.document.id, userId: actor.id })), "token", "run_zip", origin, ctx.clock.now());
    }
    await archive.finalize();
  })().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  const name = `payslips-${view.run.period_start}-${view.run.period_end}.zip`;
  return { stream: archive, name };
}
