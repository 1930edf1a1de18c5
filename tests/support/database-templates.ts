/**
 * Global setup of the API project: migrates the schema once per run into two
 * template databases, one empty and one holding the demo company exactly as
 * a test app seeds it, so that each test file starts from a copy instead of
 * running every migration (and the seed) again. See test-database.ts for the
 * copies.
 *
 * Embedded database: the templates are PGlite data directories saved as
 * tarballs in a temporary directory. PostgreSQL (TEST_DATABASE_URL, set by
 * `npm run test:pg`): they are databases on that server, copied with
 * CREATE DATABASE ... TEMPLATE. Both are removed when the run ends.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, snapshotDatabase } from "../../server/db/client";
import { seedTestCompany } from "./test-config";
import { withAdminClient, databaseUrl } from "./postgres-admin";

export type DatabaseTemplates =
  | { kind: "pglite"; emptyTarball: string; seededTarball: string }
  | { kind: "postgres"; adminUrl: string; empty: string; seeded: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const { templates, remove } = adminUrl ? await postgresTemplates(adminUrl) : await pgliteTemplates();
  project.provide("databaseTemplates", templates);
  return remove;
}

async function pgliteTemplates() {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "paydesk-db-templates-"));
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    const emptyTarball = path.join(dir, "empty.tar");
    const seededTarball = path.join(dir, "seeded.tar");
    const database = await openDatabase({});
    try {
      await saveSnapshot(await snapshotDatabase(database), emptyTarball);
      await seedTestCompany(database.db);
      await saveSnapshot(await snapshotDatabase(database), seededTarball);
    } finally {
      await database.close();
    }
    return { templates: { kind: "pglite", emptyTarball, seededTarball } satisfies DatabaseTemplates, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function saveSnapshot(snapshot: Blob, file: string): Promise<void> {
  await fs.promises.writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
}

async function postgresTemplates(adminUrl: string) {
  const prefix = `paydesk_template_${crypto.randomBytes(4).toString("hex")}`;
  const empty = `${prefix}_empty`;
  const seeded = `${prefix}_seeded`;
  const remove = () =>
    withAdminClient(adminUrl, async (admin) => {
      for (const name of [seeded, empty]) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    });
  try {
    await withAdminClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${empty}`));
    const migrated = await openDatabase({ databaseUrl: databaseUrl(adminUrl, empty) });
    await migrated.close();
    // A template must have no sessions while it is copied: each step closes its pool first.
    await withAdminClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${seeded} TEMPLATE ${empty}`));
    const company = await openDatabase({ databaseUrl: databaseUrl(adminUrl, seeded) });
    try {
      await seedTestCompany(company.db);
    } finally {
      await company.close();
    }
    return { templates: { kind: "postgres", adminUrl, empty, seeded } satisfies DatabaseTemplates, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
