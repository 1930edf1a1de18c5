/**
 * The database: which engine and version answers (the embedded PGlite or a
 * PostgreSQL server), how fast a round trip is, and how large it has grown.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fact, rowsOf, verdict, when, type Outcome } from "./outcome";

/**
 * PGlite is 32-bit WebAssembly on one connection that serves every request:
 * past this size the README's answer, PostgreSQL (DATABASE_URL), is due.
 */
const EMBEDDED_LARGE_BYTES = 2 * 1024 ** 3;

interface Engine {
  /** "PGlite 0.5.16 (PostgreSQL 18.6)", "PostgreSQL 17.2". */
  name: string;
  embedded: boolean;
  roundTripMs: number;
}

/** Asks the database what it is: PGlite names itself in version(). */
export async function readEngine(db: Db): Promise<Engine> {
  const started = performance.now();
  const [row] = await rowsOf<{ version: string; server_version: string }>(db, sql`select version() as version, current_setting('server_version') as server_version`);
  const roundTripMs = performance.now() - started;
  const pglite = /\(PGlite ([^)\s]+)\)/.exec(row.version);
  const name = pglite ? `PGlite ${pglite[1]} (PostgreSQL ${row.server_version})` : `PostgreSQL ${row.server_version}`;
  return { name, embedded: pglite !== null, roundTripMs };
}

export function checkDatabase(engine: Engine): Outcome {
  return verdict([fact.text("engine", engine.name), fact.yesNo("embedded", engine.embedded), fact.duration("roundTrip", engine.roundTripMs)], []);
}

export async function checkDatabaseSize(db: Db, engine: Engine): Promise<Outcome> {
  const [row] = await rowsOf<{ size: number }>(db, sql`select pg_database_size(current_database())::float8 as size`);
  const size = Number(row.size);
  return verdict([fact.bytes("size", size)], [when(engine.embedded && size > EMBEDDED_LARGE_BYTES, "warn", "databaseLarge")]);
}
