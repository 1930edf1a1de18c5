/**
 * The backup commands against the real server, as an operator types them:
 * `npm run backup` while the server runs and people go on working (the
 * server writes it, asked through its socket), `npm run restore` refused
 * while a server holds the directory, then into a new directory, where a
 * server starts on the restored company and the same people sign in; a
 * second restore needs --force; a backup of a directory no server holds.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_LOGINS } from "../../server/db/seed";
import { apiToken, makeTempDataDir, ROOT_DIR, startServer, type RunningServer } from "../support/e2e";

const ADMIN = DEMO_LOGINS.find((login) => login.email === "admin@example.com")!;

/** Runs `npm run NAME -- ...args` in the project with `env` on top of ours; resolves with its exit code and output. */
function npmRun(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", name, "--", ...args], { cwd: ROOT_DIR, env: { ...process.env, DATABASE_URL: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += String(chunk)));
    child.stderr.on("data", (chunk) => (output += String(chunk)));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function get(server: RunningServer, token: string, url: string): Promise<{ status: number; body: { data?: unknown; meta?: { total?: number } } }> {
  const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as { data?: unknown; meta?: { total?: number } } };
}

// Three servers start and four commands each start node, one with initdb: a minute or two.
describe("npm run backup and npm run restore", { timeout: 360_000 }, () => {
  const servers: RunningServer[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("back up a running server while it is written to, and restore into a new directory that a server opens with the same company", async () => {
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-backups-"));
    const restoredDir = await makeTempDataDir();
    dirs.push(backups, restoredDir);
    const original = await startServer({ env: { BACKUP_DIR: backups } });
    servers.push(original);
    const token = await apiToken(original, ADMIN.email, ADMIN.password);
    const people = (await get(original, token, "/api/users?pageSize=1")).body.meta?.total;
    expect(people).toBeGreaterThan(10);

    // People go on working while the backup is written: every write still succeeds.
    let writing = true;
    const statuses: number[] = [];
    const writes = (async () => {
      for (let serial = 0; writing; serial++) {
        const response = await fetch(`${original.url}/api/me/profile`, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ phone: `+63 917 000 ${String(serial).padStart(4, "0")}` }),
        });
        statuses.push(response.status);
        await response.arrayBuffer();
      }
    })();
    const file = path.join(backups, "by-hand.jsonl.gz");
    const backup = await npmRun("backup", [file], { DATA_DIR: original.dataDir });
    writing = false;
    await writes;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written to ${file}:`);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // The server holds its directory: a restore into it is refused before anything is touched.
    const refused = await npmRun("restore", [file, "--force"], { DATA_DIR: original.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`A server (process ${original.pid}) is using ${original.dataDir}: stop it first.`);

    const restored = await npmRun("restore", [file], { DATA_DIR: restoredDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/^Restored by-hand\.jsonl\.gz, made .* by Paydesk .*: \d+ rows in \d+ tables\./m);
    // Two-factor secrets and links are sealed with the app key: it travels apart from the backup.
    expect(restored.output).toContain("No app.key in");
    fs.copyFileSync(path.join(original.dataDir, "app.key"), path.join(restoredDir, "app.key"));

    const copy = await startServer({ dataDir: restoredDir });
    servers.push(copy);
    const copyToken = await apiToken(copy, ADMIN.email, ADMIN.password);
    expect((await get(copy, copyToken, "/api/users?pageSize=1")).body.meta?.total).toBe(people);
    const me = (await get(copy, copyToken, "/api/me")).body.data as { id: number };
    const phone = ((await get(copy, copyToken, `/api/users/${me.id}`)).body.data as { phone: string | null }).phone;
    expect(phone).toMatch(/^\+63 917 000 \d{4}$/);
    const check = await get(copy, copyToken, "/api/system/check");
    expect(check.status).toBe(200);
    // Every check passes, or at most warns (mail goes to the outbox here, and the copy has made no backup of its own).
    const checks = (check.body.data as { checks: { key: string; status: string }[] }).checks;
    expect(checks.filter((entry) => entry.status === "fail")).toEqual([]);
    for (const key of ["database", "migrations", "files", "signedLinks", "jobs"]) expect(checks.find((entry) => entry.key === key)?.status, key).toBe("pass");
    await copy.stop();

    // Restored once, the directory is no longer empty.
    const again = await npmRun("restore", [file], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/The database is not empty \(\d+ tables\)\. Restore into an empty one, or add --force to replace everything it holds\./);
    const forced = await npmRun("restore", [file, "--force"], { DATA_DIR: restoredDir });
    expect(forced.code, forced.output).toBe(0);

    // No server holds it now: the command opens the directory itself, into BACKUP_DIR by default.
    const direct = await npmRun("backup", [], { DATA_DIR: restoredDir, BACKUP_DIR: backups });
    expect(direct.code, direct.output).toBe(0);
    expect(direct.output).toMatch(new RegExp(`Backup written to ${backups}/paydesk-backup-[\\dT-]+Z(-\\d+)?\\.jsonl\\.gz:`));
  });
});
