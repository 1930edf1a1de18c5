import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";

/** The rows of a raw query (`db.execute`), whichever driver ran it. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A count or sum: int8 and numeric come back as numbers from PGlite and as strings from pg. */
export const int = (value: number | string | null | undefined): number => Number(value ?? 0);

/**
 * A query's rows as one JSON value (`json_agg`), for results of many rows:
 * PGlite decodes each value of a result in JavaScript (about a microsecond
 * apiece), so 5,000 rows of 30 figures cost more to read than to compute,
 * while one JSON text is parsed at once. For numbers, booleans and text only
 * (a date or timestamp would come as JSON's text, not as the driver gives it),
 * in no promised order.
 */
export async function jsonRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const [row] = rowsOf<{ rows: T[] | string | null }>(await db.execute(sql`select json_agg(t) as rows from (${query}) as t`));
  const rows = row?.rows ?? [];
  return typeof rows === "string" ? (JSON.parse(rows) as T[]) : rows;
}
