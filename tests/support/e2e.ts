import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, BrowserContextOptions, BrowserServer, Page, Request } from "playwright-core";

/**
 * End-to-end support: the real server (`node --import tsx server/main.ts`) as a
 * child process on a fresh embedded database, and headless Debian Chromium
 * driven by playwright-core. No vitest import here: tests/bench/run.ts uses it too.
 */

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The built app the server serves: STATIC_DIR (a build of one's own, `npx vite build --outDir DIR`) or dist/. */
export const DIST_DIR = path.resolve(ROOT_DIR, process.env.STATIC_DIR ?? "dist");

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const MAIL_LOG_MESSAGE = "mail (no SMTP_URL: kept in outbox)";

/** Variables of the caller's environment that would change what the server talks to. */
const ISOLATED_VARIABLES = ["DATABASE_URL", "SMTP_URL", "MAIL_FROM", "APP_KEY", "TRUST_PROXY", "HOST", "PORT", "DATA_DIR", "APP_URL", "SEED_DEMO", "LOG_LEVEL", "BACKUP_DIR"];

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

export interface RunningServer {
  /** http://127.0.0.1:<port>, also the server's APP_URL. */
  url: string;
  port: number;
  dataDir: string;
  /** Milliseconds from spawn to the first successful GET /api/public-config. */
  startupMs: number;
  /** The server process, for the bench's memory figures (/proc/<pid>/status). */
  pid: number;
  /** Every stdout line so far (pino JSON lines and the start-up banner). */
  readonly lines: readonly string[];
  /** Mails the server printed because no SMTP_URL is set, oldest first. */
  mails(): OutboxMail[];
  /** Waits for a printed mail matching the predicate (only those after `afterCount` mails, when given). */
  waitForMail(predicate: (mail: OutboxMail) => boolean, options?: { timeoutMs?: number; afterCount?: number }): Promise<OutboxMail>;
  /** Whether the process runs, or how it ended and what it printed last: for a failure's message. */
  state(): string;
  /** SIGTERM, waits for the exit, then removes the data directory unless it was handed in. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Reuse this data directory (it is then kept on stop); a fresh temporary one otherwise. */
  dataDir?: string;
  /**
   * Start on a copy (made in the data directory) of this stopped server's data directory instead of
   * an empty one: the server then skips the first start's migrations and seed.
   */
  copyOf?: string;
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /** How node starts it: the sources through tsx (the default; JOB_MODULES may then name .ts files), or `["scripts/start.mjs"]` as `npm start` does. */
  command?: string[];
}

/** The built app must exist: `npm run test:e2e` and `npm run bench` build it first. */
export function assertAppBuilt(): void {
  const indexHtml = path.join(DIST_DIR, "index.html");
  if (!fs.existsSync(indexHtml)) {
    throw new Error(`${indexHtml} is missing: build the app first (npx vite build, or run npm run test:e2e / npm run bench, which build it).`);
  }
}

/** A port nobody listens on right now, on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("could not find a free port"))));
    });
  });
}

export function makeTempDataDir(): Promise<string> {
  return fs.promises.mkdtemp(path.join(os.tmpdir(), "paydesk-e2e-"));
}

/**
 * Last resort when the test runner or the bench exits without stopping a server
 * (a crash, a forgotten stop): kill the children and remove their temporary directories.
 */
const leftovers = new Map<ChildProcess, string | null>();
process.once("exit", () => {
  for (const [child, dir] of leftovers) {
    if (!exited(child)) child.kill("SIGKILL");
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off("exit", onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once("exit", onExit);
  });
}

function parseMail(line: string): OutboxMail | null {
  if (!line.startsWith("{") || !line.includes(MAIL_LOG_MESSAGE)) return null;
  try {
    const entry = JSON.parse(line) as { msg?: string; mail?: { to?: string; subject?: string; text?: string } };
    if (entry.msg !== MAIL_LOG_MESSAGE || !entry.mail) return null;
    return { to: entry.mail.to ?? "", subject: entry.mail.subject ?? "", text: entry.mail.text ?? "" };
  } catch {
    return null;
  }
}

/** How often a start is tried again when another process took the free port before the server could listen on it. */
const PORT_ATTEMPTS = 3;

class PortTaken extends Error {}

/**
 * Starts the real server on a free loopback port and waits until it says it
 * listens there and the API answers. The port is free when picked, but the
 * server needs seconds to start: another process may bind it meanwhile, and
 * then the server exits with EADDRINUSE (a start on a fresh port follows)
 * while someone else answers that address, so the readiness check waits for
 * this child's own banner naming the address, never for any answer.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  assertAppBuilt();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await makeTempDataDir());
  if (options.copyOf) {
    await fs.promises.cp(options.copyOf, dataDir, { recursive: true }).catch(async (error: unknown) => {
      if (ownsDataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
      throw error;
    });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(options, dataDir, ownsDataDir);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === PORT_ATTEMPTS) {
        if (ownsDataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

async function launch(options: StartServerOptions, dataDir: string, ownsDataDir: boolean): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ISOLATED_VARIABLES) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // Backups of a test server stay in its own directory, never in the checkout's ./backups.
    BACKUP_DIR: path.join(dataDir, "backups"),
    APP_URL: url,
    LOG_LEVEL: "info",
    SEED_DEMO: "1",
    ...options.env,
  });

  const lines: string[] = [];
  const stderr: string[] = [];
  const mails: OutboxMail[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, options.command ?? ["--import", "tsx", "server/main.ts"], { cwd: ROOT_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
  leftovers.set(child, ownsDataDir ? dataDir : null);

  const collect = (sink: string[], onLine?: (line: string) => void) => {
    let rest = "";
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) {
        sink.push(line);
        onLine?.(line);
      }
    };
  };
  const banner = `Paydesk is running at ${url} `;
  let listening = false;
  child.stdout!.on(
    "data",
    collect(lines, (line) => {
      if (line.startsWith(banner)) listening = true;
      const mail = parseMail(line);
      if (mail) mails.push(mail);
    }),
  );
  child.stderr!.on("data", collect(stderr));
  const lastOutput = () => [...lines, ...stderr].slice(-40).join("\n");

  let stopping: Promise<void> | null = null;
  const cleanUp = async () => {
    if (!exited(child)) {
      child.kill("SIGTERM");
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill("SIGKILL");
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
    if (ownsDataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
    leftovers.delete(child);
  };

  let startupMs = 0;
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (exited(child)) {
        // The output may still be on its way after the exit.
        if (!child.stdout!.closed || !child.stderr!.closed) await new Promise((resolve) => child.once("close", resolve));
        const output = lastOutput();
        if (output.includes("EADDRINUSE")) throw new PortTaken(`port ${port} was taken before the server listened on it`);
        throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}) before answering:\n${output}`);
      }
      if (listening) {
        try {
          const response = await fetch(`${url}/api/public-config`, { signal: AbortSignal.timeout(2_000) });
          if (response.ok) {
            await response.arrayBuffer();
            startupMs = performance.now() - started;
            break;
          }
        } catch {
          // Listening, but not answering yet.
        }
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer ${url}/api/public-config within ${READY_TIMEOUT_MS} ms:\n${lastOutput()}`);
      await sleep(25);
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }

  return {
    url,
    port,
    dataDir,
    startupMs,
    pid: child.pid!,
    lines,
    mails: () => [...mails],
    async waitForMail(predicate, { timeoutMs = 15_000, afterCount = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(afterCount).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no matching mail within ${timeoutMs} ms; printed mails: ${JSON.stringify(mails.map((mail) => ({ to: mail.to, subject: mail.subject })))}`);
        }
        await sleep(100);
      }
    },
    state() {
      if (!exited(child)) return `the server (pid ${child.pid}) is running`;
      return `the server exited (code ${child.exitCode}, signal ${child.signalCode})${stopping ? " when stopped" : ""}; its last output:\n${lastOutput()}`;
    },
    stop() {
      stopping ??= cleanUp();
      return stopping;
    },
  };
}

/** The first link to the app's reset screen in a mail's text. */
export function resetLinkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in the mail "${mail.subject}":\n${mail.text}`);
  return link;
}

/** Signs in through the API and returns the bearer token. */
export async function apiToken(server: RunningServer, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  }).catch((error: unknown) => {
    throw new Error(`sign-in of ${email} could not reach ${server.url}: ${(error as Error).message}; ${server.state()}`, { cause: error });
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !body.token) throw new Error(`sign-in of ${email} failed (${response.status}): ${JSON.stringify(body)}`);
  return body.token;
}

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Headless Debian Chromium, a fresh context per test: the one `wsEndpoint` names (see
 * launchBrowserServer) when given, else a browser of the caller's own.
 */
export async function launchBrowser(wsEndpoint?: string): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  if (wsEndpoint) return chromium.connect(wsEndpoint);
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** One headless Chromium that several test files connect to (launchBrowser(wsEndpoint)), instead of one each. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  const { chromium } = await import("playwright-core");
  assertChromium();
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

function assertChromium(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium package.`);
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Errors thrown in the page, for a failing test's message. */
  pageErrors: string[];
  /** The page's API calls, "METHOD /api/path -> status" (or "-> failed", "-> pending"), for a failing test's message. */
  apiCalls: () => string[];
}

/** A fresh context (own storage, English, 1280 × 800 unless options say otherwise) with one page on the server's origin. */
export async function newSession(browser: Browser, server: RunningServer, options: BrowserContextOptions = {}): Promise<BrowserSession> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: "en-US",
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
    ...options,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const calls = new Map<Request, string>();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith("/api/");
  const named = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;
  page.on("request", (request) => isApi(request) && calls.set(request, `${named(request)} -> pending`));
  page.on("requestfailed", (request) => isApi(request) && calls.set(request, `${named(request)} -> failed (${request.failure()?.errorText})`));
  page.on("response", (response) => isApi(response.request()) && calls.set(response.request(), `${named(response.request())} -> ${response.status()}`));
  return { context, page, pageErrors, apiCalls: () => [...calls.values()] };
}
