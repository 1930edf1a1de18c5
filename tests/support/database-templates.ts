/**
 * Global setup of the API project: migrates the schema once per run into two
 * template databases, one empty and one holding the demo company exactly as
 * a test app seeds it, so that each test file starts from a copy instead of
 * running every migration (and the seed) again. See test-database.ts for the
 * copies. The embedded database has a third, blank one (no schema: what a
 * restore starts from), which saves PostgreSQL's initdb per blank database.
 *
 * Embedded database: the templates are PGlite data directories saved as
 * tarballs, kept between runs in node_modules/.cache under a fingerprint of
 * everything that makes them (the server's code and migrations, the contracts,
 * the test set-up, the locked package versions): building them was the first
 * five seconds of every run, with both workers waiting. A run with changed
 * sources builds new ones and removes the old. PostgreSQL (TEST_DATABASE_URL,
 * set by `npm run test:pg`): they are databases on that server, copied with
 * CREATE DATABASE ... TEMPLATE, removed when the run ends.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT_DIR, sourcesFingerprint } from "../../scripts/build.mjs";
import { migrateDatabase, openDatabase, snapshotDatabase } from "../../server/db/client";
import { seedTestCompany } from "./test-config";
import { withAdminClient, databaseUrl } from "./postgres-admin";

export type DatabaseTemplates =
  | { kind: "pglite"; blankTarball: string; emptyTarball: string; seededTarball: string }
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

const TEMPLATE_CACHE = path.join(ROOT_DIR, "node_modules", ".cache", "paydesk-db-templates");
/** What the templates are made of: a change to any of these makes new ones. */
const TEMPLATE_INPUTS = ["server", "contracts", "locales", "tests/support", "package-lock.json"];

async function pgliteTemplates() {
  const dir = path.join(TEMPLATE_CACHE, sourcesFingerprint(ROOT_DIR, TEMPLATE_INPUTS));
  const templates = {
    kind: "pglite",
    blankTarball: path.join(dir, "blank.tar"),
    emptyTarball: path.join(dir, "empty.tar"),
    seededTarball: path.join(dir, "seeded.tar"),
  } satisfies DatabaseTemplates;
  if (!fs.existsSync(dir)) await buildPgliteTemplates(dir);
  await removeStaleTemplates(path.basename(dir));
  return { templates, remove: async () => {} };
}

/** Another run started from other sources within the last quarter of an hour may still be copying its own: those stay. */
const STALE_AFTER_MS = 15 * 60_000;
async function removeStaleTemplates(current: string): Promise<void> {
  for (const entry of await fs.promises.readdir(TEMPLATE_CACHE)) {
    const full = path.join(TEMPLATE_CACHE, entry);
    const { mtimeMs } = await fs.promises.stat(full);
    if (entry !== current && Date.now() - mtimeMs > STALE_AFTER_MS) await fs.promises.rm(full, { recursive: true, force: true });
  }
}

/** Builds both tarballs beside the cache's folder, then moves them in at once: a run cut short, or another run building the same, leaves no half of a template. */
async function buildPgliteTemplates(dir: string): Promise<void> {
  await fs.promises.mkdir(TEMPLATE_CACHE, { recursive: true });
  const building = await fs.promises.mkdtemp(path.join(TEMPLATE_CACHE, "building-"));
  try {
    const database = await openDatabase({ migrate: false });
    try {
      await saveSnapshot(await snapshotDatabase(database), path.join(building, "blank.tar"));
      await migrateDatabase(database);
      await saveSnapshot(await snapshotDatabase(database), path.join(building, "empty.tar"));
      await seedTestCompany(database.db);
      await saveSnapshot(await snapshotDatabase(database), path.join(building, "seeded.tar"));
    } finally {
      await database.close();
    }
    await fs.promises.rename(building, dir).catch((error: NodeJS.ErrnoException) => {
      // Another run finished the same templates first: theirs are as good.
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    });
  } finally {
    await fs.promises.rm(building, { recursive: true, force: true });
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
