/**
 * The migrations on disk against those the database records as applied
 * (drizzle's own table). The server applies them at start, so one pending
 * means the code was updated under a running server; one the journal does
 * not know means a newer Paydesk migrated this database.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { MIGRATIONS_FOLDER, type Db } from "../../../db/client";
import { fact, rowsOf, verdict, when, type Outcome } from "./outcome";

interface JournalEntry {
  tag: string;
  when: number;
}

export async function checkMigrations(db: Db, folder: string = MIGRATIONS_FOLDER): Promise<Outcome> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  // Drizzle's own reading of the files (one per journal entry, in its order): the hash it recorded when applying each.
  const files = readMigrationFiles({ migrationsFolder: folder }).map((file, index) => ({ ...file, tag: journal.entries[index].tag }));
  const applied = await rowsOf<{ hash: string; created_at: number }>(db, sql`select hash, created_at::float8 as created_at from drizzle.__drizzle_migrations order by created_at`);

  const byTime = new Map(files.map((file) => [file.folderMillis, file]));
  const lastApplied = Math.max(0, ...applied.map((row) => Number(row.created_at)));
  // Drizzle's rule: a migration runs when it is newer than the last one applied.
  const pending = files.filter((file) => file.folderMillis > lastApplied).length;
  const unknown = applied.filter((row) => !byTime.has(Number(row.created_at))).length;
  const changed = applied.filter((row) => byTime.has(Number(row.created_at)) && byTime.get(Number(row.created_at))!.hash !== row.hash).length;
  const latest = byTime.get(lastApplied)?.tag;

  return verdict(
    [
      fact.count("applied", applied.length),
      fact.count("onDisk", files.length),
      fact.count("pending", pending),
      ...(latest ? [fact.text("latest", latest)] : []),
      ...(unknown > 0 ? [fact.count("unknown", unknown)] : []),
      ...(changed > 0 ? [fact.count("changed", changed)] : []),
    ],
    [when(pending > 0, "fail", "migrationsPending"), when(unknown > 0, "fail", "migrationsUnknown"), when(changed > 0, "warn", "migrationsChanged")],
  );
}
