import fs from "node:fs";
import path from "node:path";
import { readMigrationFiles, type MigrationMeta } from "drizzle-orm/migrator";
import { MIGRATIONS_FOLDER } from "../paths";

export interface MigrationFile extends MigrationMeta {
  /** The file's name without .sql, as the journal lists it. */
  tag: string;
}

/** The migrations on disk in drizzle's order, each with the hash drizzle records when it applies one. */
export function migrationFiles(folder: string = MIGRATIONS_FOLDER): MigrationFile[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  return readMigrationFiles({ migrationsFolder: folder }).map((file, index) => ({ ...file, tag: journal.entries[index].tag }));
}
