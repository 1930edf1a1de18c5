/**
 * Payslips reaching exactly their people: the document, one's own payslips
 * by year, the PDF by token and by a signed link (bound to the payslip and
 * its person, refused once expired, tampered with or withdrawn), the
 * download log, withdrawal, a run's ZIP and the office's recent figures.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payrollRuns, payslips, users } from "../../server/db/schema";
import { PAYROLL_CALLERS, payrollCallerTokens, PAYSLIP_READERS, PAYSLIP_WITHDRAWERS, type PayrollCaller } from "../support/payroll-callers";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, employeeSignedIn, type Person } from "../support/people";
import { createSample } from "../support/samples";
import { CONFIRMED_OPEN } from "../support/payroll-runs";

let t: TestApp;
let admin: string;
let me: Person & { token: string };
let other: Person & { token: string };
/** Payslips of two released runs (January, February) and one still calculated (March). */
const mine: Record<"jan" | "feb" | "mar", number> = { jan: 0, feb: 0, mar: 0 };
let theirs = 0;
let febRun = 0;

const post = (url: string, payload?: unknown) => call(t, admin, { method: "POST", url, payload: payload as never });

async function runOf(period_start: string, period_end: string, pay_date: string, release: boolean): Promise<number> {
  const run = (await post("/api/payroll", { period_start, period_end, pay_date, people: { user_ids: [me.id, other.id] } })).json().data.id;
  expect((await post(`/api/payslip/generate-payslips/${run}`)).statusCode).toBe(202);
  await t.app.ctx.jobs.idle();
  if (release) {
    expect((await post(`/api/payroll/${run}/approve`)).statusCode).toBe(200);
    expect((await post(`/api/payroll/release/${run}`, CONFIRMED_OPEN)).statusCode).toBe(200);
  }
  return run;
}

async function payslipOf(run: number, userId: number): Promise<number> {
  const slips = (await call(t, admin, { method: "GET", url: `/api/payslips?filter[payroll_id][equals]=${run}` })).json().data as { id: number; user_id: number }[];
  return slips.find((slip) => slip.user_id === userId)!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await createSample(t, admin, "pay-components");
  me = await employeeSignedIn(t, admin, { employee_number: "EMP-ME-1", bank_account: "0011 2233 4455", birth_date: "1990-06-30" });
  other = await employeeSignedIn(t, admin, { employee_number: "EMP-OTHER-1" });
  const jan = await runOf("2026-01-01", "2026-01-31", "2026-01-30", true);
  febRun = await runOf("2026-02-01", "2026-02-28", "2026-02-27", true);
  const mar = await runOf("2026-03-01", "2026-03-31", "2026-03-31", false);
  mine.jan = await payslipOf(jan, me.id);
  mine.feb = await payslipOf(febRun, me.id);
  mine.mar = await payslipOf(mar, me.id);
  theirs = await payslipOf(febRun, other.id);
});
afterAll(() => t.close());

const get = (token: string | null, url: string) => call(t, token, { method: "GET", url });

describe("the payslip as a document", () => {
  it("carries the company, the person with a masked account, the period, lines, totals and the year to date", async () => {
    const reply = await get(me.token, `/api/payslips/${mine.feb}/document`);
    expect(reply.statusCode, reply.body).toBe(200);
    const document = reply.json().data;
    expect(document.person).toMatchObject({ id: me.id, bank_account_masked: "•••• 4455", bank_name: "First Bank" });
    expect(JSON.stringify(document)).not.toContain("001122334455");
    expect(document.run).toMatchObject({ period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", status: "released" });
    expect(document.company.name.length).toBeGreaterThan(0);
    expect(document.net).toBe(document.gross - document.deductions);
    // January and February are released: the year to date is both.
    const jan = (await get(admin, `/api/payslips/${mine.jan}/document`)).json().data;
    expect(document.year_to_date.net).toBe(jan.net + document.net);
    expect(document.year_to_date.gross).toBe(jan.gross + document.gross);
    const lineTotal = document.year_to_date.lines.filter((line: { kind: string }) => line.kind === "earning").reduce((sum: number, line: { amount: number }) => sum + line.amount, 0);
    expect(lineTotal).toBe(document.year_to_date.gross);
    // The unreleased March payslip previews its year with itself counted once.
    const march = (await get(admin, `/api/payslips/${mine.mar}/document`)).json().data;
    expect(march.year_to_date.net).toBe(jan.net + document.net + march.net);
  });

  it("adds up the year in the payslip's own currency only", async () => {
    const before = (await get(admin, `/api/payslips/${theirs}/document`)).json().data;
    // A released payslip in pesos between January and February, as if the company had paid in pesos once.
    const [pesoRun] = await t.database.db
      .insert(payrollRuns)
      .values({ name: "Pesos", kind: "regular", period_start: "2026-02-01", period_end: "2026-02-10", attendance_start: "2026-02-01", attendance_end: "2026-02-10", pay_date: "2026-02-10", people: "all", status: "released", currency: "PHP" })
      .returning({ id: payrollRuns.id });
    const inputs = { pay_basis: "monthly", rate: 0, days_worked: 0, hours_worked: 0, overtime_hours: 0, late_minutes: 0, undertime_minutes: 0, absences: 0 } as const;
    const lines = [{ code: "BASIC", name: "Basic pay", kind: "earning" as const, amount: 5_000_000 }];
    await t.database.db.insert(payslips).values({ payroll_id: pesoRun.id, user_id: other.id, currency: "PHP", gross: 5_000_000, deductions: 0, net: 5_000_000, employer_cost: 5_000_000, taxable: 5_000_000, lines, inputs });
    const after = (await get(admin, `/api/payslips/${theirs}/document`)).json().data;
    expect(after.currency).not.toBe("PHP");
    expect(after.year_to_date).toEqual(before.year_to_date);
  });

  it("answers its person once released, never another person, never before release", async () => {
    expect((await get(me.token, `/api/payslips/${mine.mar}/document`)).statusCode).toBe(403);
    expect((await get(me.token, `/api/payslips/${theirs}/document`)).statusCode).toBe(403);
    expect((await get(null, `/api/payslips/${mine.feb}/document`)).statusCode).toBe(401);
    expect((await get(admin, "/api/payslips/999999/document")).statusCode).toBe(404);
  });
});

describe("one's own payslips by year", () => {
  it("lists the caller's released payslips of the latest year with the year's totals, and nobody else's", async () => {
    const reply = await get(me.token, "/api/payslips/user-payslips");
    expect(reply.statusCode, reply.body).toBe(200);
    const data = reply.json().data;
    expect(data.year).toBe(2026);
    expect(data.years).toEqual([2026]);
    expect(data.payslips.map((row: { id: number }) => row.id)).toEqual([mine.feb, mine.jan]);
    expect(data.totals.net).toBe(data.payslips.reduce((sum: number, row: { net: number }) => sum + row.net, 0));
    expect((await get(me.token, "/api/payslips/user-payslips?year=2025")).json().data).toMatchObject({ year: 2025, payslips: [], totals: { gross: 0, deductions: 0, net: 0 } });
    expect((await get(me.token, "/api/payslips/user-payslips?year=abc")).statusCode).toBe(422);
    expect((await get(null, "/api/payslips/user-payslips")).statusCode).toBe(401);
  });

  it("is empty for someone never paid", async () => {
    const newcomer = await employeeSignedIn(t, admin);
    expect((await get(newcomer.token, "/api/payslips/user-payslips")).json().data).toMatchObject({ year: null, years: [], payslips: [] });
  });
});

describe("the PDF", () => {
  it("downloads by token as a PDF named after the person and the period, and the download is kept", async () => {
    const reply = await call(t, me.token, { method: "GET", url: `/api/payslip/generate-pdf/${mine.feb}`, headers: { "user-agent": "PayslipTest/1.0" } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.headers["content-disposition"]).toBe('attachment; filename="payslip-EMP-ME-1-2026-02-28.pdf"');
    expect(reply.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const history = (await get(me.token, `/api/payslips/${mine.feb}/downloads`)).json().data;
    expect(history[0]).toMatchObject({ user_id: me.id, via: "token", kind: "single", user_agent: "PayslipTest/1.0" });
    expect(history[0].address).toBeTruthy();
  });

  it("shows its person the office's downloads without the office's address and device; the office sees them all", async () => {
    await call(t, admin, { method: "GET", url: `/api/payslip/generate-pdf/${mine.feb}`, headers: { "user-agent": "OfficeDesk/2.0" } });
    const officeRow = (rows: { user_id: number | null }[]) => rows.find((row) => row.user_id !== me.id)!;
    const seenByPerson = officeRow((await get(me.token, `/api/payslips/${mine.feb}/downloads`)).json().data);
    expect(seenByPerson).toMatchObject({ via: "token", address: null, user_agent: null });
    expect(seenByPerson.user_id).not.toBeNull();
    const seenByOffice = officeRow((await get(admin, `/api/payslips/${mine.feb}/downloads`)).json().data);
    expect(seenByOffice).toMatchObject({ user_agent: "OfficeDesk/2.0" });
  });

  it("is refused to anyone the payslip is not for", async () => {
    expect((await get(other.token, `/api/payslip/generate-pdf/${mine.feb}`)).statusCode).toBe(403);
    expect((await get(me.token, `/api/payslip/generate-pdf/${mine.mar}`)).statusCode).toBe(403);
    expect((await get(null, `/api/payslip/generate-pdf/${mine.feb}`)).statusCode).toBe(401);
  });
});

describe("signed links", () => {
  const linkFor = async (token: string, id: number) => {
    const reply = await get(token, `/api/payslip/signed-url/${id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as { url: string; expires_at: string };
  };

  it("open the payslip without a token for five minutes, logged as the person who asked, then no more", async () => {
    const { url, expires_at } = await linkFor(me.token, mine.feb);
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBe(5 * 60_000);
    const opened = await get(null, url);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers["content-type"]).toBe("application/pdf");
    const history = (await get(admin, `/api/payslips/${mine.feb}/downloads`)).json().data;
    expect(history[0]).toMatchObject({ user_id: me.id, via: "link" });
    t.clock.advanceMinutes(6);
    const late = await get(null, url);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(/expired/);
  });

  it("open only the payslip they were made for, and nothing tampered with", async () => {
    const { url } = await linkFor(me.token, mine.feb);
    const elsewhere = url.replace(`/pdf/${mine.feb}?`, `/pdf/${theirs}?`);
    expect((await get(null, elsewhere)).statusCode).toBe(403);
    const parsed = new URL(url, "http://x");
    const forged = new URL(parsed);
    forged.searchParams.set("expires", String(Number(parsed.searchParams.get("expires")) + 3600));
    expect((await get(null, forged.pathname + forged.search)).statusCode).toBe(403);
    const someoneElse = new URL(parsed);
    someoneElse.searchParams.set("by", String(other.id));
    expect((await get(null, someoneElse.pathname + someoneElse.search)).statusCode).toBe(403);
    const unsigned = new URL(parsed);
    unsigned.searchParams.delete("signature");
    expect((await get(null, unsigned.pathname + unsigned.search)).statusCode).toBe(403);
  });

  it("are signed over the exact text of their numbers: another spelling of the same number is refused", async () => {
    const { url } = await linkFor(me.token, mine.feb);
    const parsed = new URL(url, "http://x");
    const expires = parsed.searchParams.get("expires")!;
    const by = parsed.searchParams.get("by")!;
    const spelt = (name: string, text: string) => {
      const changed = new URL(parsed);
      changed.searchParams.set(name, text);
      return changed.pathname + changed.search;
    };
    for (const link of [spelt("expires", `0${expires}`), spelt("expires", `${expires}.0`), spelt("expires", `${expires}e0`), spelt("by", `+${by}`), spelt("by", `0${by}`), spelt("by", `${by}.0`)]) {
      expect((await get(null, link)).statusCode, link).toBe(403);
    }
    expect((await get(null, url)).statusCode).toBe(200);
  });

  it("are refused to anyone who may not download the payslip", async () => {
    expect((await get(other.token, `/api/payslip/signed-url/${mine.feb}`)).statusCode).toBe(403);
    expect((await get(me.token, `/api/payslip/signed-url/${mine.mar}`)).statusCode).toBe(403);
    expect((await get(null, `/api/payslip/signed-url/${mine.feb}`)).statusCode).toBe(401);
  });
});

describe("withdrawal", () => {
  it("takes a released payslip from its person: gone from their list, its links refused (theirs and the office's), the reason kept and told to them; once only", async () => {
    const link = (await get(other.token, `/api/payslip/signed-url/${theirs}`)).json().data.url;
    const officeLink = (await get(admin, `/api/payslip/signed-url/${theirs}`)).json().data.url;
    const refused = await call(t, admin, { method: "POST", url: `/api/payslips/${mine.mar}/withdraw`, payload: { reason: "Not released yet" } });
    expect(refused.statusCode).toBe(409);
    expect((await call(t, admin, { method: "POST", url: `/api/payslips/${theirs}/withdraw`, payload: { reason: " " } })).statusCode).toBe(422);
    const done = await call(t, admin, { method: "POST", url: `/api/payslips/${theirs}/withdraw`, payload: { reason: "Issued with the wrong bank account" } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.withdrawn_at).not.toBeNull();
    for (const withdrawnLink of [link, officeLink]) {
      const refusedLink = await get(null, withdrawnLink);
      expect(refusedLink.statusCode).toBe(410);
      expect(refusedLink.json().message).toBe("This payslip was withdrawn by the payroll office: its download links no longer work.");
    }
    expect((await get(admin, `/api/payslip/signed-url/${theirs}`)).statusCode).toBe(410);
    // The office keeps its copy by token, marked withdrawn.
    expect((await get(admin, `/api/payslip/generate-pdf/${theirs}`)).statusCode).toBe(200);
    expect((await get(other.token, `/api/payslips/${theirs}/document`)).statusCode).toBe(403);
    expect((await get(other.token, `/api/payslip/generate-pdf/${theirs}`)).statusCode).toBe(403);
    expect((await get(other.token, "/api/payslips/user-payslips")).json().data.payslips.map((row: { id: number }) => row.id)).not.toContain(theirs);
    const document = (await get(admin, `/api/payslips/${theirs}/document`)).json().data;
    expect(document.withdrawn).toMatchObject({ reason: "Issued with the wrong bank account" });
    const told = (await get(other.token, "/api/notifications")).json().data as { type: string; link: string; message: string }[];
    const notice = told.find((row) => row.type === "payslip_withdrawn");
    expect(notice?.link).toBe("/user-payslips");
    expect(notice?.message).toContain("Reason: Issued with the wrong bank account");
    const again = await call(t, admin, { method: "POST", url: `/api/payslips/${theirs}/withdraw`, payload: { reason: "Twice" } });
    expect(again.statusCode).toBe(409);
  });
});

describe("a run's payslips as one ZIP", () => {
  it("holds one PDF per payslip, each logged as downloaded", async () => {
    const reply = await call(t, admin, { method: "GET", url: `/api/payroll/${febRun}/payslips.zip` });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/zip");
    expect(reply.headers["content-disposition"]).toBe('attachment; filename="payslips-2026-02-01-2026-02-28.zip"');
    const zip = reply.rawPayload;
    expect(zip.subarray(0, 4).toString("hex")).toBe("504b0304");
    const names = [...zip.toString("latin1").matchAll(/payslip-[\w-]+\.pdf/g)].map((match) => match[0]);
    expect(new Set(names)).toEqual(new Set(["payslip-EMP-ME-1-2026-02-28.pdf", "payslip-EMP-OTHER-1-2026-02-28.pdf"]));
    const history = (await get(admin, `/api/payslips/${mine.feb}/downloads`)).json().data;
    expect(history[0]).toMatchObject({ kind: "run_zip", via: "token" });
  });
  it("with protected PDFs, is refused before its first byte when someone's PDF cannot be protected", async () => {
    await t.database.db.update(users).set({ birth_date: null, employee_number: null }).where(eq(users.id, other.id));
    expect((await call(t, admin, { method: "PUT", url: "/api/settings/payroll", payload: { pdf_password: true } })).statusCode).toBe(200);
    try {
      const reply = await call(t, admin, { method: "GET", url: `/api/payroll/${febRun}/payslips.zip` });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toMatch(/^The payslip of .+ cannot be protected with a password/);
    } finally {
      await call(t, admin, { method: "PUT", url: "/api/settings/payroll", payload: { pdf_password: false } });
      await t.database.db.update(users).set({ employee_number: "EMP-OTHER-1" }).where(eq(users.id, other.id));
    }
  });
});

describe("recent payslips and the year's figures", () => {
  it("counts what is released, waiting and in preparation", async () => {
    const reply = await get(admin, "/api/payslip/recent-payslips-with-summary-stats");
    expect(reply.statusCode, reply.body).toBe(200);
    const { recent, stats } = reply.json().data;
    expect(recent.length).toBeGreaterThan(0);
    expect(stats.in_preparation).toBeGreaterThanOrEqual(2);
    expect(stats.withdrawn).toBeGreaterThanOrEqual(0);
  });
});

describe("the release notification", () => {
  it("links each person to their payslip of the run and says how protected PDFs open", async () => {
    const feb = (await get(me.token, "/api/notifications")).json().data as { type: string; link: string; message: string }[];
    const told = feb.find((row) => row.type === "payslip_released" && row.link === `/user-payslips?run=${febRun}`);
    expect(told).toBeDefined();
    expect(told!.message).not.toMatch(/password/);
    expect((await call(t, admin, { method: "PUT", url: "/api/settings/payroll", payload: { pdf_password: true } })).statusCode).toBe(200);
    const april = await runOf("2026-04-01", "2026-04-30", "2026-04-30", true);
    const after = (await get(me.token, "/api/notifications")).json().data as { type: string; link: string; message: string }[];
    expect(after.find((row) => row.link === `/user-payslips?run=${april}`)!.message).toMatch(/password: your birth date \(YYYYMMDD\) followed by your employee number/);
    await call(t, admin, { method: "PUT", url: "/api/settings/payroll", payload: { pdf_password: false } });
  });
});

describe("who reaches each endpoint", () => {
  let tokens: Record<PayrollCaller, string | null>;
  beforeAll(async () => {
    tokens = await payrollCallerTokens(t, admin);
  });
  const expectations: { url: (id: number) => string; allowed: readonly PayrollCaller[]; ok: number }[] = [
    { url: (id) => `/api/payslips/${id}/document`, allowed: PAYSLIP_READERS, ok: 200 },
    { url: (id) => `/api/payslips/${id}/downloads`, allowed: PAYSLIP_READERS, ok: 200 },
    { url: (id) => `/api/payslip/signed-url/${id}`, allowed: PAYSLIP_READERS, ok: 200 },
    { url: (id) => `/api/payslip/generate-pdf/${id}`, allowed: PAYSLIP_READERS, ok: 200 },
    { url: () => "/api/payslip/recent-payslips-with-summary-stats", allowed: PAYSLIP_READERS, ok: 200 },
    { url: () => `/api/payroll/${febRun}/payslips.zip`, allowed: PAYSLIP_READERS, ok: 200 },
    { url: () => "/api/payslips/user-payslips", allowed: PAYROLL_CALLERS.filter((caller) => caller !== "anonymous"), ok: 200 },
  ];
  for (const expectation of expectations) {
    it(`GET ${expectation.url(0).replace("/0/", "/{id}/").replace(/\/0$/, "/{id}")}`, async () => {
      for (const caller of PAYROLL_CALLERS) {
        const reply = await get(tokens[caller], expectation.url(mine.feb));
        const expected = caller === "anonymous" ? 401 : expectation.allowed.includes(caller) ? expectation.ok : 403;
        expect(reply.statusCode, `${caller}: ${reply.body.slice(0, 200)}`).toBe(expected);
      }
    });
  }

  it("POST /api/payslips/{id}/withdraw: whoever releases pay or withdraws payslips", async () => {
    for (const caller of PAYROLL_CALLERS) {
      const reply = await call(t, tokens[caller], { method: "POST", url: `/api/payslips/${mine.jan}/withdraw`, payload: { reason: "Matrix" } });
      const expected = caller === "anonymous" ? 401 : PAYSLIP_WITHDRAWERS.includes(caller) ? (caller === PAYSLIP_WITHDRAWERS[0] ? 200 : 409) : 403;
      expect(reply.statusCode, `${caller}: ${reply.body.slice(0, 200)}`).toBe(expected);
    }
  });
});
