/**
 * One consistent view of the whole database for a backup, without stopping
 * the server that uses it:
 * - PostgreSQL: a read-only repeatable-read transaction (what pg_dump uses);
 *   the server's other connections go on writing.
 * - The embedded database held by this server: its one connection cannot be
 *   kept in a transaction for the length of a backup (every request would
 *   wait), so its data directory is copied between two statements (a moment)
 *   and the backup reads that copy, opened in memory. The copy is what a
 *   crash at that instant would have left: opening it recovers to the last
 *   commit, as PostgreSQL's recovery always does.
 * - The embedded database opened by the backup command (no server holds it):
 *   read in one transaction; nothing else uses it.
 */
import { openDatabase, snapshotDatabase, type Database, type Db } from "../../db/client";

export async function readSnapshot<T>(database: Database, shared: boolean, work: (db: Db) => Promise<T>): Promise<T> {
  if (database.kind === "postgres") return database.db.transaction(work, { isolationLevel: "repeatable read", accessMode: "read only" });
  if (!shared) return database.db.transaction(work);
  const copy = await openDatabase({ snapshot: await snapshotDatabase(database), migrate: false });
  try {
    return await copy.db.transaction(work);
  } finally {
    await copy.close();
  }
}
