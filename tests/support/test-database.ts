import crypto from "node:crypto";
import fs from "node:fs";
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
export async function openTestDatabase(template: "empty" | "seeded"): Promise<TestDatabase> {
  const templates = inject("databaseTemplates");
  if (!templates) throw new Error("no template databases: the API project's globalSetup (tests/support/database-templates.ts) makes them");
  if (templates.kind === "pglite") {
    const database = await openDatabase({ snapshot: snapshotFile(template === "empty" ? templates.emptyTarball : templates.seededTarball) });
    return { ...database, dispose: () => database.close() };
  }
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
