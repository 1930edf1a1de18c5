/**
 * npm run restore -- FILE [--force]
 * Restores a backup (npm run backup, the daily backup, or one downloaded from the system settings) into
 * the database that DATA_DIR or DATABASE_URL names, as npm start reads them: an empty one, or with
 * --force one whose contents it replaces. Stop the servers first. Newer migrations run after it.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { dataDirFromEnv } from "../server/config";
import { migrateDatabase, openDatabase, type DatabaseOptions } from "../server/db/client";
import { lockHolder } from "../server/db/lock";
import { rowTotal } from "../server/modules/backups/format";
import { restoreBackup, RestoreError } from "../server/modules/backups/restore";
import { ROOT_DIR } from "../server/paths";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
if (positionals.length !== 1) {
  console.error("Usage: npm run restore -- FILE [--force]");
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);

async function restore(): Promise<void> {
  if (!fs.existsSync(file)) throw new RestoreError(`There is no file ${file}.`);
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = dataDirFromEnv(process.env, ROOT_DIR);
  if (!databaseUrl) {
    const holder = lockHolder(dataDir);
    if (holder !== null) throw new RestoreError(`A server (process ${holder}) is using ${dataDir}: stop it first.`);
  }
  const where: DatabaseOptions = databaseUrl ? { databaseUrl } : { dataDir };
  const database = await openDatabase({ ...where, migrate: false });
  try {
    const manifest = await restoreBackup(database, fs.createReadStream(file), { force: values.force });
    await migrateDatabase(database);
    console.log(`Restored ${path.basename(file)}, made ${manifest.created_at} by Paydesk ${manifest.app_version}: ${rowTotal(manifest)} rows in ${manifest.tables.length} tables.`);
  } finally {
    await database.close();
  }
  if (!databaseUrl && !process.env.APP_KEY && !fs.existsSync(path.join(dataDir, "app.key"))) {
    console.log(`No app.key in ${dataDir}: copy the one kept with your backups there before starting (README, Backups). Without it two-factor sign-in and links already sent stop working.`);
  }
}

try {
  await restore();
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
