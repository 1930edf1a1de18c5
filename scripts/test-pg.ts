/**
 * `npm run test:pg`: runs the API suite against a real PostgreSQL.
 *
 * Creates a throwaway cluster in a temporary directory, starts it on a free
 * port, runs the API tests (`npx vitest run --project node tests/api`, or what a
 * given `--config` selects) with TEST_DATABASE_URL pointing at
 * it (the harness migrates template databases once and gives each test file a
 * copy, dropped afterwards), then stops the server and removes the directory
 * whatever the outcome. Exits with vitest's code. Extra arguments go to vitest
 * (e.g. a file filter).
 *
 * initdb refuses to run as root: as root, initdb and pg_ctl run as the
 * `postgres` user through `runuser`, and the directory is handed to it.
 * PG_BIN may name the directory holding initdb and pg_ctl.
 */
import { execFileSync, spawn, spawnSync, type SpawnSyncOptions } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const PG_USER = "postgres";
const isRoot = process.getuid?.() === 0;

function findBinDir(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = "/usr/lib/postgresql";
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(root, version, "bin")));
  }
  const found = candidates.find((dir) => ["initdb", "pg_ctl"].every((tool) => fs.existsSync(path.join(dir, tool))));
  if (!found) {
    throw new Error("No PostgreSQL found: expected initdb and pg_ctl under /usr/lib/postgresql/*/bin (or set PG_BIN).");
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL tool, as the postgres user when we are root. */
function pgTool(binDir: string, tool: string, args: string[], options: SpawnSyncOptions = {}) {
  const command = path.join(binDir, tool);
  const [file, argv] = isRoot ? ["runuser", ["-u", PG_USER, "--", command, ...args]] : [command, args];
  return spawnSync(file, argv, { encoding: "utf8", ...options });
}

function check(result: ReturnType<typeof pgTool>, what: string): void {
  if (result.error) throw new Error(`${what} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status}):\n${result.stdout ?? ""}${result.stderr ?? ""}`);
}

function runVitest(databaseUrl: string, extraArgs: string[]): Promise<number> {
  return new Promise((resolve) => {
    // The API tests by default; a caller naming its own config (the fuzz suite) or files picks its own.
    const namesFiles = extraArgs.some((arg) => !arg.startsWith("-"));
    const selection = extraArgs.includes("--config") ? [] : ["--project", "node", ...(namesFiles ? [] : ["tests/api"])];
    const child = spawn("npx", ["vitest", "run", ...selection, ...extraArgs], {
      stdio: "inherit",
      // Test files run in parallel, each with its own pool: keep the pools small.
      env: { ...process.env, TEST_DATABASE_URL: databaseUrl, PG_POOL_SIZE: process.env.PG_POOL_SIZE ?? "4" },
    });
    // Ctrl-C reaches vitest through the terminal; a signal sent to us alone is passed on.
    // Either way we wait for it to end, then clean up.
    const forward = (signal: NodeJS.Signals) => () => {
      if (child.exitCode === null) child.kill(signal);
    };
    const onInt = forward("SIGINT");
    const onTerm = forward("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    child.on("error", (error) => {
      console.error(`vitest could not start: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(): Promise<number> {
  const binDir = findBinDir();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-pg-"));
  const dataDir = path.join(tempDir, "data");
  const logFile = path.join(tempDir, "postgres.log");
  let started = false;
  // Until the server is stopped, a signal must not kill us before cleanup.
  const hold = () => {};
  process.on("SIGINT", hold);
  process.on("SIGTERM", hold);
  try {
    // The cluster's owner must be able to read and write the directory.
    fs.chmodSync(tempDir, 0o755);
    if (isRoot) {
      const uid = Number(execFileSync("id", ["-u", PG_USER], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", PG_USER], { encoding: "utf8" }).trim());
      fs.chownSync(tempDir, uid, gid);
    }
    const port = await freePort();
    // Run the tools from the temp dir: the postgres user may not be allowed into the working directory.
    const cwd = tempDir;

    check(
      pgTool(binDir, "initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"], { cwd }),
      "initdb",
    );
    const serverOptions = `-p ${port} -k '${tempDir}' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    const start = pgTool(binDir, "pg_ctl", ["-D", dataDir, "-o", serverOptions, "-l", logFile, "-w", "-t", "60", "start"], { cwd });
    started = start.status === 0;
    if (!started) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
      throw new Error(`PostgreSQL did not start:\n${start.stdout ?? ""}${start.stderr ?? ""}${log}`);
    }
    const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    console.log(`PostgreSQL (${path.basename(path.dirname(binDir))}) on port ${port}; running the API suite against it.`);
    return await runVitest(databaseUrl, process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    if (started) {
      const stop = pgTool(binDir, "pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"], { cwd: tempDir });
      if (stop.status !== 0) console.error(`pg_ctl stop failed:\n${stop.stdout ?? ""}${stop.stderr ?? ""}`);
    }
    fs.rmSync(tempDir, { recursive: true, force: true });
    process.off("SIGINT", hold);
    process.off("SIGTERM", hold);
  }
}

process.exitCode = await main();
