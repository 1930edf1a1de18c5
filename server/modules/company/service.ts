/**
 * The company profile's rules. The route's policy gate decides who may (the
 * profile has no record-level conditions), so these functions take the author only.
 */
import { eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { companyProfileBody, CompanyProfileRecord } from "../../../contracts/company";
import { minorDigits } from "../../../contracts/money";
import type { Db } from "../../db/client";
import { companyProfile, users } from "../../db/schema";
import { diffFields } from "../../lib/changes";
import type { AppContext } from "../../lib/context";
import { HttpError } from "../../lib/errors";
import type { ImageType } from "../../lib/images";
import { signPath } from "../../lib/signed-urls";
import { mutate, type Author } from "../../lib/write";
import { refreshJob } from "../attendance/day-store";
import { deleteFile, storeFile } from "../files/service";
import { loadProfile, type ProfileRow } from "./facts";

export type CompanyProfileChanges = Partial<z.output<typeof companyProfileBody>>;

function toRecord(row: ProfileRow, appKey: string, now: Date): CompanyProfileRecord {
  const { id, logo_file_id, created_at, created_by, updated_by, updated_at, ...fields } = row;
  void [id, created_at, created_by, updated_by];
  return {
    ...fields,
    date_format: fields.date_format as CompanyProfileRecord["date_format"],
    currency_minor_digits: minorDigits(fields.currency),
    logo_url: logo_file_id ? signPath(appKey, `/api/files/${logo_file_id}`, now) : null,
    updated_at: updated_at.toISOString(),
  };
}

export async function readCompanyProfile(ctx: AppContext): Promise<CompanyProfileRecord> {
  return toRecord(await loadProfile(ctx.db), ctx.config.appKey, ctx.clock.now());
}

/**
 * Amounts are stored in minor units of the company's currency: once any is
 * recorded, another currency would make them mean something else. (Payroll
 * adds its own tables to this question when it arrives.)
 */
async function payAmountsExist(db: Db): Promise<boolean> {
  const [paid] = await db.select({ id: users.id }).from(users).where(ne(users.base_rate, 0)).limit(1);
  return paid !== undefined;
}

export async function updateCompanyProfile(ctx: AppContext, author: Author, input: CompanyProfileChanges): Promise<CompanyProfileRecord> {
  await mutate(ctx, author, { action: "company.updated", subjectType: "company" }, async (tx) => {
    // Read, checked and written as one: two changes at once take turns, and no pay amount
    // recorded meanwhile escapes the currency check.
    await tx.execute(sql`select id from ${companyProfile} where id = 1 for update`);
    const before = await loadProfile(tx);
    const changes = diffFields(before as Record<string, unknown>, input as Record<string, unknown>);
    if (Object.keys(changes).length === 0) return { result: undefined, unchanged: true };
    if (changes.currency && (await payAmountsExist(tx))) throw new HttpError(409, "company.currencyLocked", { from: before.currency, to: input.currency });
    await tx.update(companyProfile).set({ ...input, updated_at: ctx.clock.now(), updated_by: author.actorId }).where(eq(companyProfile.id, 1));
    // Nobody is paid yet (or the change was refused above): the people follow the company's currency.
    if (changes.currency) await tx.update(users).set({ currency: input.currency! }).where(ne(users.currency, input.currency!));
    // Every day's lateness and absence is read in the zone's hours: all of them are derived again, queued with this change.
    if (changes.time_zone) await ctx.jobs.enqueue(refreshJob(ctx), { scope: {}, after: 0 }, { db: tx });
    return { result: undefined, subjectId: 1, changes };
  });
  return toRecord(await loadProfile(ctx.db), ctx.config.appKey, ctx.clock.now());
}

/** Replaces the logo; the old file goes with the change. The type is the content's, whatever the upload claimed. */
export async function setCompanyLogo(ctx: AppContext, author: Author, image: { content: Buffer; mimeType: ImageType }): Promise<CompanyProfileRecord> {
  const before = await loadProfile(ctx.db);
  const now = ctx.clock.now();
  await mutate(ctx, author, { action: "company.logo_changed", subjectType: "company" }, async (tx) => {
    const fileId = await storeFile(tx, { kind: "company_logo", mimeType: image.mimeType, content: image.content, createdBy: author.actorId, at: now });
    await tx.update(companyProfile).set({ logo_file_id: fileId, updated_at: now, updated_by: author.actorId }).where(eq(companyProfile.id, 1));
    if (before.logo_file_id) await deleteFile(tx, before.logo_file_id);
    return { result: undefined, subjectId: 1, changes: { logo: { from: before.logo_file_id, to: fileId }, type: image.mimeType, bytes: image.content.length } };
  });
  return toRecord(await loadProfile(ctx.db), ctx.config.appKey, now);
}

export async function removeCompanyLogo(ctx: AppContext, author: Author): Promise<CompanyProfileRecord> {
  const before = await loadProfile(ctx.db);
  const now = ctx.clock.now();
  await mutate(ctx, author, { action: "company.logo_removed", subjectType: "company" }, async (tx) => {
    if (!before.logo_file_id) return { result: undefined, unchanged: true };
    await tx.update(companyProfile).set({ logo_file_id: null, updated_at: now, updated_by: author.actorId }).where(eq(companyProfile.id, 1));
    await deleteFile(tx, before.logo_file_id);
    return { result: undefined, subjectId: 1, changes: { logo: { from: before.logo_file_id, to: null } } };
  });
  return toRecord(await loadProfile(ctx.db), ctx.config.appKey, now);
}
