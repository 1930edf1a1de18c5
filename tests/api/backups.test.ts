/**
 * Backups and restore: a backup restored into a blank database gives back
 * every row of every table and every sequence, on the embedded database
 * (read as the server reads it while running, from a copy, and as the
 * command reads a directory no server holds) and on PostgreSQL under
 * `npm run test:pg`; a restore refuses what it must (a non-empty database
 * without --force, a damaged file, a newer version's backup) and leaves the
 * target as it was; an older version's backup gets its own schema and
 * migrates forward. Then the API (level 0 alone), the daily schedule, the
 * retention, the command's socket and the system check.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import zlib from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../contracts/permissions";
import { buildApp } from "../../server/app";
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, type Database, type Db } from "../../server/db/client";
import { migrationFiles } from "../../server/db/migration-files";
import { backups, jobs } from "../../server/db/schema";
import { openCommandSocket } from "../../server/modules/backups/command-socket";
import { tableNames } from "../../server/modules/backups/dump";
import { manifestSchema, type BackupManifest } from "../../server/modules/backups/format";
import { nextBackupAt, SCHEDULED_BACKUP, scheduleNextBackup } from "../../server/modules/backups/jobs";
import { restoreBackup, RestoreError } from "../../server/modules/backups/restore";
import { unusedFile } from "../../server/modules/backups/service";
import { writeBackup } from "../../server/modules/backups/write";
import { checkBackups } from "../../server/modules/system/checks/backups";
import { rowsOf } from "../../server/lib/sql-rows";
import { startTestApp, TestClock, testConfig, type TestApp } from "../support/api";
import { activitiesAfter, ADMIN, call, employeeSignedIn, lastActivityId, multipart, PNG_1X1, staffWith } from "../support/people";
import { seedTestCompany } from "../support/test-config";
import { openBlankDatabase, type TestDatabase } from "../support/test-database";

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `paydesk-${name}-`));

/** Every table's rows (as PostgreSQL writes them in JSON, sorted) and every sequence's position. */
async function contents(db: Db): Promise<{ tables: Record<string, string[]>; sequences: Record<string, string | null> }> {
  const tables: Record<string, string[]> = {};
  for (const name of await tableNames(db)) {
    const rows = rowsOf<{ line: string }>(await db.execute(sql`select row_to_json(t)::text as line from ${sql.raw(name)} t`));
    tables[name] = rows.map((row) => row.line).sort();
  }
  const sequences = rowsOf<{ name: string; last_value: string | null }>(
    await db.execute(sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value from pg_sequences where schemaname in ('public', 'drizzle')`),
  );
  return { tables, sequences: Object.fromEntries(sequences.map((row) => [row.name, row.last_value])) };
}

/** A backup of `database` in memory. */
async function backupOf(database: Database, shared: boolean): Promise<{ file: Buffer; manifest: BackupManifest; size: number }> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const written = await writeBackup(database, sink, { shared, source: { appVersion: "test", now: new Date("2026-03-02T09:00:00Z") } });
  return { file: Buffer.concat(chunks), manifest: written.manifest, size: written.size_bytes };
}

const linesOf = (file: Buffer) => zlib.gunzipSync(file).toString("utf8").split("\n").filter((line) => line !== "");
const fileOf = (lines: string[]) => zlib.gzipSync(`${lines.join("\n")}\n`);
const restore = (database: Database, file: Buffer, force = false, migrationsFolder?: string) => restoreBackup(database, Readable.from([file]), { force, migrationsFolder });

let t: TestApp;
let admin: string;
const blanks: TestDatabase[] = [];
async function blank(): Promise<TestDatabase> {
  const database = await openBlankDatabase();
  blanks.push(database);
  return database;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  // Rows of every kind a backup must carry: a stored file's bytes, people, activity.
  const logo = await call(t, admin, { method: "POST", url: "/api/company-profile/logo", ...multipart([{ name: "file", filename: "logo.png", contentType: "image/png", content: PNG_1X1 }]) });
  expect(logo.statusCode, logo.body).toBe(200);
  await employeeSignedIn(t, admin);
  await t.app.ctx.jobs.idle();
});
afterAll(async () => {
  await t.close();
  for (const database of blanks) await database.dispose();
});

// Each restore builds a whole schema and reads the whole test company: seconds, more on a busy machine.
describe("a backup and its restore", { timeout: 90_000 }, () => {
  for (const shared of [true, false]) {
    it(`gives back every row and every sequence into a blank database (${shared ? "read while the server goes on, as it backs itself up" : "read in one transaction, as the command reads a database no server holds"})`, async () => {
      const { file, manifest } = await backupOf(t.database, shared);
      const before = await contents(t.database.db);
      expect(manifest.tables.map((table) => table.name)).toEqual(Object.keys(before.tables));
      expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual(Object.fromEntries(Object.entries(before.tables).map(([name, rows]) => [name, rows.length])));
      expect(manifest.database).toBe(t.database.kind);
      expect(before.tables["public.files"].length).toBeGreaterThan(0);

      const target = await blank();
      const restored = await restore(target, file);
      expect(restored).toEqual(manifest);
      const after = await contents(target.db);
      expect(after.tables).toEqual(before.tables);
      if (shared && t.database.kind === "pglite") {
        // Read from a copy of the running database's directory, which recovers as from a crash: PostgreSQL then
        // moves each used sequence on by the values it had logged ahead (up to 32). Ids skip some, never repeat.
        for (const [name, last] of Object.entries(before.sequences)) {
          if (last === null) expect(after.sequences[name], name).toBeNull();
          else expect(Number(after.sequences[name]) - Number(last), name).toBeGreaterThanOrEqual(0);
          if (last !== null) expect(Number(after.sequences[name]) - Number(last), name).toBeLessThanOrEqual(32);
        }
      } else {
        expect(after.sequences).toEqual(before.sequences);
      }
      // Nothing is left for the migrator: the backup was of this version.
      await migrateDatabase(target);
      expect((await contents(target.db)).tables).toEqual(before.tables);
    });
  }

  it("makes a database the app opens and signs in to, whose new rows take new ids", async () => {
    const { file } = await backupOf(t.database, true);
    const target = await blank();
    await restore(target, file);
    const app = await buildApp({ database: target, config: testConfig(), clock: new TestClock() });
    try {
      const signIn = await app.inject({ method: "POST", url: "/api/login", payload: ADMIN });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const [{ max }] = rowsOf<{ max: number }>(await t.database.db.execute(sql`select max(id)::int as max from auth_tokens`));
      const [{ newest }] = rowsOf<{ newest: number }>(await target.db.execute(sql`select max(id)::int as newest from auth_tokens`));
      expect(newest).toBeGreaterThan(max);
      // The stored files come back byte for byte.
      const logoUrl = (await call(t, admin, { method: "GET", url: "/api/company-profile" })).json().data.logo_url as string;
      const original = await call(t, admin, { method: "GET", url: logoUrl });
      const token = signIn.json().token as string;
      const restoredLogo = await app.inject({ method: "GET", url: logoUrl, headers: { authorization: `Bearer ${token}` } });
      expect(restoredLogo.statusCode).toBe(200);
      expect(restoredLogo.rawPayload.length).toBeGreaterThan(0);
      expect(restoredLogo.rawPayload.equals(original.rawPayload)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("refuses a database that holds anything, unless told to replace it (--force), and then replaces all of it", async () => {
    const { file } = await backupOf(t.database, false);
    const target = await blank();
    await migrateDatabase(target);
    await target.db.execute(sql`insert into roles (name, description) values ('Left behind', 'in the database before the restore')`);
    const before = await contents(target.db);
    await expect(restore(target, file)).rejects.toThrow(new RestoreError(`The database is not empty (${Object.keys(before.tables).length} tables). Restore into an empty one, or add --force to replace everything it holds.`));
    expect(await contents(target.db)).toEqual(before);

    await restore(target, file, true);
    expect(await contents(target.db)).toEqual(await contents(t.database.db));
  });

  it("refuses a damaged file, a cut one, or one that is not a backup, and leaves the blank database blank", async () => {
    const { file, manifest } = await backupOf(t.database, false);
    const lines = linesOf(file);
    const target = await blank();
    const refusals: [string, Buffer, RegExp][] = [
      ["cut in the middle of its compressed bytes", file.subarray(0, Math.floor(file.length / 2)), /damaged|ends early/],
      ["without its last rows", fileOf(lines.slice(0, -3)), /ends early/],
      ["with a row twice", fileOf([...lines.slice(0, 3), lines[2], ...lines.slice(3)]), /damaged: rows of drizzle.__drizzle_migrations do not fit/],
      ["with a row that is not one", fileOf([...lines.slice(0, 2), "{\"id\": \"one\"}", ...lines.slice(3)]), /damaged: rows of drizzle.__drizzle_migrations do not fit/],
      ["with its tables out of place", fileOf([lines[0], ...lines.slice(2)]), /damaged/],
      ["not compressed", Buffer.from(lines.join("\n")), /not a Paydesk backup/],
      ["some other compressed text", zlib.gzipSync("name,pay\nA,1\n"), /not a Paydesk backup/],
      ["empty", Buffer.alloc(0), /ends early|not a Paydesk backup/],
      ["of another format's version", fileOf([JSON.stringify({ ...manifest, version: 2 }), ...lines.slice(1)]), /format this version does not read/],
    ];
    for (const [label, damaged, message] of refusals) {
      const refused = await restore(target, damaged).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, label).toBeInstanceOf(RestoreError);
      expect((refused as Error).message, label).toMatch(message);
      expect(await tableNames(target.db), label).toEqual([]);
    }
  });

  it("refuses a backup of a newer version, and one whose migration differs from this version's of the same name", async () => {
    const { file } = await backupOf(t.database, false);
    const [first, ...rest] = linesOf(file);
    const manifest = manifestSchema.parse(JSON.parse(first));
    const target = await blank();
    const newer = fileOf([JSON.stringify({ ...manifest, app_version: "9.0.0", migration: { ...manifest.migration, created_at: manifest.migration.created_at + 1, tag: "0099_future" } }), ...rest]);
    await expect(restore(target, newer)).rejects.toThrow("The backup was made by a newer Paydesk (9.0.0, migration 0099_future): update this installation first, then restore.");
    const different = fileOf([JSON.stringify({ ...manifest, migration: { ...manifest.migration, hash: "0".repeat(64) } }), ...rest]);
    await expect(restore(target, different)).rejects.toThrow(/differs from this version's migration of the same name/);
    expect(await tableNames(target.db)).toEqual([]);
  });

  it("restores an older version's backup with the schema it was taken with, which the newer migrations then bring up to date", async () => {
    // The older version: this one as it was before its backups and two-factor tables (migrations 0014 and 0015), and whatever came after.
    const all = migrationFiles();
    const older = tempDir("older-migrations");
    fs.mkdirSync(path.join(older, "meta"));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const kept = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === "0014_backups"));
    const missing = all.length - kept.length;
    fs.writeFileSync(path.join(older, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
    for (const entry of kept) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(older, `${entry.tag}.sql`));

    const source = await blank();
    await migrateDatabase(source, older);
    await source.db.execute(sql`insert into roles (name, description) values ('Payroll clerk', 'from the older version')`);
    const { file, manifest } = await backupOf(source, false);
    expect(manifest.migration).toMatchObject({ created_at: all.at(-missing - 1)!.folderMillis, count: kept.length });
    const newTables = ["public.backups", "public.two_factor"];
    for (const name of newTables) expect(manifest.tables.map((table) => table.name)).not.toContain(name);

    const target = await blank();
    await restore(target, file);
    expect(await contents(target.db)).toEqual(await contents(source.db));
    await migrateDatabase(target);
    const names = await tableNames(target.db);
    for (const name of newTables) expect(names).toContain(name);
    const applied = rowsOf<{ count: number }>(await target.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`));
    expect(Number(applied[0].count)).toBe(all.length);
    const roles = rowsOf<{ name: string }>(await target.db.execute(sql`select name from roles where description = 'from the older version'`));
    expect(roles).toEqual([{ name: "Payroll clerk" }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("between the embedded database and PostgreSQL", { timeout: 90_000 }, () => {
  it("restores a backup of the embedded database into PostgreSQL, and that one's backup into an embedded database, row for row", async () => {
    const embedded = await openDatabase({});
    try {
      await seedTestCompany(embedded.db);
      const first = await backupOf(embedded, false);
      expect(first.manifest.database).toBe("pglite");
      const postgres = await blank();
      expect(postgres.kind).toBe("postgres");
      await restore(postgres, first.file);
      expect(await contents(postgres.db)).toEqual(await contents(embedded.db));

      const second = await backupOf(postgres, true);
      expect(second.manifest.database).toBe("postgres");
      const back = await openDatabase({ migrate: false });
      try {
        await restore(back, second.file);
        expect(await contents(back.db)).toEqual(await contents(embedded.db));
      } finally {
        await back.close();
      }
    } finally {
      await embedded.close();
    }
  });
});

describe("backups from the system settings (level 0 alone)", () => {
  let app: TestApp;
  let superAdmin: string;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = tempDir("backups");
    // The clock reads today: the daily slot is then ahead of the queue's own clock, not weeks behind it.
    app = await startTestApp({ config: { backupDir }, clock: new TestClock(new Date()) });
    superAdmin = await app.tokenFor(ADMIN.email);
  });
  afterAll(() => app.close());

  const list = async () => (await call(app, superAdmin, { method: "GET", url: "/api/system/backups" })).json().data;
  const backUpNow = async () => {
    const started = await call(app, superAdmin, { method: "POST", url: "/api/system/backups" });
    expect(started.statusCode, started.body).toBe(202);
    await app.app.ctx.jobs.idle();
    return started.json().data.job_id as number;
  };

  it("answers 401 signed out, 403 to an employee and to staff holding every permission", async () => {
    const employee = await employeeSignedIn(app, superAdmin);
    const staff = await staffWith(app, superAdmin, PERMISSIONS);
    for (const request of [
      { method: "GET" as const, url: "/api/system/backups" },
      { method: "POST" as const, url: "/api/system/backups" },
      { method: "GET" as const, url: "/api/system/backups/1/download" },
    ]) {
      expect((await call(app, null, request)).statusCode, request.url).toBe(401);
      expect((await call(app, employee.token, request)).statusCode, request.url).toBe(403);
      expect((await call(app, staff.token, request)).statusCode, request.url).toBe(403);
    }
    expect(await app.database.db.select().from(jobs).where(eq(jobs.kind, "backup.manual"))).toEqual([]);
  });

  it("backs up now as a job, lists the backup with who asked, and hands its file to download (which the log records)", async () => {
    const since = await lastActivityId(app, superAdmin);
    const jobId = await backUpNow();
    const [made] = (await list()).backups;
    expect(made).toMatchObject({ trigger: "manual", status: "completed", requested_by: { name: expect.any(String) }, downloadable: true, removed: false, error: null });
    expect(made.file_name).toMatch(/^paydesk-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?\.jsonl\.gz$/);
    expect(made.rows).toBeGreaterThan(0);
    expect(fs.statSync(path.join(backupDir, made.file_name)).size).toBe(made.size_bytes);
    // The whole company's data: for the server's user alone.
    expect(fs.statSync(path.join(backupDir, made.file_name)).mode & 0o777).toBe(0o600);

    const download = await call(app, superAdmin, { method: "GET", url: `/api/system/backups/${made.id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/gzip");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${made.file_name}"`);
    const manifest = manifestSchema.parse(JSON.parse(linesOf(download.rawPayload)[0]));
    expect(manifest.tables.reduce((sum, table) => sum + table.rows, 0)).toBe(made.rows);

    const logged = await activitiesAfter(app, superAdmin, since);
    expect(logged.map((row) => [row.action, row.changes])).toEqual(
      expect.arrayContaining([
        ["system.backup_requested", { job_id: jobId }],
        ["system.backup_downloaded", { backup_id: made.id }],
      ]),
    );
    expect((await call(app, superAdmin, { method: "GET", url: "/api/system/backups/999999/download" })).statusCode).toBe(404);
  });

  it("keeps as many of its own backups as the settings say: older files go, their rows stay marked removed and no longer download", async () => {
    expect((await call(app, superAdmin, { method: "PUT", url: "/api/settings/system", payload: { backup_keep: 2 } })).statusCode).toBe(200);
    // One the operator wrote elsewhere with the command: never the server's to delete.
    const elsewhere = path.join(tempDir("operator"), "mine.jsonl.gz");
    await openSocketAndBackUp(app, elsewhere);
    for (let made = 0; made < 3; made++) await backUpNow();
    const rows = (await list()).backups as { id: number; trigger: string; removed: boolean; downloadable: boolean; file_name: string }[];
    const own = rows.filter((row) => row.trigger === "manual");
    expect(own.map((row) => row.removed)).toEqual([false, false, true, true]);
    for (const row of own) expect(fs.existsSync(path.join(backupDir, row.file_name)), row.file_name).toBe(!row.removed);
    const gone = own.find((row) => row.removed)!;
    expect(gone.downloadable).toBe(false);
    const refused = await call(app, superAdmin, { method: "GET", url: `/api/system/backups/${gone.id}/download` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This backup's file is no longer on the server (removed as an old backup, or by hand).");
    expect(fs.existsSync(elsewhere)).toBe(true);
    expect(rows.find((row) => row.trigger === "command")).toMatchObject({ removed: false, downloadable: false });
  });

  it("queues one daily backup at the settings' time, moves it when the time changes, takes it off when turned off, and never queues a slot twice", async () => {
    const queued = () => app.database.db.select().from(jobs).where(and(eq(jobs.kind, SCHEDULED_BACKUP), eq(jobs.status, "queued")));
    const expected = nextBackupAt(app.clock.now(), "02:00", "UTC");
    expect((await queued()).map((job) => [job.run_after.toISOString(), job.key])).toEqual([[expected.toISOString(), `backup:${expected.toISOString()}`]]);
    expect((await list()).schedule).toEqual({ directory: backupDir, next_at: expected.toISOString() });

    // A second server starting, or this one restarting: still one.
    await scheduleNextBackup(app.app.ctx);
    expect(await queued()).toHaveLength(1);

    expect((await call(app, superAdmin, { method: "PUT", url: "/api/settings/system", payload: { backup_time: "23:30" } })).statusCode).toBe(200);
    const moved = nextBackupAt(app.clock.now(), "23:30", "UTC");
    expect((await queued()).map((job) => job.run_after.toISOString())).toEqual([moved.toISOString()]);

    expect((await call(app, superAdmin, { method: "PUT", url: "/api/settings/system", payload: { backup_enabled: false } })).statusCode).toBe(200);
    expect(await queued()).toEqual([]);
    expect((await list()).schedule.next_at).toBeNull();
    expect((await call(app, superAdmin, { method: "PUT", url: "/api/settings/system", payload: { backup_enabled: true } })).statusCode).toBe(200);
    expect(await queued()).toHaveLength(1);
  });

  it("runs the daily backup at its slot, which queues the next day's", async () => {
    const [slot] = await app.database.db.select().from(jobs).where(and(eq(jobs.kind, SCHEDULED_BACKUP), eq(jobs.status, "queued")));
    // Its time has come (the queue reads the database's clock).
    await app.database.db.update(jobs).set({ run_after: new Date(Date.now() - 1000) }).where(eq(jobs.id, slot.id));
    await app.app.ctx.jobs.idle();
    const [done] = await app.database.db.select().from(jobs).where(eq(jobs.id, slot.id));
    expect(done.status).toBe("completed");
    const [made] = await app.database.db.select().from(backups).where(eq(backups.job_id, slot.id));
    expect(made).toMatchObject({ trigger: "scheduled", status: "completed", requested_by: null });
    const next = await app.database.db.select().from(jobs).where(and(eq(jobs.kind, SCHEDULED_BACKUP), eq(jobs.status, "queued")));
    const slotAt = new Date((slot.input as { slot: string }).slot);
    expect(next.map((job) => job.run_after.toISOString())).toEqual([nextBackupAt(slotAt, "23:30", "UTC").toISOString()]);
  });

  it("writes a backup for the command through the server's socket, for the server's user alone", async () => {
    const file = path.join(tempDir("command"), "asked.jsonl.gz");
    const reply = await openSocketAndBackUp(app, file);
    expect(reply).toMatchObject({ status: 200, body: { file, rows: expect.any(Number), tables: expect.any(Number), migration: migrationFiles().at(-1)!.tag } });
    expect(manifestSchema.parse(JSON.parse(linesOf(fs.readFileSync(file))[0])).migration.tag).toBe(migrationFiles().at(-1)!.tag);
    const [row] = await app.database.db.select().from(backups).where(eq(backups.file_path, file));
    expect(row).toMatchObject({ trigger: "command", status: "completed", in_backup_dir: false });
    expect(await openSocketAndBackUp(app, "relative.jsonl.gz")).toMatchObject({ status: 400, body: { error: "file must be an absolute path" } });
  });
});

/** Opens the command socket in a short temporary folder, asks it for one backup, closes it. */
async function openSocketAndBackUp(app: TestApp, file: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const socketPath = path.join(tempDir("sock"), "paydesk.sock");
  const close = await openCommandSocket(app.app.ctx, socketPath);
  try {
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
    return await new Promise((resolve, reject) => {
      const request = http.request({ socketPath, path: "/backup", method: "POST" }, (response) => {
        let text = "";
        response.on("data", (chunk) => (text += String(chunk)));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      request.on("error", reject);
      request.end(JSON.stringify({ file }));
    });
  } finally {
    await close();
  }
}

describe("without a backup directory", () => {
  it("lists no schedule and refuses a backup now with a reason the administrator can act on", async () => {
    const response = await call(t, admin, { method: "POST", url: "/api/system/backups" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/BACKUP_DIR/);
    expect((await call(t, admin, { method: "GET", url: "/api/system/backups" })).json().data.schedule).toEqual({ directory: null, next_at: null });
  });
});

describe("the system check's backups", () => {
  it("warns when the last backup is more than two days old or failed, and fails when the backup directory cannot be written", async () => {
    const app = await startTestApp({ config: { backupDir: tempDir("check") } });
    try {
      const ctx = app.app.ctx;
      expect((await checkBackups(ctx)).status).toBe("pass");
      await app.database.db.execute(sql`update company_profile set created_at = now() - interval '3 days'`);
      expect(await checkBackups(ctx)).toMatchObject({ status: "warn", advice: "backupOld" });
      await app.database.db.insert(backups).values({ trigger: "manual", status: "completed", file_path: "/x/a.jsonl.gz", in_backup_dir: true, started_at: sql`now()`, finished_at: sql`now()`, size_bytes: 1000 });
      expect((await checkBackups(ctx)).status).toBe("pass");
      await app.database.db.insert(backups).values({ trigger: "scheduled", status: "failed", file_path: "/x/b.jsonl.gz", in_backup_dir: true, started_at: sql`now() + interval '1 second'`, finished_at: sql`now()`, error: { key: "backups.errors.failed", params: { reason: "disk full" } } });
      expect(await checkBackups(ctx)).toMatchObject({ status: "warn", advice: "backupFailed" });
      const notADir = path.join(tempDir("check-file"), "a-file");
      fs.writeFileSync(notADir, "");
      expect(await checkBackups({ ...ctx, config: { ...ctx.config, backupDir: notADir } })).toMatchObject({ status: "fail" });
    } finally {
      await app.close();
    }
  });
});

describe("backup file names", () => {
  it("sort by time and never name a file that is there already, finished or being written", () => {
    const dir = tempDir("names");
    const at = new Date("2026-11-28T02:00:00.456Z");
    expect(path.basename(unusedFile(dir, at))).toBe("paydesk-backup-2026-11-28T02-00-00Z.jsonl.gz");
    fs.writeFileSync(path.join(dir, "paydesk-backup-2026-11-28T02-00-00Z.jsonl.gz"), "");
    fs.writeFileSync(path.join(dir, "paydesk-backup-2026-11-28T02-00-00Z-2.jsonl.gz.partial"), "");
    expect(path.basename(unusedFile(dir, at))).toBe("paydesk-backup-2026-11-28T02-00-00Z-3.jsonl.gz");
    // A name a listed backup had, whose file the retention removed since.
    expect(path.basename(unusedFile(dir, at, new Set([path.join(dir, "paydesk-backup-2026-11-28T02-00-00Z-3.jsonl.gz")])))).toBe("paydesk-backup-2026-11-28T02-00-00Z-4.jsonl.gz");
  });
});
