/**
 * The migrations on disk against those the database records as applied
 * (drizzle's own table). The server applies them at start, so one pending
 * means the code was updated under a running server; one the journal does
 * not know means a newer Paydesk migrated this database.
 */
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, type Db } from "../../../db/client";
import { migrationFiles } from "../../../db/migration-files";
import { fact, rowsOf, verdict, when, type Outcome } from "./outcome";

export async function checkMigrations(db: Db, folder: string = MIGRATIONS_FOLDER): Promise<Outcome> {
  const files = migrationFiles(folder);
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
