/**
 * A throwaway PostgreSQL cluster for tests and the bench: initdb in a
 * temporary directory, started on a free loopback port (fsync off), stopped
 * and removed by `stop()`. initdb refuses to run as root: as root, initdb and
 * pg_ctl run as the `postgres` user through `runuser`, and the directory is
 * handed to it. PG_BIN may name the directory holding initdb and pg_ctl.
 */
import { execFileSync, spawnSync, type SpawnSyncOptions } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const PG_USER = "postgres";
const isRoot = process.getuid?.() === 0;

/** The newest PostgreSQL's tools, or null when none is installed. */
export function findBinDir(): string | null {
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
  return found ?? null;
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

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** The PostgreSQL version directory's name ("15"). */
  version: string;
  /** Stops the server and removes its directory; safe to call twice. */
  stop(): void;
}

export async function startCluster(): Promise<Cluster> {
  const binDir = findBinDir();
  if (!binDir) throw new Error("No PostgreSQL found: expected initdb and pg_ctl under /usr/lib/postgresql/*/bin (or set PG_BIN).");
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-pg-"));
  const dataDir = path.join(tempDir, "data");
  const logFile = path.join(tempDir, "postgres.log");
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started) {
      const result = pgTool(binDir, "pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"], { cwd: tempDir });
      if (result.status !== 0) console.error(`pg_ctl stop failed:\n${result.stdout ?? ""}${result.stderr ?? ""}`);
    }
    fs.rmSync(tempDir, { recursive: true, force: true });
  };
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
    check(pgTool(binDir, "initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"], { cwd }), "initdb");
    const serverOptions = `-p ${port} -k '${tempDir}' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    const start = pgTool(binDir, "pg_ctl", ["-D", dataDir, "-o", serverOptions, "-l", logFile, "-w", "-t", "60", "start"], { cwd });
    started = start.status === 0;
    if (!started) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
      throw new Error(`PostgreSQL did not start:\n${start.stdout ?? ""}${start.stderr ?? ""}${log}`);
    }
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version: path.basename(path.dirname(binDir)), stop };
  } catch (error) {
    stop();
    throw error;
  }
}
