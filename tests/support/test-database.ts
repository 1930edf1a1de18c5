import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { databaseUrl, withAdminClient } from "./postgres-admin";

export interface TestDatabase extends Database {
  /** Closes the database and removes it. */
  dispose(): Promise<void>;
}

/**
 * A database of the test file's own: a copy of the run's migrated template
 * (database-templates.ts), empty or holding the demo company as seedTestCompany
 * makes it. In-memory PGlite by default; a new database on the PostgreSQL server
 * when TEST_DATABASE_URL is set (CI runs both).
 */
type Template = "empty" | "seeded";

export async function openTestDatabase(template: Template): Promise<TestDatabase> {
  const templates = inject("databaseTemplates");
  if (!templates) throw new Error("no template databases: the API project's globalSetup (tests/support/database-templates.ts) makes them");
  if (templates.kind === "pglite") return pgliteDatabase(template, template === "empty" ? templates.emptyTarball : templates.seededTarball);
  const { adminUrl } = templates;
  const name = `paydesk_test_${crypto.randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${templates[template]}`));
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name) });
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await withAdminClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name}`));
    },
  };
}

const snapshots = new Map<string, Blob>();
/** A template tarball, read from disk once per worker however many databases its files open. */
function snapshotFile(file: string): Blob {
  let snapshot = snapshots.get(file);
  if (!snapshot) {
    snapshot = new Blob([fs.readFileSync(file)]);
    snapshots.set(file, snapshot);
  }
  return snapshot;
}

/**
 * Embedded databases of this worker that no file holds now, by template.
 * Unpacking a template and starting PostgreSQL in it costs about 0.7 s; a
 * database a file has finished with is put back to its template's rows in a
 * few milliseconds instead, so each worker unpacks a template once per
 * database a file holds at the same time.
 */
const idle: Record<Template, ReusableDatabase[]> = { empty: [], seeded: [] };

interface ReusableDatabase {
  database: Database;
  /** Puts every table's rows and every sequence back as they were in the template. */
  restore(): Promise<void>;
}

async function pgliteDatabase(template: Template, tarball: string): Promise<TestDatabase> {
  let reusable = idle[template].pop();
  if (reusable) await reusable.restore();
  else reusable = await openReusable(tarball);
  const held = reusable;
  let released = false;
  return {
    ...held.database,
    dispose: async () => {
      if (released) return;
      released = true;
      idle[template].push(held);
    },
  };
}

/** Opens a copy of a template and keeps its rows and sequences aside, with one function that puts them back. */
async function openReusable(tarball: string): Promise<ReusableDatabase> {
  const database = await openDatabase({ snapshot: snapshotFile(tarball) });
  const { db } = database;
  const rows = <T>(query: string) => db.execute(sql.raw(query)).then((result) => (result as unknown as { rows: T[] }).rows);
  const tables = await rows<{ name: string; columns: string }>(`
    select c.table_name as name, string_agg(quote_ident(c.column_name), ', ' order by c.ordinal_position) as columns
    from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    group by c.table_name`);
  const sequences = await rows<{ name: string; last_value: string | null }>(`select quote_ident(sequencename) as name, last_value from pg_sequences where schemaname = 'public'`);
  await db.execute(sql.raw(`create schema ${KEPT}`));
  for (const table of tables) await db.execute(sql.raw(`create table ${KEPT}.${quoteIdent(table.name)} as select ${table.columns} from public.${quoteIdent(table.name)}`));
  const body = [
    // Rows go back table by table: foreign keys are checked by triggers, off for this transaction.
    `perform set_config('session_replication_role', 'replica', true);`,
    tables.length ? `truncate ${tables.map((table) => `public.${quoteIdent(table.name)}`).join(", ")};` : "",
    ...tables.map((table) => `insert into public.${quoteIdent(table.name)} (${table.columns}) select ${table.columns} from ${KEPT}.${quoteIdent(table.name)};`),
    ...sequences.map((sequence) =>
      sequence.last_value === null ? `perform setval('public.${sequence.name}', 1, false);` : `perform setval('public.${sequence.name}', ${sequence.last_value}, true);`,
    ),
  ].join("\n");
  await db.execute(sql.raw(`create function ${KEPT}.restore() returns void language plpgsql as $restore$ begin ${body} end $restore$`));
  return { database, restore: () => db.execute(sql.raw(`select ${KEPT}.restore()`)).then(() => undefined) };
}

/** The schema holding a reusable database's template rows; no migration creates one of this name. */
const KEPT = "test_template_rows";
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A database with nothing in it, not even the schema (what a restore starts
 * from): a new in-memory embedded one, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL.
 */
export async function openBlankDatabase(): Promise<TestDatabase> {
  const templates = inject("databaseTemplates");
  if (!templates || templates.kind === "pglite") {
    // A copy of a blank data directory made once per run: PostgreSQL's initdb for each was a second or more.
    const database = await openDatabase({ migrate: false, snapshot: templates && snapshotFile(templates.blankTarball) });
    return { ...database, dispose: () => database.close() };
  }
  const { adminUrl } = templates;
  const name = `paydesk_blank_${crypto.randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE template0`));
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), migrate: false });
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await withAdminClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name}`));
    },
  };
}
