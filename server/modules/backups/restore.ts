/**
 * Restores a backup file (format.ts) into an empty database, in one
 * transaction: the schema is built by this version's own migrations up to
 * the backup's (so an older backup gets the schema it was taken with), the
 * rows go in as they were, the ids' sequences continue where they stood,
 * and every table's count is checked against the manifest. A failure leaves
 * the database as it was. Opening it afterwards runs the newer migrations.
 */
import readline from "node:readline";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { migrationFiles, type MigrationFile } from "../../db/migration-files";
import { errorText } from "../../lib/errors";
import { rowsOf } from "../../lib/sql-rows";
import { BACKED_UP_SCHEMAS, tableNames } from "./dump";
import { END_LINE, manifestSchema, tableLine, type BackupManifest } from "./format";

/** Rows per insert, and the most text one insert carries: big enough to be quick, small enough for one statement. */
const ROWS_PER_INSERT = 1000;
const TEXT_PER_INSERT = 4 * 1024 * 1024;

/** A restore refused or failed for a reason the operator can act on. */
export class RestoreError extends Error {}

export interface RestoreOptions {
  /** Replace what the database holds (otherwise a database with tables is refused). */
  force: boolean;
  migrationsFolder?: string;
}

type Lines = AsyncIterator<string>;

async function nextLine(lines: Lines, expecting: string): Promise<string> {
  const next = await lines.next();
  if (next.done) throw new RestoreError(`The backup file ends early (expected ${expecting}): it was cut short or damaged.`);
  return next.value;
}

async function readManifest(lines: Lines): Promise<BackupManifest> {
  let first: string;
  try {
    first = await nextLine(lines, "its manifest");
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`This is not a Paydesk backup file (${(error as Error).message}).`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(first);
  } catch {
    throw new RestoreError("This is not a Paydesk backup file: its first line is not a manifest.");
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new RestoreError("This is not a Paydesk backup file, or one of a format this version does not read.");
  return manifest.data;
}

/** This version's migrations up to the backup's: refused when the backup comes from a newer or a different version. */
function migrationsOf(manifest: BackupManifest, folder?: string): MigrationFile[] {
  const files = migrationFiles(folder);
  const upTo = files.filter((file) => file.folderMillis <= manifest.migration.created_at);
  const last = upTo.at(-1);
  const label = manifest.migration.tag ?? String(manifest.migration.created_at);
  if (!last || last.folderMillis !== manifest.migration.created_at) {
    throw new RestoreError(`The backup was made by a newer Paydesk (${manifest.app_version}, migration ${label}): update this installation first, then restore.`);
  }
  if (last.hash !== manifest.migration.hash || upTo.length !== manifest.migration.count) {
    throw new RestoreError(`The backup's schema (migration ${label}) differs from this version's migration of the same name: restore it with the Paydesk version that made it (${manifest.app_version}).`);
  }
  return upTo;
}

async function emptyOrCleared(tx: Db, force: boolean): Promise<void> {
  const existing = await tableNames(tx);
  if (existing.length === 0) return;
  if (!force) throw new RestoreError(`The database is not empty (${existing.length} tables). Restore into an empty one, or add --force to replace everything it holds.`);
  await tx.execute(sql`drop schema if exists drizzle cascade`);
  await tx.execute(sql`drop schema public cascade`);
  await tx.execute(sql`create schema public`);
}

async function buildSchema(tx: Db, migrations: MigrationFile[]): Promise<void> {
  for (const migration of migrations) {
    for (const statement of migration.sql) if (statement.trim() !== "") await tx.execute(sql.raw(statement));
  }
  // Drizzle's own record, as its migrator creates it: the rows come from the backup.
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** Foreign keys come off while rows go in (a table's rows may name rows of one restored after it) and back on after, checked. */
async function dropForeignKeys(tx: Db): Promise<ForeignKey[]> {
  const keys = rowsOf<ForeignKey>(
    await tx.execute(sql`select conrelid::regclass::text as table, quote_ident(conname) as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`),
  );
  for (const key of keys) await tx.execute(sql.raw(`alter table ${key.table} drop constraint ${key.name}`));
  return keys;
}

async function addForeignKey(tx: Db, key: ForeignKey): Promise<void> {
  try {
    await tx.execute(sql.raw(`alter table ${key.table} add constraint ${key.name} ${key.definition}`));
  } catch (error) {
    throw new RestoreError(`The backup file is damaged: rows of ${key.table} name rows it does not hold (${errorText(error)}).`);
  }
}

async function insertableColumns(tx: Db, table: string): Promise<string> {
  const [row] = rowsOf<{ columns: string }>(
    await tx.execute(sql`select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns from information_schema.columns
      where format('%I.%I', table_schema, table_name) = ${table} and is_generated = 'NEVER'`),
  );
  return row.columns;
}

async function loadTable(tx: Db, lines: Lines, table: BackupManifest["tables"][number]): Promise<void> {
  const header = await nextLine(lines, `the rows of ${table.name}`);
  if (header !== tableLine(table.name)) throw new RestoreError(`The backup file is damaged: the rows of ${table.name} are not where its manifest says.`);
  const columns = await insertableColumns(tx, table.name);
  const target = sql.raw(table.name);
  let batch: string[] = [];
  let batchText = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    // The rows stay text from file to database: json_populate_recordset reads each column by its type.
    try {
      await tx.execute(sql`insert into ${target} (${sql.raw(columns)}) select ${sql.raw(columns)} from json_populate_recordset(null::${target}, ${`[${batch.join(",")}]`}::json)`);
    } catch (error) {
      // Rows a backup wrote always go back in: ones that do not were altered since.
      throw new RestoreError(`The backup file is damaged: rows of ${table.name} do not fit its schema (${errorText(error)}).`);
    }
    batch = [];
    batchText = 0;
  };
  for (let read = 0; read < table.rows; read++) {
    const line = await nextLine(lines, `row ${read + 1} of ${table.rows} of ${table.name}`);
    batch.push(line);
    batchText += line.length;
    if (batch.length >= ROWS_PER_INSERT || batchText >= TEXT_PER_INSERT) await flush();
  }
  await flush();
}

async function restoreSequences(tx: Db, sequences: BackupManifest["sequences"]): Promise<void> {
  const known = new Set(rowsOf<{ name: string }>(await tx.execute(sql`select format('%I.%I', schemaname, sequencename) as name from pg_sequences where schemaname in ${BACKED_UP_SCHEMAS}`)).map((row) => row.name));
  for (const [name, last] of Object.entries(sequences)) {
    if (!known.has(name)) throw new RestoreError(`The backup names a sequence this schema does not have (${name}): the file is damaged.`);
    // A sequence never used starts at 1 again; a used one goes on after its last value.
    if (last === null) await tx.execute(sql`select setval(${name}::regclass, 1, false)`);
    else await tx.execute(sql`select setval(${name}::regclass, ${String(last)}::bigint, true)`);
  }
}

async function checkCounts(tx: Db, manifest: BackupManifest): Promise<void> {
  for (const table of manifest.tables) {
    const [row] = rowsOf<{ rows: number }>(await tx.execute(sql`select count(*)::int as rows from ${sql.raw(table.name)}`));
    if (Number(row.rows) !== table.rows) throw new RestoreError(`${table.name} has ${row.rows} rows after the restore, not the ${table.rows} of the backup.`);
  }
}

/** Restores the gzip-compressed backup read from `input`; returns its manifest. */
export async function restoreBackup(database: Database, input: Readable, options: RestoreOptions): Promise<BackupManifest> {
  const gunzip = zlib.createGunzip();
  const lines = readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity })[Symbol.asyncIterator]();
  // A damaged gzip stream fails the reading of the next line, with zlib's reason.
  input.on("error", (error) => gunzip.destroy(error));
  try {
    const manifest = await readManifest(lines);
    const migrations = migrationsOf(manifest, options.migrationsFolder);
    await database.db.transaction(async (tx) => {
      await emptyOrCleared(tx, options.force);
      await buildSchema(tx, migrations);
      const known = new Set(await tableNames(tx));
      const unknown = manifest.tables.find((table) => !known.has(table.name));
      if (unknown) throw new RestoreError(`The backup has a table this schema does not (${unknown.name}): the file is damaged.`);
      // Some migrations write rows of their own (the company profile's first row): the backup's rows replace them.
      await tx.execute(sql.raw(`truncate ${[...known].join(", ")}`));
      const foreignKeys = await dropForeignKeys(tx);
      for (const table of manifest.tables) await loadTable(tx, lines, table);
      if ((await nextLine(lines, "its end")) !== END_LINE) throw new RestoreError("The backup file is damaged: it goes on after its last table.");
      for (const key of foreignKeys) await addForeignKey(tx, key);
      await restoreSequences(tx, manifest.sequences);
      await checkCounts(tx, manifest);
    });
    return manifest;
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR" || code === "ERR_INVALID_ARG_TYPE") throw new RestoreError(`The backup file is damaged or not a backup (${(error as Error).message}).`);
    throw error;
  } finally {
    gunzip.destroy();
  }
}
