/**
 * The system check (/settings-test, level 0): each part of the installation
 * tried for real (the database, its migrations, the clocks and zones, file
 * storage, signed links, the job queue, mail) and said as pass, warn or fail,
 * with the figures it read and, when not passing, what to do. Figures travel
 * raw (bytes, milliseconds, ISO times): the app words and formats them.
 */
import { z } from "zod";
import { isoTimestamp } from "./replies";

/** Every check, in the order the page shows them. */
export const SYSTEM_CHECKS = ["database", "databaseSize", "migrations", "server", "timeZone", "files", "signedLinks", "jobs", "mail", "backups"] as const;
export type SystemCheckKey = (typeof SYSTEM_CHECKS)[number];

export const CHECK_STATUSES = ["pass", "warn", "fail"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The figures a check shows, each labelled by `systemCheck.facts.<name>`. */
export const CHECK_FACTS = [
  "engine",
  "embedded",
  "roundTrip",
  "size",
  "applied",
  "onDisk",
  "pending",
  "latest",
  "changed",
  "unknown",
  "version",
  "node",
  "uptime",
  "startedAt",
  "serverZone",
  "companyZone",
  "databaseZone",
  "clockOffset",
  "storedFiles",
  "storedSize",
  "probeSize",
  "linkLifetime",
  "keyLength",
  "workerStarted",
  "due",
  "scheduled",
  "running",
  "interrupted",
  "failedLastDay",
  "oldestWait",
  "smtpServer",
  "mailFrom",
  "waiting",
  "retrying",
  "failed",
  "lastError",
  "lastBackup",
  "lastBackupSize",
  "dailyBackup",
  "nextBackup",
  "backupDirectory",
  "error",
] as const;
export type CheckFactName = (typeof CHECK_FACTS)[number];

/** What to do when a check does not pass: keys of `systemCheck.advice`. */
export const CHECK_ADVICE = [
  "checkError",
  "databaseLarge",
  "migrationsPending",
  "migrationsUnknown",
  "migrationsChanged",
  "nodeTooOld",
  "companyZoneInvalid",
  "clockOff",
  "filesBroken",
  "signedLinksBroken",
  "appKeyShort",
  "jobsStale",
  "jobsSlow",
  "jobsInterrupted",
  "jobsFailed",
  "workerStopped",
  "smtpUnreachable",
  "mailRetrying",
  "backupDirUnwritable",
  "backupFailed",
  "backupOld",
] as const;
export type CheckAdvice = (typeof CHECK_ADVICE)[number];

/** Worth knowing on a pass (the server's zone is not the company's, mail stays in the outbox): keys of `systemCheck.notes`. */
export const CHECK_NOTES = ["zonesDiffer", "outboxOnly"] as const;
export type CheckNote = (typeof CHECK_NOTES)[number];

const name = z.enum(CHECK_FACTS);

/** One figure and what it measures, so the app can format it: bytes as file sizes, durations in milliseconds. */
const checkFact = z.discriminatedUnion("kind", [
  z.object({ name, kind: z.literal("text"), value: z.string() }),
  z.object({ name, kind: z.literal("count"), value: z.number().int() }),
  z.object({ name, kind: z.literal("bytes"), value: z.number().int().nonnegative() }),
  z.object({ name, kind: z.literal("duration"), value: z.number().meta({ description: "Milliseconds; negative for a clock behind" }) }),
  z.object({ name, kind: z.literal("datetime"), value: isoTimestamp }),
  z.object({ name, kind: z.literal("yesNo"), value: z.boolean() }),
]);
export type CheckFact = z.infer<typeof checkFact>;

const systemCheckResult = z.object({
  key: z.enum(SYSTEM_CHECKS),
  status: z.enum(CHECK_STATUSES),
  facts: z.array(checkFact),
  /** What to do about it, when not passing. */
  advice: z.enum(CHECK_ADVICE).nullable(),
  note: z.enum(CHECK_NOTES).nullable(),
});
export type SystemCheckResult = z.infer<typeof systemCheckResult>;

export const systemCheckReply = z.object({
  /** The worst of the checks. */
  status: z.enum(CHECK_STATUSES),
  checked_at: isoTimestamp,
  checks: z.array(systemCheckResult),
});
export type SystemCheckReply = z.infer<typeof systemCheckReply>;

const MAIL_TRANSPORTS = ["smtp", "outbox"] as const;

/** POST /api/system/check/test-mail: the message to the caller, as far as it got while the request waited. */
export const testMailReply = z.object({
  transport: z.enum(MAIL_TRANSPORTS),
  /** Handed to the SMTP server, or (without SMTP) kept in the outbox and the log: nothing more will happen to it. */
  delivered: z.boolean(),
  to: z.string(),
  /** Its row in the mail outbox (Settings › System settings). */
  outbox_id: z.number().int(),
  /** The SMTP server it went to (host and port, never credentials); null for the outbox. */
  detail: z.string().nullable(),
});
export type TestMailReply = z.infer<typeof testMailReply>;

/** The worst of some statuses: a fail outweighs a warning, a warning a pass. */
export function worstStatus(statuses: readonly CheckStatus[]): CheckStatus {
  return statuses.reduce<CheckStatus>((worst, status) => (CHECK_STATUSES.indexOf(status) > CHECK_STATUSES.indexOf(worst) ? status : worst), "pass");
}
