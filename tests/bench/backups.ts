/**
 * A backup of a running server's embedded database as the operator makes
 * one (`npm run backup`, which asks the server through its socket), with
 * GET /api/me called one after another meanwhile to show how long requests
 * wait while the data directory is copied; then `npm run restore` of it
 * into a new directory. Runs against a server the caller started (the
 * attendance bench's: 10,000 people, a month of records, a payroll run).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDataDir, ROOT_DIR, type RunningServer } from "../support/e2e";

export interface BackupFigures {
  /** `npm run backup` from start to exit. */
  backupMs: number;
  fileMb: number;
  rows: number;
  /** GET /api/me during the backup: how many, and the slowest (the wait while the directory is copied). */
  meCalls: number;
  meMaxMs: number;
  /** `npm run restore` into a new directory, from start to exit (initdb, schema, rows, newer migrations). */
  restoreMs: number;
}

function run(script: string, args: string[], env: Record<string, string>): Promise<{ ms: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT_DIR, env: { ...process.env, DATABASE_URL: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += String(chunk)));
    child.stderr.on("data", (chunk) => (output += String(chunk)));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve({ ms: performance.now() - started, output }) : reject(new Error(`${script} exited ${code}: ${output}`))));
  });
}

export async function measureBackup(server: RunningServer, token: string): Promise<BackupFigures> {
  const target = await makeTempDataDir();
  const file = path.join(target, "bench.jsonl.gz");
  const restored = path.join(target, "restored");
  try {
    let backingUp = true;
    const waits: number[] = [];
    const calls = (async () => {
      while (backingUp) {
        const started = performance.now();
        const response = await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        waits.push(performance.now() - started);
      }
    })();
    const backup = await run("scripts/backup.ts", [file], { DATA_DIR: server.dataDir }).finally(() => (backingUp = false));
    await calls;
    const rows = Number(/(\d+) rows/.exec(backup.output)?.[1] ?? 0);
    const restore = await run("scripts/restore.ts", [file], { DATA_DIR: restored });
    return { backupMs: backup.ms, fileMb: fs.statSync(file).size / 1024 / 1024, rows, meCalls: waits.length, meMaxMs: Math.max(...waits), restoreMs: restore.ms };
  } finally {
    await fs.promises.rm(target, { recursive: true, force: true });
  }
}
