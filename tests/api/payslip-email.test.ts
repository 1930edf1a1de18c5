/**
 * Payslips by e-mail (payroll setting `email_payslips`): a release queues one
 * message per person paid, in their language, whose delivery attaches their
 * payslip's PDF (protected when the settings say so) and keeps the sending in
 * the payslip's downloads; the release notification then stays in the app.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../server/config";
import { mailOutbox } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { month, runTakenTo } from "../support/payroll-runs";
import { ADMIN, call, employeeSignedIn, type Person } from "../support/people";
import { createSample } from "../support/samples";
import { smtpServer } from "../support/smtp";

const FAST_JOBS = { ...DEFAULT_CONFIG.jobs, pollMs: 20, retryBaseMs: 20, leaseMs: 600 };

let smtp: Awaited<ReturnType<typeof smtpServer>>;
let t: TestApp;
let admin: string;
let person: Person & { token: string };

beforeAll(async () => {
  smtp = await smtpServer();
  t = await startTestApp({ config: { jobs: FAST_JOBS, smtpUrl: smtp.url } });
  admin = await t.tokenFor(ADMIN.email);
  // Something to pay: a payslip needs a component.
  await createSample(t, admin, "pay-components");
  person = await employeeSignedIn(t, admin);
  expect((await call(t, person.token, { method: "PUT", url: "/api/me/profile", payload: { preferences: { language: "fr" } } })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const settings = (payload: Record<string, unknown>) => call(t, admin, { method: "PUT", url: "/api/settings/payroll", payload });
const outboxTo = (address: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address));

describe("payslips by e-mail", () => {
  it("is off by default: a release e-mails no PDF", async () => {
    expect((await call(t, admin, { method: "GET", url: "/api/settings/payroll" })).json().data.email_payslips).toBe(false);
    const run = await runTakenTo(t, admin, "released", { ...month(3), people: { user_ids: [person.id] } });
    await t.app.ctx.jobs.idle();
    const [payslip] = (await call(t, admin, { method: "GET", url: "/api/payslips?filter[payroll_id][equals]=" + run.id })).json().data;
    expect(payslip).toBeDefined();
    expect((await outboxTo(person.email)).filter((mail) => mail.attachment !== null)).toEqual([]);
  });

  it("sends each person their protected PDF in their language, keeps it in the downloads, and no second notification e-mail", async () => {
    expect((await settings({ email_payslips: true, pdf_password: true })).statusCode).toBe(200);
    try {
      const before = smtp.received.length;
      const run = await runTakenTo(t, admin, "released", { ...month(4), people: { user_ids: [person.id] } });
      await t.app.ctx.jobs.idle();

      const mails = (await outboxTo(person.email)).filter((mail) => mail.attachment !== null);
      expect(mails).toHaveLength(1);
      expect(mails[0].status).toBe("sent");
      expect(mails[0].subject).toMatch(/^Votre bulletin de paie de « Paie 1\s?–\s?30 avr\. 2026 »$/);
      const sent = smtp.received.slice(before).filter((message) => message.includes(person.email));
      // One message for this payslip: the release notification's own e-mail stays unsent.
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/Content-Type: application\/pdf; name=payslip-[\w-]+-2026-04-30\.pdf/);
      expect(sent[0]).toContain("mot de passe");
      // The PDF itself: base64 of "%PDF-", protected (an /Encrypt dictionary).
      const base64 = /filename=\S+\.pdf\n\n([A-Za-z0-9+/=\n]+)/.exec(sent[0])?.[1] ?? "";
      const pdf = Buffer.from(base64.replace(/\n/g, ""), "base64").toString("latin1");
      expect(pdf.startsWith("%PDF-")).toBe(true);
      expect(pdf).toContain("/Encrypt");

      const [payslip] = (await call(t, admin, { method: "GET", url: `/api/payslips?filter[payroll_id][equals]=${run.id}` })).json().data as { id: number }[];
      const downloads = (await call(t, admin, { method: "GET", url: `/api/payslips/${payslip.id}/downloads` })).json().data;
      expect(downloads).toEqual([expect.objectContaining({ via: "email", kind: "single", user_id: person.id, address: null })]);
      // In the app, the release is still told.
      const told = (await call(t, person.token, { method: "GET", url: "/api/notifications" })).json().data as { type: string; link: string }[];
      expect(told.some((row) => row.type === "payslip_released" && row.link === `/user-payslips?run=${run.id}`)).toBe(true);
    } finally {
      await settings({ email_payslips: false, pdf_password: false });
    }
  });

  it("refuses a setting that is not a yes or no, with the field named", async () => {
    const reply = await settings({ email_payslips: "often" });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors).toHaveProperty("email_payslips");
  });
});
