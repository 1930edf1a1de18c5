/**
 * A company logo never stalls the server: one stored before uploads were
 * checked (a 13,000-pixel square took 28 s a payslip and left every other
 * request waiting up to 19 s) is scaled down once off the event loop, or left
 * out when it is beyond the pixel budget; while a run's payslips render as a
 * ZIP, GET /healthz keeps answering.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyProfile, files } from "../../server/db/schema";
import { storeFile } from "../../server/modules/files/service";
import { startTestApp, type TestApp } from "../support/api";
import { picture, pngBomb } from "../support/images";
import { createPayComponents } from "../support/pay-components";
import { month, runTakenTo } from "../support/payroll-runs";
import { ADMIN, call, createPerson } from "../support/people";

let t: TestApp;
let admin: string;
let runId: number;
let payslipId: number;
const PEOPLE = 30;

/** Puts a logo in the company profile as an old server would have kept it: as uploaded, unchecked. */
async function storeLogoAsUploaded(content: Buffer): Promise<void> {
  const db = t.database.db;
  const id = await storeFile(db, { kind: "company_logo", mimeType: "image/png", content, createdBy: null, at: new Date() });
  await db.update(companyProfile).set({ logo_file_id: id }).where(eq(companyProfile.id, 1));
}

/** The widths of the images a PDF embeds (pdfkit writes each image's dictionary in the clear). */
const imageWidths = (pdf: Buffer) => [...pdf.toString("latin1").matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)|\/Width (\d+)[^>]*?\/Subtype \/Image/g)].map((match) => Number(match[1] ?? match[2]));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await createPayComponents(t, admin);
  const ids: number[] = [];
  for (let index = 0; index < PEOPLE; index++) ids.push((await createPerson(t, admin, { access_level: 1, base_rate: 3_000_000, pay_basis: "monthly" })).id);
  const run = await runTakenTo(t, admin, "released", { ...month(2), people: { user_ids: ids } });
  runId = run.id;
  payslipId = (await call(t, admin, { method: "GET", url: `/api/payslips?filter[payroll_id][equals]=${runId}&per_page=1` })).json().data[0].id;
}, 120_000);
afterAll(() => t.close());

describe("a payslip PDF with a logo kept before uploads were checked", () => {
  it("draws a large logo scaled down to the size it is shown at", async () => {
    await storeLogoAsUploaded(await picture(4000, 1000, "png"));
    const pdf = await call(t, admin, { method: "GET", url: `/api/payslip/generate-pdf/${payslipId}` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(imageWidths(pdf.rawPayload)).toEqual([600]);
  });

  it("leaves out a logo beyond the pixel budget rather than decoding it", async () => {
    await storeLogoAsUploaded(pngBomb(6000, 6000));
    const pdf = await call(t, admin, { method: "GET", url: `/api/payslip/generate-pdf/${payslipId}` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(imageWidths(pdf.rawPayload)).toEqual([]);
  });

  it("keeps the server answering /healthz while a run's payslips render as a ZIP", async () => {
    // A transparent logo of 20 million pixels, within the budget, in a few hundred kilobytes: pdfkit would decode it
    // on the event loop for every payslip (the report's 13,000 × 13,000 one took 28 s each).
    const logo = pngBomb(5000, 4000, true);
    expect(logo.length).toBeLessThan(1_000_000);
    await storeLogoAsUploaded(logo);
    const health = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    let done = false;
    const zip = call(t, admin, { method: "GET", url: `/api/payroll/${runId}/payslips.zip` }).finally(() => (done = true));
    const waits: number[] = [];
    while (!done) {
      // A probe every few milliseconds, through the timer queue as a client's would arrive: an in-process call
      // answered in microtasks alone would otherwise never let the ZIP's own work run.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const asked = performance.now();
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      waits.push(performance.now() - asked);
    }
    const reply = await zip;
    expect(reply.statusCode).toBe(200);
    expect([...reply.rawPayload.toString("latin1").matchAll(/payslip-[\w-]+\.pdf/g)].length).toBeGreaterThanOrEqual(PEOPLE);
    // Before, one payslip with this logo held the event loop for seconds; now each is a few milliseconds.
    expect(waits.length).toBeGreaterThan(1);
    expect(Math.max(...waits)).toBeLessThan(1_000);
  });
});

describe("GET /healthz", () => {
  it("answers anyone without a token, never cached", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("no-store");
    // The stored bytes are untouched: the scaled copy lives with the server, not in place of the file.
    expect((await t.database.db.select({ id: files.id }).from(files).where(eq(files.kind, "company_logo"))).length).toBeGreaterThan(0);
  });
});
