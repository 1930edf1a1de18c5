/**
 * What the database driver gives back. Dates, timestamps and intervals stay the
 * text PostgreSQL sends (the server formats and compares them as text: a day is
 * a calendar day, not a moment), on either database, in a transaction too; the
 * embedded database reads them so without merging the ORM's parsers into its own
 * on every query (server/db/pglite-parsers.ts).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { Db } from "../../server/db/client";
import { openBlankDatabase, type TestDatabase } from "../support/test-database";

const probe = sql`select date '2026-01-31' as day, timestamp '2026-01-31 08:30:00' as at, interval '90 minutes' as span,
  array[date '2026-01-31', date '2026-02-01'] as days, 7::int as count, '{"a": 1}'::jsonb as doc`;

async function firstRow(db: Db | Parameters<Parameters<Db["transaction"]>[0]>[0]): Promise<Record<string, unknown>> {
  const result = (await db.execute(probe)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows[0];
}

const expected = { day: "2026-01-31", at: "2026-01-31 08:30:00", span: "01:30:00", days: "{2026-01-31,2026-02-01}", count: 7, doc: { a: 1 } };

describe("the database driver", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openBlankDatabase();
  });
  afterAll(() => database.dispose());

  it("reads dates, timestamps, intervals and date arrays as text, and numbers and JSON as values", async () => {
    expect(await firstRow(database.db)).toEqual(expected);
  });

  it("reads them the same in a transaction", async () => {
    expect(await database.db.transaction((tx) => firstRow(tx))).toEqual(expected);
  });

  it.runIf(inject("databaseTemplates")?.kind !== "postgres")("runs the ORM's queries on the embedded database without their own parsers to merge", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const query = vi.spyOn(PGlite.prototype, "query");
    // Opened after the spy: the client's query is the spy, under whatever the server's code puts around it.
    const embedded = await openBlankDatabase();
    try {
      query.mockClear();
      expect(await firstRow(embedded.db)).toEqual(expected);
      expect(query).toHaveBeenCalledTimes(1);
      expect(query.mock.calls[0][2]).toMatchObject({ parsers: undefined });
    } finally {
      query.mockRestore();
      await embedded.dispose();
    }
  });
});
