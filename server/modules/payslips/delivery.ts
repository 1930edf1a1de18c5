/**
 * Payslips reaching their people: the document to read, its PDF by token or
 * by a short-lived signed link, every download kept, one's own payslips by
 * year, and a released payslip's withdrawal.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { PayslipRecord } from "../../../contracts/payroll";
import { DOWNLOAD_CHANNELS, type OwnPayslipsReply, type PayslipDocument, type PayslipDownload, type RecentPayslipsReply } from "../../../contracts/payslips";
import { can, type Actor } from "../../../contracts/policies";
import type { Db } from "../../db/client";
import { payrollRuns, payslipDownloads, payslips, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { HttpError, notFound } from "../../lib/errors";
import type { RequestOrigin } from "../../lib/origin";
import { authorize } from "../../lib/policy";
import { mutate, type Author } from "../../lib/write";
import { actorWhoCanSignIn } from "../auth/sessions";
import { dateInZone } from "../../lib/time-zone";
import { companyFacts } from "../company/facts";
import { notify } from "../notifications/service";
import { readPayslip, recentPayslips } from "../payroll/payslips";
import { loadDocuments, type LoadedDocument } from "./document";
import { payslipPdf } from "./pdf";
import { signLink, verifyLink } from "./signed-links";

const subjectOf = (loaded: LoadedDocument) => ({ user_id: loaded.user_id, status: loaded.document.run.status, withdrawn: loaded.withdrawn });

async function loadOne(db: Db, id: number): Promise<LoadedDocument> {
  const [loaded] = await loadDocuments(db, [id]);
  if (!loaded) throw notFound();
  return loaded;
}

export async function readDocument(ctx: AppContext, actor: Actor, id: number): Promise<PayslipDocument> {
  const loaded = await loadOne(ctx.db, id);
  authorize(actor, "payslips.view", subjectOf(loaded));
  return loaded.document;
}

/** "payslip-E-1001-2026-11-30.pdf": the person's number and the period's end, in characters every file system takes. */
export function pdfFileName(document: PayslipDocument): string {
  const who = (document.person.employee_number ?? String(document.person.id)).replace(/[^A-Za-z0-9_-]+/g, "_");
  return `payslip-${who}-${document.run.period_end}.pdf`;
}

export interface Downloaded {
  pdf: Buffer;
  name: string;
}

/** Keeps downloads in the payslips' histories; an e-mailed copy has no requesting address (`origin` null). */
export async function logDownloads(
  db: Db,
  rows: readonly { payslipId: number; userId: number }[],
  via: (typeof DOWNLOAD_CHANNELS)[number],
  kind: "single" | "run_zip",
  origin: RequestOrigin | null,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${payslipDownloads} (payslip_id, user_id, via, kind, address, user_agent, at)
    select d.payslip_id, d.user_id, ${via}::text, ${kind}::text, ${origin?.ip ?? null}::text, ${origin?.userAgent?.slice(0, 400) ?? null}::text, ${at.toISOString()}::timestamptz
    from unnest(${sql.param(rows.map((row) => row.payslipId))}::int[], ${sql.param(rows.map((row) => row.userId))}::int[]) as d(payslip_id, user_id)`);
}

/** The PDF for someone who may download it, logged as theirs. */
async function deliver(ctx: AppContext, actor: Actor, loaded: LoadedDocument, via: "token" | "link", origin: RequestOrigin): Promise<Downloaded> {
  authorize(actor, "payslips.download", subjectOf(loaded));
  const pdf = await (await payslipPdf(ctx))(loaded);
  await logDownloads(ctx.db, [{ payslipId: loaded.document.id, userId: actor.id }], via, "single", origin, ctx.clock.now());
  return { pdf, name: pdfFileName(loaded.document) };
}

export async function downloadByToken(ctx: AppContext, actor: Actor, id: number, origin: RequestOrigin): Promise<Downloaded> {
  const loaded = await loadOne(ctx.db, id);
  return deliver(ctx, actor, loaded, "token", origin);
}

/** A withdrawn payslip's links stop working, whoever asked for them: the payroll office keeps its copy by token. */
const linkWithdrawn = () => new HttpError(410, "payslips.linkWithdrawn");

export async function signedUrl(ctx: AppContext, actor: Actor, id: number): Promise<{ url: string; expires_at: string }> {
  const loaded = await loadOne(ctx.db, id);
  authorize(actor, "payslips.download", subjectOf(loaded));
  if (loaded.document.withdrawn) throw linkWithdrawn();
  const { url, expiresAt } = signLink(ctx.config.appKey, id, loaded.user_id, actor.id, ctx.clock.now());
  return { url, expires_at: expiresAt.toISOString() };
}

/**
 * A signed link's download: the signature must match this payslip, its
 * person and who asked; then that person must still be able to sign in and
 * still be allowed the payslip (a revoked role: refused), and the payslip
 * must still stand (withdrawn: gone, 410).
 */
export async function downloadByLink(ctx: AppContext, id: number, query: { expires?: string; by?: string; signature?: string }, origin: RequestOrigin): Promise<Downloaded> {
  const [owner] = await ctx.db.select({ user_id: payslips.user_id }).from(payslips).where(eq(payslips.id, id));
  const requestedBy = owner ? verifyLink(ctx.config.appKey, { payslipId: id, ownerId: owner.user_id, requestedBy: query.by, expires: query.expires }, query.signature, ctx.clock.now()) : null;
  const actor = requestedBy === null ? null : await actorWhoCanSignIn(ctx.db, requestedBy);
  if (!actor) throw new HttpError(403, "payslips.linkInvalid");
  const loaded = await loadOne(ctx.db, id);
  if (loaded.document.withdrawn) throw linkWithdrawn();
  return deliver(ctx, actor, loaded, "link", origin);
}

/**
 * Who downloaded a payslip. Its person sees who else did and when, but the
 * address and device only of their own downloads: the payroll office's
 * workstations are not theirs to know.
 */
export async function downloadsOf(ctx: AppContext, actor: Actor, id: number): Promise<PayslipDownload[]> {
  authorize(actor, "payslips.history", subjectOf(await loadOne(ctx.db, id)));
  const office = can(actor, "payslips.list");
  const rows = await ctx.db
    .select({ download: payslipDownloads, user_name: users.name })
    .from(payslipDownloads)
    .leftJoin(users, eq(users.id, payslipDownloads.user_id))
    .where(eq(payslipDownloads.payslip_id, id))
    .orderBy(desc(payslipDownloads.at), desc(payslipDownloads.id))
    .limit(500);
  return rows.map(({ download, user_name }) => ({
    id: download.id,
    user_id: download.user_id,
    user_name,
    via: download.via,
    kind: download.kind,
    address: office || download.user_id === actor.id ? download.address : null,
    user_agent: office || download.user_id === actor.id ? download.user_agent : null,
    at: download.at.toISOString(),
  }));
}

/** Released, not withdrawn, the caller's own: what self-service shows. */
export const ownStanding = (userId: number) => and(eq(payslips.user_id, userId), eq(payrollRuns.status, "released"), isNull(payslips.withdrawn_at));

export async function ownPayslips(ctx: AppContext, actor: Actor, year: number | undefined): Promise<OwnPayslipsReply> {
  const yearOf = sql<number>`extract(year from ${payrollRuns.pay_date})::int`;
  const years = (
    await ctx.db.selectDistinct({ year: yearOf }).from(payslips).innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id)).where(ownStanding(actor.id)).orderBy(desc(yearOf))
  ).map((row) => Number(row.year));
  const shown = year ?? years[0] ?? null;
  const rows =
    shown === null
      ? []
      : await ctx.db
          .select({
            id: payslips.id,
            payroll_id: payslips.payroll_id,
            payroll_name: payrollRuns.name,
            period_start: payrollRuns.period_start,
            period_end: payrollRuns.period_end,
            pay_date: payrollRuns.pay_date,
            currency: payslips.currency,
            gross: payslips.gross,
            deductions: payslips.deductions,
            net: payslips.net,
          })
          .from(payslips)
          .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id))
          .where(and(ownStanding(actor.id), sql`${yearOf} = ${shown}`))
          .orderBy(desc(payrollRuns.pay_date), desc(payslips.id));
  const totals = rows.reduce((sum, row) => ({ gross: sum.gross + row.gross, deductions: sum.deductions + row.deductions, net: sum.net + row.net }), { gross: 0, deductions: 0, net: 0 });
  const currency = rows[0]?.currency ?? (await companyFacts(ctx.db)).currency;
  return { year: shown, years, payslips: rows, totals, currency };
}

type Rows<T> = { rows: T[] };

/** The latest payslips and where the year's stand: what the payroll office's dashboard opens with. */
export async function recentWithStats(ctx: AppContext): Promise<RecentPayslipsReply> {
  const { currency, time_zone } = await companyFacts(ctx.db);
  // The company's year by the app's clock, as every other "this year" of the API.
  const thisYear = Number(dateInZone(ctx.clock.now(), time_zone).slice(0, 4));
  const result = (await ctx.db.execute(sql`
    select
      count(*) filter (where r.status = 'released' and p.withdrawn_at is null and extract(year from r.pay_date) = ${thisYear})::int as released_this_year,
      coalesce(sum(p.net) filter (where r.status = 'released' and p.withdrawn_at is null and extract(year from r.pay_date) = ${thisYear}), 0)::bigint as net_this_year,
      count(*) filter (where r.status = 'approved')::int as awaiting_release,
      count(*) filter (where r.status in ('draft', 'calculated'))::int as in_preparation,
      count(*) filter (where p.withdrawn_at is not null)::int as withdrawn
    from ${payslips} p join ${payrollRuns} r on r.id = p.payroll_id`)) as unknown as Rows<Record<string, number | string>>;
  const [row] = result.rows;
  return {
    recent: await recentPayslips(ctx.db, 10),
    stats: {
      currency,
      released_this_year: Number(row.released_this_year),
      net_this_year: Number(row.net_this_year),
      awaiting_release: Number(row.awaiting_release),
      in_preparation: Number(row.in_preparation),
      withdrawn: Number(row.withdrawn),
    },
  };
}

/**
 * A released payslip withdrawn (issued in error): its person no longer sees
 * it and is told why, its links stop working, the reason is kept. Its
 * figures stay: the pay went out; a correction run puts it right.
 */
export async function withdrawPayslip(ctx: AppContext, actor: Actor, author: Author, id: number, reason: string): Promise<PayslipRecord> {
  const loaded = await loadOne(ctx.db, id);
  authorize(actor, "payslips.withdraw", subjectOf(loaded));
  const now = ctx.clock.now();
  await mutate(ctx, author, { action: "payslip.withdrawn", subjectType: "payslip" }, async (tx) => {
    const done = await tx
      .update(payslips)
      .set({ withdrawn_at: now, withdrawn_by: actor.id, withdrawn_reason: reason })
      .where(and(eq(payslips.id, id), isNull(payslips.withdrawn_at)))
      .returning({ id: payslips.id });
    if (done.length === 0) throw new HttpError(409, "payslips.alreadyWithdrawn");
    const { run } = loaded.document;
    await notify(ctx, { recipients: [loaded.user_id], type: "payslip_withdrawn", params: { name: run.name, period_start: run.period_start, period_end: run.period_end, reason }, senderId: actor.id }, tx);
    return { result: id, subjectId: id, changes: { reason, user_id: loaded.user_id, payroll_id: loaded.document.run.id } };
  });
  return readPayslip(ctx, actor, id);
}
