import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** Where the daily and the app's own backups go (BACKUP_DIR); null: no scheduled backups (tests). */
  backupDir: string | null;
  appUrl: string;
  appKey: string;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  /** Built single-page app to serve; null serves the API only. */
  staticDir: string | null;
  /** argon2id cost: tests lower it, production keeps the library's defaults. */
  passwordHashing: { memoryCost: number; timeCost: number };
  session: { hours: number; rememberDays: number };
  /** How long a resolved token is reused without a query (embedded database only). */
  sessionCacheSeconds: number;
  throttle: {
    windowMinutes: number;
    /** Failed sign-ins for one account from one address. */
    loginPerAccountAndAddress: number;
    /** Failed sign-ins for one account from anywhere: the bar against guessing from many addresses. */
    loginPerAccount: number;
    /** Failed sign-ins from one address, any account. */
    loginPerAddress: number;
    /**
     * Failed sign-ins from a device holding a valid device cookie for the account: such a
     * device is judged by these alone, not by the account's and addresses' counters above.
     */
    loginPerDevice: number;
    forgotPerAddress: number;
    /** Reset requests for one e-mail address: stops flooding one mailbox. */
    forgotPerAccount: number;
  };
  logLevel: string;
  jobs: {
    /** How often an idle worker looks for due jobs; work queued in this process starts at once. */
    pollMs: number;
    /** How long a claimed job stays its worker's without a renewal: after a crash, the wait before another worker takes it. */
    leaseMs: number;
    /** Delay before the first retry; each further one waits twice as long (capped at an hour). */
    retryBaseMs: number;
    /** Jobs one process runs at a time. */
    concurrency: number;
    /** On shutdown, how long running jobs may take to finish; the rest are retried after the restart. */
    stopWaitMs: number;
    /** Modules whose default export adds job kinds (JOB_MODULES): a registration hook, used by the restart test. */
    modules: string[];
  };
  /** Reverse proxies in front of the server (TRUST_PROXY): their X-Forwarded-For tells the client's address. */
  trustProxyHops: number;
}

export const DEFAULT_CONFIG: Omit<Config, "dataDir" | "appKey" | "appUrl"> = {
  port: 3000,
  host: "0.0.0.0",
  mailFrom: "Paydesk <no-reply@paydesk.local>",
  seedDemo: true,
  staticDir: null,
  backupDir: null,
  passwordHashing: { memoryCost: 19456, timeCost: 2 },
  session: { hours: 12, rememberDays: 30 },
  sessionCacheSeconds: 10,
  throttle: { windowMinutes: 15, loginPerAccountAndAddress: 5, loginPerAccount: 50, loginPerAddress: 30, loginPerDevice: 5, forgotPerAddress: 5, forgotPerAccount: 3 },
  logLevel: "info",
  jobs: { pollMs: 2000, leaseMs: 30_000, retryBaseMs: 30_000, concurrency: 2, stopWaitMs: 10_000, modules: [] },
  trustProxyHops: 0,
};

/** The embedded database's directory (DATA_DIR, by default data/ in the project). */
export const dataDirFromEnv = (env: NodeJS.ProcessEnv, rootDir: string): string => path.resolve(rootDir, env.DATA_DIR ?? "data");

/** Where backups go unless told otherwise (BACKUP_DIR, by default backups/ in the project). */
export const backupDirFromEnv = (env: NodeJS.ProcessEnv, rootDir: string): string => path.resolve(rootDir, env.BACKUP_DIR ?? "backups");

/** Reads the environment; APP_KEY is generated once and kept in the data directory. */
export function configFromEnv(env: NodeJS.ProcessEnv, rootDir: string): Config {
  const port = Number(env.PORT ?? DEFAULT_CONFIG.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}".`);
  const dataDir = dataDirFromEnv(env, rootDir);
  return {
    ...DEFAULT_CONFIG,
    port,
    host: env.HOST ?? DEFAULT_CONFIG.host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    backupDir: backupDirFromEnv(env, rootDir),
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    appKey: env.APP_KEY || storedAppKey(dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? DEFAULT_CONFIG.mailFrom,
    seedDemo: env.SEED_DEMO !== "0" && env.SEED_DEMO !== "false",
    staticDir: path.resolve(rootDir, env.STATIC_DIR ?? "dist"),
    logLevel: env.LOG_LEVEL ?? DEFAULT_CONFIG.logLevel,
    jobs: {
      ...DEFAULT_CONFIG.jobs,
      pollMs: positiveMs("JOBS_POLL_MS", env.JOBS_POLL_MS) ?? DEFAULT_CONFIG.jobs.pollMs,
      modules: (env.JOB_MODULES ?? "").split(",").filter((entry) => entry.trim() !== "").map((entry) => path.resolve(rootDir, entry.trim())),
    },
    trustProxyHops: proxyHops(env.TRUST_PROXY),
  };
}

function positiveMs(name: string, value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`${name} must be a whole number of milliseconds, got "${value}".`);
  return ms;
}

function proxyHops(value: string | undefined): number {
  if (!value) return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0) throw new Error(`TRUST_PROXY must be the number of proxies in front of the server, got "${value}".`);
  return hops;
}

function storedAppKey(dataDir: string): string {
  const file = path.join(dataDir, "app.key");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}
