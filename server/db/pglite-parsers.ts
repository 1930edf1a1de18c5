/**
 * drizzle-orm hands PGlite, with every query, parsers that keep dates,
 * timestamps and intervals (and a few of their arrays) as the text PostgreSQL
 * sends. PGlite merges them into its own parsers, an object spread over some
 * 320 type ids, for each query: 0.17 ms on top of a 0.13 ms query, measured on
 * `select 1, now()`. The client here reads those types as text itself, so a
 * query whose parsers say only that runs without them, and nothing is merged.
 */
import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";

const asText = (value: string): string => value;

/**
 * What drizzle-orm/pglite reads as text (its session's parsers), by PostgreSQL type id: timestamp, timestamptz,
 * interval, date, and the arrays numeric[], timestamp[], timestamptz[], interval[], date[]. Ids, not PGlite's
 * named constants: this module is loaded with the PostgreSQL driver too, which needs nothing of PGlite.
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

const PROBE = "2026-01-31 12:00:00";

/** Makes the client read drizzle's text types as text, and drops a query's parsers when they say no more than that. */
export function readDriverTextTypesOnce(client: PGlite): void {
  // After the client is ready: PGlite sets the array types' parsers while it starts.
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  const saysNoMore = (parsers: NonNullable<QueryOptions["parsers"]>) =>
    Object.entries(parsers).every(([type, parse]) => client.parsers[Number(type)] === asText && parse(PROBE) === PROBE);
  const lighter = (options: QueryOptions | undefined) => (options?.parsers && saysNoMore(options.parsers) ? { ...options, parsers: undefined } : options);

  const query = client.query.bind(client);
  client.query = ((sql: string, params?: unknown[], options?: QueryOptions) => query(sql, params, lighter(options))) as typeof client.query;
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((sql: string, params?: unknown[], options?: QueryOptions) => txQuery(sql, params, lighter(options))) as typeof tx.query;
      return callback(tx);
    })) as typeof client.transaction;
}
