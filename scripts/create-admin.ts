/**
 * npm run create-admin -- --email E --password P [--name N]
 * Creates a super administrator: the first account of a company started with SEED_DEMO=0.
 * Stop the server first when it uses the embedded database (the data directory is locked).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { emailAddress, requiredText } from "../contracts/validation";
import { passwordProblems } from "../contracts/password";
import { ACCESS_LEVEL } from "../contracts/permissions";
import { configFromEnv } from "../server/config";
import { openDatabase } from "../server/db/client";
import { recordActivity } from "../server/lib/audit";
import { HttpError } from "../server/lib/errors";
import { translator } from "../server/lib/i18n";
import { createUserRecord } from "../server/modules/users/service";

const t = translator("en");

/** "Ada Lovelace" → first "Ada", last "Lovelace"; one word is a first name. */
function splitName(name: string): { first_name: string; last_name: string } {
  const [first, ...rest] = name.split(/\s+/);
  return { first_name: first, last_name: rest.join(" ") };
}
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });

const email = emailAddress.safeParse(values.email ?? "");
const name = requiredText(120).safeParse(values.name ?? "Administrator");
const problems = passwordProblems(values.password ?? "");
const messages = [
  ...(email.success ? [] : [`--email: ${t(email.error.issues[0].message)}`]),
  ...(name.success ? [] : [`--name: ${t(name.error.issues[0].message)}`]),
  ...problems.map((rule) => `--password: ${t(rule.key, rule.params)}`),
];
if (messages.length > 0 || !email.success || !name.success) {
  console.error(["Usage: npm run create-admin -- --email E --password P [--name N]", ...messages].join("\n"));
  process.exit(2);
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const config = configFromEnv(process.env, rootDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
try {
  const now = new Date();
  const user = await createUserRecord(
    database.db,
    { ...splitName(name.data), email: email.data, password: values.password!, access_level: ACCESS_LEVEL.SUPER_ADMIN, role_id: null },
    config.passwordHashing,
    now,
  );
  await recordActivity(database.db, { actorId: null, action: "user.created_by_cli", subjectType: "user", subjectId: user.id, changes: { email: user.email, access_level: 0 }, at: now });
  console.log(`Administrator ${user.email} created. Sign in at ${config.appUrl}/login.`);
} catch (error) {
  console.error(error instanceof HttpError ? t(error.messageKey, error.params) : (error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
