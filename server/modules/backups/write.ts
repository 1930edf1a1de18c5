/**
 * A backup written to a stream (a file, the command's socket): the lines
 * of dump.ts through gzip, counting and hashing what leaves. A failure on
 * either side (the database, a full disk, a closed socket) stops both.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { PassThrough, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { Database } from "../../db/client";
import { dumpDatabase, type DumpSource } from "./dump";
import type { BackupManifest } from "./format";
import { readSnapshot } from "./snapshot";

export interface WrittenBackup {
  manifest: BackupManifest;
  size_bytes: number;
  sha256: string;
}

export interface BackupOptions {
  /** Whether a running server uses the database meanwhile (see snapshot.ts). */
  shared: boolean;
  source: Omit<DumpSource, "kind">;
  /** After each table: for a job's progress. */
  onTable?: (done: number, total: number) => Promise<void>;
}

export async function writeBackup(database: Database, destination: Writable, options: BackupOptions): Promise<WrittenBackup> {
  const gzip = zlib.createGzip();
  const hash = createHash("sha256");
  let size = 0;
  const measured = new PassThrough();
  measured.on("data", (chunk: Buffer) => {
    size += chunk.length;
    hash.update(chunk);
  });
  const sent = pipeline(gzip, measured, destination);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
  };
  const dumped = readSnapshot(database, options.shared, (db) => dumpDatabase(db, { ...options.source, kind: database.kind }, write, options.onTable)).then(
    (manifest) => {
      gzip.end();
      return manifest;
    },
    (error: unknown) => {
      gzip.destroy(error as Error);
      throw error;
    },
  );
  const [manifest] = await Promise.all([dumped, sent]);
  return { manifest, size_bytes: size, sha256: hash.digest("hex") };
}

/** Writes the backup to `file` whole or not at all: under a temporary name, given its own once complete. */
export async function writeBackupFile(database: Database, file: string, options: BackupOptions): Promise<WrittenBackup> {
  // The whole company's data, password hashes included: for the server's user alone.
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  try {
    const written = await writeBackup(database, fs.createWriteStream(partial, { flags: "wx", mode: 0o600 }), options);
    // Published under its name without replacing a file of that name (a rename would): another backup is never lost.
    fs.linkSync(partial, file);
    fs.rmSync(partial);
    return written;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
