/**
 * npm run backup -- [FILE]
 * Writes a backup of the database that DATA_DIR or DATABASE_URL names (as npm start reads them) to FILE,
 * else to a new file in BACKUP_DIR. While a server holds the embedded database, that server writes it
 * (asked through its socket in the data directory); PostgreSQL is read in one snapshot beside its servers.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { backupDirFromEnv, dataDirFromEnv } from "../server/config";
import { openDatabase, type Database } from "../server/db/client";
import { lockHolder } from "../server/db/lock";
import { commandReply, commandSocketPath, type CommandBackupReply } from "../server/modules/backups/command-socket";
import { APP_VERSION, recordCommandBackup, unusedFile } from "../server/modules/backups/service";
import { writeBackupFile } from "../server/modules/backups/write";
import { ROOT_DIR } from "../server/paths";

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length > 1) {
  console.error("Usage: npm run backup -- [FILE]");
  process.exit(2);
}
const backupDir = backupDirFromEnv(process.env, ROOT_DIR);
// npm runs scripts in the project's folder: a relative FILE means where the command was typed.
const file = positionals[0] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]) : unusedFile(backupDir, new Date());
const target = { file, inBackupDir: path.dirname(file) === backupDir };

function askServer(socket: string): Promise<CommandBackupReply> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: socket, path: "/backup", method: "POST", headers: { "content-type": "application/json" } }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += String(chunk)));
      response.on("end", () => {
        const body = JSON.parse(text) as CommandBackupReply & { error?: string };
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(`the server could not write the backup: ${body.error}`));
      });
    });
    request.on("error", (error) => reject(new Error(`the server holding the data directory did not answer on ${socket} (${error.message})`)));
    request.end(JSON.stringify({ file }));
  });
}

async function backUpDirectly(database: Database, shared: boolean): Promise<CommandBackupReply> {
  const written = await writeBackupFile(database, file, { shared, source: { appVersion: APP_VERSION, now: new Date() } });
  await recordCommandBackup(database.db, target, written);
  return commandReply(file, written);
}

async function backUp(): Promise<CommandBackupReply> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl, migrate: false });
    try {
      // Other servers may be writing: one read-only snapshot (snapshot.ts).
      return await backUpDirectly(database, true);
    } finally {
      await database.close();
    }
  }
  const dataDir = dataDirFromEnv(process.env, ROOT_DIR);
  if (!fs.existsSync(path.join(dataDir, "pgdata"))) throw new Error(`there is no database in ${dataDir} (set DATA_DIR or DATABASE_URL as for npm start)`);
  const holder = lockHolder(dataDir);
  if (holder !== null) return askServer(commandSocketPath(dataDir));
  const database = await openDatabase({ dataDir, migrate: false });
  try {
    return await backUpDirectly(database, false);
  } finally {
    await database.close();
  }
}

try {
  const made = await backUp();
  const size = new Intl.NumberFormat("en").format(made.size_bytes);
  console.log(`Backup written to ${made.file}: ${size} bytes, ${made.rows} rows in ${made.tables} tables (schema ${made.migration ?? "unknown"}).`);
  console.log("Keep the app.key of the data directory (or your APP_KEY) apart from it: README, Backups.");
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
