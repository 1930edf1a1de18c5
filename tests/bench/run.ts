/**
 * `npm run bench` (builds first): plain figures, no assertions.
 *   - GET /api/me throughput and p99 latency, 50 connections for 10 s, embedded database
 *     (LOG_LEVEL=info like the e2e server; a second run at LOG_LEVEL=warn for context)
 *   - the sign-in route's JavaScript, gzipped
 *   - cold start (empty DATA_DIR: migrations and demo seed) and warm start (same DATA_DIR)
 * Loopback only; every server it starts is stopped and its temporary directory removed.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { apiToken, assertAppBuilt, DIST_DIR, makeTempDataDir, startServer, type RunningServer } from "../support/e2e";
import { loginRouteJavaScript } from "./bundle";

/** The part of autocannon's programmatic API used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const TARGET_RPS = 1_500;
const TARGET_LOGIN_KB = 250;
const CONNECTIONS = 50;
const DURATION_S = 10;
const ADMIN = { email: "admin@example.com", password: "Admin123!" };

const servers = new Set<RunningServer>();
let dataDir: string | null = null;

async function cleanUp(): Promise<void> {
  await Promise.allSettled([...servers].map((server) => server.stop()));
  servers.clear();
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
  dataDir = null;
}

async function start(dir: string, env?: Record<string, string>): Promise<RunningServer> {
  const server = await startServer({ dataDir: dir, env });
  servers.add(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  await server.stop();
  servers.delete(server);
}

/** Signs in, checks one call, then loads GET /api/me. */
async function loadMe(server: RunningServer): Promise<AutocannonResult> {
  const token = await apiToken(server, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const probe = await fetch(`${server.url}/api/me`, { headers });
  if (!probe.ok) throw new Error(`GET /api/me answered ${probe.status} before the run`);
  await probe.arrayBuffer();
  return autocannon({ url: `${server.url}/api/me`, connections: CONNECTIONS, duration: DURATION_S, headers });
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, index) => cell.padEnd(widths[index])).join("  ").trimEnd();
}

async function main(): Promise<void> {
  assertAppBuilt();
  const began = performance.now();

  // (b) The sign-in route's JavaScript: no server needed.
  const bundle = loginRouteJavaScript(DIST_DIR);
  const loginKb = bundle.gzipBytes / 1024;

  // (c) Cold start on an empty directory, then warm start on the same one.
  dataDir = await makeTempDataDir();
  const cold = await start(dataDir);
  const coldMs = cold.startupMs;
  await stop(cold);
  const warm = await start(dataDir);
  const warmMs = warm.startupMs;

  // (a) GET /api/me on the warm server (LOG_LEVEL=info, as started by the e2e helper)...
  const result = await loadMe(warm);
  await stop(warm);
  // ...and once more without the per-request log lines, to show what logging costs.
  const quiet = await start(dataDir, { LOG_LEVEL: "warn" });
  const quietResult = await loadMe(quiet);
  await stop(quiet);

  const widths = [44, 16, 12];
  const lines = [
    row(["measure", "measured", "target"], widths),
    row(["-".repeat(44), "-".repeat(16), "-".repeat(12)], widths),
    row([`GET /api/me req/s (${CONNECTIONS} conn, ${DURATION_S} s, PGlite)`, result.requests.average.toFixed(0), `>= ${TARGET_RPS.toLocaleString("en")}`], widths),
    row(["GET /api/me p99 latency", `${result.latency.p99} ms`, ""], widths),
    row(["GET /api/me non-2xx / errors / timeouts", `${result.non2xx} / ${result.errors} / ${result.timeouts}`, ""], widths),
    row(["  same with LOG_LEVEL=warn: req/s, p99", `${quietResult.requests.average.toFixed(0)}, ${quietResult.latency.p99} ms`, "(context)"], widths),
    row([`login route JS gzipped (${bundle.files.length} files)`, `${loginKb.toFixed(1)} KB`, `<= ${TARGET_LOGIN_KB} KB`], widths),
    row(["login route JS raw", `${(bundle.rawBytes / 1024).toFixed(1)} KB`, ""], widths),
    row(["cold start (empty DATA_DIR, migrate + seed)", `${(coldMs / 1000).toFixed(2)} s`, ""], widths),
    row(["warm start (same DATA_DIR)", `${(warmMs / 1000).toFixed(2)} s`, ""], widths),
  ];
  console.log(`Paydesk bench, ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} CPU(s)`);
  console.log(lines.join("\n"));
  console.log(`(total ${((performance.now() - began) / 1000).toFixed(1)} s)`);
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(async () => {
    if (!interrupted) await cleanUp();
  });
