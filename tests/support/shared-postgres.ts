/**
 * Several servers on one PostgreSQL database, each with its own pool (and
 * LISTEN connection), as processes behind a load balancer: what only
 * PostgreSQL can share. The database is a copy of the seeded template, made
 * for the file and dropped after it. Files using it run under `npm run test:pg`
 * (TEST_DATABASE_URL) and skip themselves otherwise (`describe.skipIf(!SHARED_POSTGRES)`).
 */
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase, type Database } from "../../server/db/client";
import { TestClock, testConfig } from "./api";
import { databaseUrl, withAdminClient } from "./postgres-admin";

export const SHARED_POSTGRES = process.env.TEST_DATABASE_URL;

/** Registers the file's hooks; the returned function starts one more server on the shared database. */
export function sharedPostgresServers(prefix: string): () => Promise<FastifyInstance> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const servers: { app: FastifyInstance; database: Database }[] = [];
  beforeAll(async () => {
    const templates = inject("databaseTemplates");
    if (templates.kind !== "postgres") throw new Error("expected PostgreSQL templates");
    await withAdminClient(SHARED_POSTGRES!, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${templates.seeded}`));
  });
  afterAll(async () => {
    for (const { app, database } of servers) {
      await app.close();
      await database.close();
    }
    await withAdminClient(SHARED_POSTGRES!, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name}`));
  });
  return async () => {
    const database = await openDatabase({ databaseUrl: databaseUrl(SHARED_POSTGRES!, name) });
    const app = await buildApp({ database, config: testConfig(), clock: new TestClock() });
    servers.push({ app, database });
    await app.ready();
    return app;
  };
}

/** Signs a login in on one server; its bearer token. */
export async function signInOn(app: FastifyInstance, login: { email: string; password: string }): Promise<string> {
  return (await app.inject({ method: "POST", url: "/api/login", payload: login })).json().token as string;
}
