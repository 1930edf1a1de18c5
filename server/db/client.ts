import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { MIGRATIONS_FOLDER } from "../paths";
import * as schema from "./schema";
import { lockDataDirectory } from "./lock";
import { readDriverTextTypesOnce } from "./pglite-parsers";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Embedded only: the whole data directory as an uncompressed tarball, for `openDatabase({ snapshot })`. */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

export { MIGRATIONS_FOLDER };

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise the embedded database. */
  databaseUrl?: string;
  /** Directory of the embedded database; undefined keeps it in memory. */
  dataDir?: string;
  /**
   * In-memory embedded database only: start from this copy of a data directory
   * (see `Database.snapshot`) instead of an empty one, which skips initdb. Tests
   * migrate and seed once per run and open a copy per file.
   */
  snapshot?: Blob;
  /** Leave the schema as it is (a backup reads it as found; a restore builds it to the backup's own migration). */
  migrate?: boolean;
}

/** Opens the database and brings its schema up to date (unless told not to). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.snapshot && (options.databaseUrl || options.dataDir)) throw new Error("a snapshot opens only an in-memory embedded database");
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir, options.snapshot);
  if (options.migrate === false) return database;
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, kind: "postgres", close: () => pool.end() };
}

/** The whole data directory of an embedded database as an uncompressed tarball, for `openDatabase({ snapshot })`. */
export async function snapshotDatabase(database: Database): Promise<Blob> {
  if (!database.snapshot) throw new Error("only an embedded (PGlite) database can be snapshotted");
  return database.snapshot();
}

/** The embedded database's buffer pool (PostgreSQL's default is 128MB). */
const PGLITE_SHARED_BUFFERS = "64MB";

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const extensions = { pg_trgm };
  // PostgreSQL's 128 MB of shared buffers are zeroed at every open: on a machine
  // whose fresh memory is slow to hand out, that alone is about 0.4 s of a start.
  // The data directory's pages stay in the system's file cache behind a smaller pool.
  // A database held only in memory has no pages a crash could tear: the whole-page copies PostgreSQL writes
  // into its log after each checkpoint would be written for nothing (about 6 % of the API tests' time).
  const inMemoryOnly = dataDir ? [] : ["-c", "full_page_writes=off"];
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`, ...inMemoryOnly];
  const { drizzle } = await import("drizzle-orm/pglite");
  let unlock = () => {};
  let client;
  if (dataDir) {
    // PGlite creates no parent directories of its own.
    fs.mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDirectory(dataDir);
    client = new PGlite(path.join(dataDir, "pgdata"), { extensions, startParams });
  } else {
    client = new PGlite({ extensions, startParams, loadDataDir: snapshot });
  }
  try {
    await client.waitReady;
    // The embedded database's pages sit in memory: a random read costs about
    // what a sequential one does, so index scans should win where they can
    // (a filtered people page over 100,000 rows: 9.5 ms -> 3.7 ms). One
    // connection, so a session setting holds for the process.
    await client.exec("set random_page_cost = 1.1");
    readDriverTextTypesOnce(client);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // Uncompressed: opening a copy is what runs often, and it then has nothing to inflate.
    snapshot: () => client.dumpDataDir("none"),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** Applies the migrations the database has not had yet. */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder });
  }
}
