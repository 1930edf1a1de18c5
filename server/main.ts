import { buildApp } from "./app";
import { configFromEnv } from "./config";
import { openDatabase } from "./db/client";
import { DEMO_LOGINS, DEMO_ROLE_LOGINS, isEmpty, seedDemo } from "./db/seed";
import { pruneExpiredTokens } from "./modules/auth/sessions";
import { commandSocketPath, openCommandSocket } from "./modules/backups/command-socket";
import { ROOT_DIR } from "./paths";


async function main() {
  const config = configFromEnv(process.env, ROOT_DIR);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  const now = new Date();
  const seeded = config.seedDemo && (await isEmpty(database.db));
  // All or nothing: a start that dies half-way must not leave roles without their people.
  if (seeded) await database.db.transaction((tx) => seedDemo(tx, config.passwordHashing, now));
  await pruneExpiredTokens(database.db, now);

  const app = await buildApp({ database, config, logger: { level: config.logLevel } });
  let closeSocket = async () => {};
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await closeSocket();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // The embedded database is this process's alone: the backup command asks it through this socket.
  if (database.kind === "pglite") closeSocket = await openCommandSocket(app.ctx, commandSocketPath(config.dataDir));
  const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded database in ${config.dataDir}`;
  const lines = [`Paydesk is running at ${config.appUrl} on the ${where}.`];
  if (config.seedDemo) {
    lines.push(seeded ? "Demo company created. Sign in with:" : "Demo logins (unless changed):");
    for (const login of [...DEMO_LOGINS, ...DEMO_ROLE_LOGINS]) lines.push(`  ${login.email.padEnd(24)} ${login.password.padEnd(14)} ${login.label}`);
  }
  if (!config.smtpUrl) lines.push("No SMTP_URL: e-mails are kept in the outbox table and printed in this log.");
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
