/**
 * The system check (/settings-test): level 0 alone may run it; on a healthy
 * installation every check passes; each check really runs, so a broken part
 * (a clock, a migration, a link signer, the job queue, the SMTP server) makes
 * it fail with its advice. The test e-mail goes to the caller, in their
 * language, through the outbox or the SMTP server, and a refusing SMTP server
 * is a 502 with its own words.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../contracts/permissions";
import { SYSTEM_CHECKS, type CheckFact, type SystemCheckReply, type SystemCheckResult } from "../../contracts/system-check";
import { companyProfile, files, jobs, mailOutbox } from "../../server/db/schema";
import { systemClock } from "../../server/lib/clock";
import { translator } from "../../server/lib/i18n";
import { checkMail } from "../../server/modules/system/checks/mail";
import { MIGRATIONS_FOLDER } from "../../server/db/client";
import { checkServer, meetsEngine } from "../../server/modules/system/checks/server-process";
import { checkSignedLinks } from "../../server/modules/system/checks/signed-links";
import { runSystemCheck } from "../../server/modules/system/service";
import { sendTestMail } from "../../server/modules/system/test-mail";
import { startTestApp, type TestApp } from "../support/api";
import { activitiesAfter, ADMIN, call, employeeSignedIn, lastActivityId, staffWith } from "../support/people";

/** A key as the server generates one (32 random bytes): the test configuration's short one is warned about. */
const GOOD_KEY = "k".repeat(43);

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ config: { appKey: GOOD_KEY } });
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

const check = (reply: SystemCheckReply, key: string): SystemCheckResult => reply.checks.find((entry) => entry.key === key)!;
const factOf = (result: Pick<SystemCheckResult, "facts">, name: string): CheckFact["value"] | undefined => result.facts.find((entry) => entry.name === name)?.value;
const run = (overrides: Partial<Parameters<typeof runSystemCheck>[1]> = {}) => runSystemCheck(t.app.ctx, { workerStarted: () => true, ...overrides });

describe("who may run the system check", () => {
  it("refuses anonymous callers (401), employees and staff holding every permission (403)", async () => {
    const employee = await employeeSignedIn(t, admin);
    const staff = await staffWith(t, admin, PERMISSIONS);
    for (const request of [{ method: "GET" as const, url: "/api/system/check" }, { method: "POST" as const, url: "/api/system/check/test-mail" }]) {
      expect((await call(t, null, request)).statusCode).toBe(401);
      expect((await call(t, employee.token, request)).statusCode).toBe(403);
      expect((await call(t, staff.token, request)).statusCode).toBe(403);
    }
    const sent = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, staff.email));
    expect(sent).toEqual([]);
  });
});

describe("GET /api/system/check", () => {
  it("answers the administrator with every check, each passing on a fresh installation", async () => {
    const [filesBefore] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    const response = await call(t, admin, { method: "GET", url: "/api/system/check" });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json().data as SystemCheckReply;
    expect(reply.checks.map((entry) => entry.key)).toEqual([...SYSTEM_CHECKS]);
    expect(reply.checks.filter((entry) => entry.status !== "pass"), JSON.stringify(reply.checks, null, 1)).toEqual([]);
    expect(reply.status).toBe("pass");
    expect(reply.checks.every((entry) => entry.advice === null)).toBe(true);

    const database = check(reply, "database");
    expect(factOf(database, "engine")).toMatch(t.database.kind === "pglite" ? /^PGlite \d+\.\d+\.\d+ \(PostgreSQL \d+/ : /^PostgreSQL \d+/);
    expect(factOf(database, "embedded")).toBe(t.database.kind === "pglite");
    expect(factOf(check(reply, "databaseSize"), "size")).toBeGreaterThan(1024 * 1024);
    const migrations = check(reply, "migrations");
    expect(factOf(migrations, "pending")).toBe(0);
    expect(factOf(migrations, "applied")).toBe(factOf(migrations, "onDisk"));
    expect(factOf(check(reply, "server"), "version")).toBe(JSON.parse(fs.readFileSync("package.json", "utf8")).version);
    expect(factOf(check(reply, "timeZone"), "companyZone")).toBe("UTC");
    expect(factOf(check(reply, "jobs"), "workerStarted")).toBe(true);
    // Without SMTP_URL mail stays in the outbox: a pass, with a note saying so.
    expect(check(reply, "mail").note).toBe("outboxOnly");
    // The probe file was written, read and deleted in a transaction rolled back: nothing is left.
    const [filesAfter] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    expect(filesAfter.n).toBe(filesBefore.n);
    expect(await t.database.db.select().from(files).where(eq(files.kind, "system-check"))).toEqual([]);
  });

  it("fails the time check when the database's clock is minutes off the machine's, and says the zones differ", async () => {
    const behind = { now: () => new Date(systemClock.now().getTime() - 5 * 60_000) };
    const reply = await run({ machineClock: behind });
    const time = check(reply, "timeZone");
    expect(time).toMatchObject({ status: "fail", advice: "clockOff" });
    expect(Number(factOf(time, "clockOffset"))).toBeGreaterThan(4 * 60_000);
    expect(reply.status).toBe("fail");
  });

  it("fails the time check on a company zone the platform does not know", async () => {
    await t.database.db.update(companyProfile).set({ time_zone: "Mars/Olympus_Mons" });
    try {
      const time = check(await run(), "timeZone");
      expect(time).toMatchObject({ status: "fail", advice: "companyZoneInvalid" });
      expect(factOf(time, "companyZone")).toBe("Mars/Olympus_Mons");
      expect(time.note).toBe("zonesDiffer");
    } finally {
      await t.database.db.update(companyProfile).set({ time_zone: "UTC" });
    }
  });

  it("fails the migrations check when the code holds a migration the database has not applied", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-migrations-"));
    try {
      fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalFile = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
      const last = journal.entries.at(-1);
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "9999_not_applied" });
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      fs.writeFileSync(path.join(folder, "9999_not_applied.sql"), "select 1;");
      const migrations = check(await run({ migrationsFolder: folder }), "migrations");
      expect(migrations).toMatchObject({ status: "fail", advice: "migrationsPending" });
      expect(factOf(migrations, "pending")).toBe(1);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("turns a check that cannot run into a failed check showing why, not a failed request", async () => {
    const migrations = check(await run({ migrationsFolder: "/nonexistent/migrations" }), "migrations");
    expect(migrations).toMatchObject({ status: "fail", advice: "checkError" });
    expect(factOf(migrations, "error")).toMatch(/no such file|ENOENT/i);
  });

  it("fails the signed-link check when a tampered link is accepted, and warns of a short APP_KEY", () => {
    const acceptsAnything = { sign: (_key: string, linkPath: string) => `${linkPath}?expires=9999999999&signature=x`, verify: () => true };
    expect(checkSignedLinks(GOOD_KEY, new Date(), acceptsAnything)).toMatchObject({ status: "fail", advice: "signedLinksBroken" });
    const refusesEverything = { sign: acceptsAnything.sign, verify: () => false };
    expect(checkSignedLinks(GOOD_KEY, new Date(), refusesEverything)).toMatchObject({ status: "fail", advice: "signedLinksBroken" });
    expect(checkSignedLinks("test-key", new Date())).toMatchObject({ status: "warn", advice: "appKeyShort" });
    expect(checkSignedLinks(GOOD_KEY, new Date())).toMatchObject({ status: "pass", advice: null });
  });

  it("fails the job check when due jobs wait for minutes with nothing taking them, and warns when this server runs no worker", async () => {
    const [stuck] = await t.database.db
      .insert(jobs)
      .values({ kind: "nobody.runs.this", max_attempts: 1, run_after: sql`now() - interval '10 minutes'` })
      .returning({ id: jobs.id });
    try {
      const queue = check(await run(), "jobs");
      expect(queue).toMatchObject({ status: "fail", advice: "jobsStale" });
      expect(factOf(queue, "due")).toBe(1);
      expect(Number(factOf(queue, "oldestWait"))).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    } finally {
      await t.database.db.delete(jobs).where(eq(jobs.id, stuck.id));
    }
    expect(check(await run({ workerStarted: () => false }), "jobs")).toMatchObject({ status: "warn", advice: "workerStopped" });
  });

  it("fails the mail check when the SMTP server cannot be reached, with its error", async () => {
    const refused = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:2525");
    };
    const mail = await checkMail(t.database.db, { smtpUrl: "smtp://user:secret@127.0.0.1:2525", from: "x@example.com" }, refused);
    expect(mail).toMatchObject({ status: "fail", advice: "smtpUnreachable", note: null });
    expect(factOf(mail, "error")).toBe("connect ECONNREFUSED 127.0.0.1:2525");
    // The server is named without its credentials.
    expect(factOf(mail, "smtpServer")).toBe("127.0.0.1:2525");
  });

  it("warns when this Node.js is older than package.json's engines", () => {
    expect(meetsEngine("v20.19.0", ">=20.19")).toBe(true);
    expect(meetsEngine("v22.1.0", ">=20.19")).toBe(true);
    expect(meetsEngine("v20.18.3", ">=20.19")).toBe(false);
    expect(checkServer(new Date(), 5, "v18.20.0")).toMatchObject({ status: "warn", advice: "nodeTooOld" });
  });
});

describe("POST /api/system/check/test-mail (outbox)", () => {
  it("writes the caller a test e-mail in their language to the outbox, on the activity log", async () => {
    const before = await lastActivityId(t, admin);
    const response = await call(t, admin, { method: "POST", url: "/api/system/check/test-mail", headers: { "accept-language": "fr" } });
    expect(response.statusCode, response.body).toBe(200);
    const { data, message } = response.json();
    expect(data).toMatchObject({ transport: "outbox", delivered: true, to: ADMIN.email, detail: null });
    expect(message).toBe(`L'e-mail d'essai pour ${ADMIN.email} est dans la boîte d'envoi. Aucun serveur SMTP n'est défini : il ne va pas plus loin.`);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, data.outbox_id));
    expect(mail).toMatchObject({ to_address: ADMIN.email, subject: "E-mail d'essai de Paydesk", status: "logged" });
    expect(mail.body_text).toContain("vérification du système");
    const activities = await activitiesAfter(t, admin, before);
    expect(activities.map((row) => [row.action, row.subject_type, row.subject_id])).toEqual([["system.test_mail_sent", "user", 1]]);
  });
});

/** A small SMTP server that takes messages, refuses every recipient when told to, or holds its answer to a message until released. */
function fakeSmtpServer() {
  const received: string[] = [];
  const held: (() => void)[] = [];
  const state = { refuse: false, hold: false };
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    socket.write("220 fake.test ESMTP\r\n");
    let buffer = "";
    let message: string | null = null;
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message !== null) {
          if (line === ".") {
            received.push(message);
            message = null;
            const answer = () => socket.write("250 2.0.0 Queued\r\n");
            if (state.hold) held.push(answer);
            else answer();
          } else message += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 fake.test\r\n");
        else if (verb === "RCPT") socket.write(state.refuse ? "550 5.1.1 Mailbox unavailable\r\n" : "250 OK\r\n");
        else if (verb === "DATA") {
          message = "";
          socket.write("354 Go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 Bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  return {
    received,
    state,
    release: () => held.splice(0).forEach((answer) => answer()),
    listen: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("with an SMTP server", () => {
  const smtp = fakeSmtpServer();
  let withSmtp: TestApp;
  let token: string;
  let port: number;

  beforeAll(async () => {
    port = await smtp.listen();
    withSmtp = await startTestApp({ config: { appKey: GOOD_KEY, smtpUrl: `smtp://127.0.0.1:${port}` } });
    token = await withSmtp.tokenFor(ADMIN.email);
  });
  afterAll(async () => {
    await withSmtp.close();
    await smtp.close();
  });

  it("checks that the server answers, and sends the test e-mail through it", async () => {
    const checked = await call(withSmtp, token, { method: "GET", url: "/api/system/check" });
    const mail = check(checked.json().data, "mail");
    expect(mail).toMatchObject({ status: "pass", note: null });
    expect(factOf(mail, "smtpServer")).toBe(`127.0.0.1:${port}`);

    const response = await call(withSmtp, token, { method: "POST", url: "/api/system/check/test-mail" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      data: { transport: "smtp", delivered: true, to: ADMIN.email, detail: `127.0.0.1:${port}` },
      message: `The test e-mail to ${ADMIN.email} was handed to the SMTP server 127.0.0.1:${port}.`,
    });
    expect(smtp.received.at(-1)).toContain("Subject: Paydesk test e-mail");
    expect(smtp.received.at(-1)).toContain(`To: ${ADMIN.email}`);
  });

  it("answers 502 with the SMTP server's own words when it refuses the message, never a 500", async () => {
    smtp.state.refuse = true;
    try {
      const response = await call(withSmtp, token, { method: "POST", url: "/api/system/check/test-mail" });
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json().message).toMatch(new RegExp(`^The SMTP server 127\\.0\\.0\\.1:${port} did not take the test e-mail: .*550 5\\.1\\.1 Mailbox unavailable`));
    } finally {
      smtp.state.refuse = false;
    }
  });

  it("answers that the message is still on its way when the SMTP server takes longer than the request waits", async () => {
    smtp.state.hold = true;
    try {
      const caller = { id: 1, name: "Alex Admin", email: ADMIN.email };
      const { data, message } = await sendTestMail(withSmtp.app.ctx, caller, { actorId: 1, origin: { ip: "127.0.0.1", userAgent: "test" } }, translator("en"), 300);
      expect(data).toMatchObject({ transport: "smtp", delivered: false, to: ADMIN.email });
      expect(message).toBe(`The test e-mail to ${ADMIN.email} is queued and not delivered yet. The outbox shows how it goes.`);
      smtp.state.hold = false;
      smtp.release();
      await withSmtp.app.ctx.jobs.idle();
      const [mail] = await withSmtp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, data.outbox_id));
      expect(mail.status).toBe("sent");
    } finally {
      smtp.state.hold = false;
      smtp.release();
    }
  });

  it("fails the mail check when the SMTP server is not there", async () => {
    await smtp.close();
    const mail = check(await runSystemCheck(withSmtp.app.ctx, { workerStarted: () => true }), "mail");
    expect(mail).toMatchObject({ status: "fail", advice: "smtpUnreachable" });
    expect(factOf(mail, "error")).toMatch(/ECONNREFUSED/);
    // The refused message of the test above is being retried: counted, with its error.
    expect(factOf(mail, "retrying")).toBe(1);
    expect(factOf(mail, "lastError")).toMatch(/550 5\.1\.1/);
  });
});
