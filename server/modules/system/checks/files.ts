/**
 * File storage (pictures, logos, documents live in the files table): a real
 * file is written, read back byte for byte, deleted, and found gone, in a
 * transaction that is then rolled back, so the probe leaves nothing behind.
 */
import crypto from "node:crypto";
import { sql, TransactionRollbackError } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { deleteFile, readFile, storeFile } from "../../files/service";
import { fact, rowsOf, verdict, when, type Outcome } from "./outcome";
import { errorText } from "../../../lib/errors";

const PROBE_BYTES = 64 * 1024;

/** Whether a file written to `db` reads back the same and is gone once deleted; throws what the database threw. */
async function probe(db: Db, at: Date): Promise<boolean> {
  const content = crypto.randomBytes(PROBE_BYTES);
  let intact = false;
  try {
    await db.transaction(async (tx) => {
      const id = await storeFile(tx, { kind: "system-check", mimeType: "application/octet-stream", content, createdBy: null, at });
      const stored = await readFile(tx, id);
      await deleteFile(tx, id);
      intact = stored !== null && stored.size_bytes === content.length && Buffer.from(stored.content).equals(content) && (await readFile(tx, id)) === null;
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return intact;
}

export async function checkFiles(db: Db, now: Date): Promise<Outcome> {
  const [stored] = await rowsOf<{ count: number; bytes: number }>(db, sql`select count(*)::int as count, coalesce(sum(size_bytes), 0)::float8 as bytes from files`);
  const facts = [fact.count("storedFiles", Number(stored.count)), fact.bytes("storedSize", Number(stored.bytes)), fact.bytes("probeSize", PROBE_BYTES)];
  const started = performance.now();
  try {
    const intact = await probe(db, now);
    return verdict([...facts, fact.duration("roundTrip", performance.now() - started)], [when(!intact, "fail", "filesBroken")]);
  } catch (error) {
    return verdict([...facts, fact.text("error", errorText(error))], [{ status: "fail", advice: "filesBroken" }]);
  }
}
