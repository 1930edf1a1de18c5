/**
 * Writes a database's rows as a backup file's lines (format.ts), from one
 * snapshot: the caller hands in a transaction that sees the database at one
 * instant (snapshot.ts). Rows travel as PostgreSQL writes them in JSON, as
 * text: numbers, timestamps and binary content arrive in the file exactly.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { migrationFiles } from "../../db/migration-files";
import { rowsOf } from "../../lib/sql-rows";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, END_LINE, tableLine, type BackupManifest } from "./format";

/** Rows fetched per round trip: small enough to keep a transaction's memory flat, large enough to stream. */
const ROWS_PER_FETCH = 1000;

/** The schemas Paydesk owns: its tables, and drizzle's record of the migrations applied. */
export const BACKED_UP_SCHEMAS = sql`('public', 'drizzle')`;

export interface DumpSource {
  kind: BackupManifest["database"];
  appVersion: string;
  now: Date;
}

/** Every table of the backed-up schemas, quoted where its name needs it, drizzle's first. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_schema in ${BACKED_UP_SCHEMAS} and table_type = 'BASE TABLE' order by table_schema, table_name`),
  );
  return rows.map((row) => row.name);
}

/** Reads the manifest's facts from the snapshot: what a restore checks the file against. */
async function readManifest(db: Db, source: DumpSource): Promise<BackupManifest> {
  const names = await tableNames(db);
  const tables = [];
  for (const name of names) {
    const [row] = rowsOf<{ rows: number }>(await db.execute(sql`select count(*)::int as rows from ${sql.raw(name)}`));
    tables.push({ name, rows: Number(row.rows) });
  }
  const sequences = rowsOf<{ name: string; last_value: string | null }>(
    await db.execute(sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value from pg_sequences where schemaname in ${BACKED_UP_SCHEMAS}`),
  );
  const applied = rowsOf<{ hash: string; created_at: string }>(
    await db.execute(sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc`),
  );
  if (applied.length === 0) throw new Error("the database has no migrations applied: nothing to back up");
  const last = { created_at: Number(applied[0].created_at), hash: applied[0].hash };
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    app_version: source.appVersion,
    created_at: source.now.toISOString(),
    database: source.kind,
    migration: { ...last, tag: migrationFiles().find((file) => file.folderMillis === last.created_at)?.tag ?? null, count: applied.length },
    tables,
    sequences: Object.fromEntries(sequences.map((sequence) => [sequence.name, sequence.last_value])),
  };
}

/**
 * Writes the whole file's lines through `write` (which waits when its
 * stream is full) and returns the manifest. `db` must be a transaction
 * on one snapshot (cursors live in a transaction).
 */
export async function dumpDatabase(db: Db, source: DumpSource, write: (line: string) => Promise<void>, onTable?: (done: number, total: number) => Promise<void>): Promise<BackupManifest> {
  const manifest = await readManifest(db, source);
  await write(JSON.stringify(manifest));
  for (const [index, table] of manifest.tables.entries()) {
    await write(tableLine(table.name));
    await db.execute(sql`declare paydesk_backup no scroll cursor for select row_to_json(t)::text as line from ${sql.raw(table.name)} t`);
    let written = 0;
    for (;;) {
      const rows = rowsOf<{ line: string }>(await db.execute(sql`fetch forward ${sql.raw(String(ROWS_PER_FETCH))} from paydesk_backup`));
      for (const row of rows) await write(row.line);
      written += rows.length;
      if (rows.length < ROWS_PER_FETCH) break;
    }
    await db.execute(sql`close paydesk_backup`);
    // The counts and the rows are read in one snapshot: a difference is a broken snapshot, never a file to keep.
    if (written !== table.rows) throw new Error(`${table.name}: counted ${table.rows} rows but read ${written}`);
    await onTable?.(index + 1, manifest.tables.length);
  }
  await write(END_LINE);
  return manifest;
}
