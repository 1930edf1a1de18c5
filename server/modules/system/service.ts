/**
 * The system check: every check run side by side, each able to fail on its
 * own (a check that throws is a failed check showing the error, never a
 * failed request), in the contract's order, with the worst as the verdict.
 */
import { SYSTEM_CHECKS, worstStatus, type SystemCheckKey, type SystemCheckReply, type SystemCheckResult } from "../../../contracts/system-check";
import type { AppContext } from "../../lib/context";
import { systemClock, type Clock } from "../../lib/clock";
import { checkBackups } from "./checks/backups";
import { checkDatabase, checkDatabaseSize, readEngine } from "./checks/database";
import { checkFiles } from "./checks/files";
import { checkJobs } from "./checks/jobs";
import { checkMail, verifySmtp } from "./checks/mail";
import { checkMigrations } from "./checks/migrations";
import { MIGRATIONS_FOLDER } from "../../db/client";
import { fact, type Outcome } from "./checks/outcome";
import { checkServer } from "./checks/server-process";
import { checkSignedLinks } from "./checks/signed-links";
import { checkTimeZone } from "./checks/time-zone";
import { errorText } from "../../lib/errors";

/** What the checks read besides the app's context: given so a test can hand in a broken one. */
interface CheckOptions {
  /** Whether this process's job worker was started (and not stopped since); the app's own by default. */
  workerStarted?: () => boolean;
  /** The machine's own clock, which the database's is compared with (ctx.clock is the app's, which tests move). */
  machineClock?: Clock;
  migrationsFolder?: string;
  verifySmtp?: (url: string) => Promise<void>;
}

export async function runSystemCheck(ctx: AppContext, options: CheckOptions = {}): Promise<SystemCheckReply> {
  const { machineClock = systemClock, migrationsFolder = MIGRATIONS_FOLDER } = options;
  const now = ctx.clock.now();
  const engine = readEngine(ctx.db);
  const checks: Record<SystemCheckKey, () => Promise<Outcome> | Outcome> = {
    database: async () => checkDatabase(await engine),
    databaseSize: async () => checkDatabaseSize(ctx.db, await engine),
    migrations: () => checkMigrations(ctx.db, migrationsFolder),
    server: () => checkServer(machineClock.now()),
    timeZone: () => checkTimeZone(ctx.db, machineClock),
    files: () => checkFiles(ctx.db, now),
    signedLinks: () => checkSignedLinks(ctx.config.appKey, now),
    jobs: () => checkJobs(ctx.db, (options.workerStarted ?? ctx.jobs.running)()),
    mail: () => checkMail(ctx.db, { smtpUrl: ctx.config.smtpUrl, from: ctx.config.mailFrom }, options.verifySmtp ?? verifySmtp),
    backups: () => checkBackups(ctx),
  };
  const results = await Promise.all(
    SYSTEM_CHECKS.map(async (key): Promise<SystemCheckResult> => {
      try {
        return { key, ...(await checks[key]()) };
      } catch (error) {
        ctx.log.warn({ err: error, check: key }, "system check failed to run");
        return { key, status: "fail", facts: [fact.text("error", errorText(error))], advice: "checkError", note: null };
      }
    }),
  );
  return { status: worstStatus(results.map((result) => result.status)), checked_at: now.toISOString(), checks: results };
}
