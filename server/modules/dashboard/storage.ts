import { sql } from "drizzle-orm";
import type { StorageInfo } from "../../../contracts/dashboard";
import { files, mailOutbox } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { int, rowsOf } from "../../lib/sql-rows";

/**
 * Below this many rows (by the planner's estimate) a table is counted exactly: a fresh table's estimate says 0 or
 * nothing until it is analysed, and counting a small one costs nothing. Larger ones keep the estimate.
 */
const COUNTED_BELOW = 10_000;

/** Each small table's exact row count, by name: one statement for them all. */
async function exactCounts(ctx: AppContext, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const counts = sql.join(
    names.map((name) => sql`select ${name}::text as name, count(*) as n from ${sql.identifier(name)}`),
    sql` union all `,
  );
  const rows = rowsOf<{ name: string; n: number | string }>(await ctx.db.execute(counts));
  return new Map(rows.map((row) => [row.name, int(row.n)]));
}

/** Where the space goes: every table of the database (with its indexes), the stored files and the mail outbox. */
export async function storageInfo(ctx: AppContext): Promise<StorageInfo> {
  const [tables, [database], [stored], [outbox]] = await Promise.all([
    ctx.db.execute(sql`
      select case when n.nspname = 'public' then c.relname else n.nspname || '.' || c.relname end as name,
        pg_total_relation_size(c.oid) as bytes, case when c.reltuples < 0 then null else c.reltuples::bigint end as rows
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      order by 2 desc, 1`).then(rowsOf<{ name: string; bytes: number | string; rows: number | string | null }>),
    ctx.db.execute(sql`select pg_database_size(current_database()) as bytes`).then(rowsOf<{ bytes: number | string }>),
    ctx.db.execute(sql`select count(*) as count, coalesce(sum(${files.size_bytes}), 0) as bytes from ${files}`).then(rowsOf<{ count: number | string; bytes: number | string }>),
    ctx.db
      .execute(sql`select count(*) as count, count(*) filter (where status = 'pending') as pending,
        coalesce(sum(octet_length(to_address) + octet_length(subject) + octet_length(body_text) + coalesce(octet_length(error), 0)), 0) as bytes from ${mailOutbox}`)
      .then(rowsOf<{ count: number | string; pending: number | string; bytes: number | string }>),
  ]);
  // The app's own tables (schema public, named plainly); a schema-qualified one (PGlite's own) keeps its estimate.
  const small = tables.filter((table) => !table.name.includes(".") && (table.rows === null || int(table.rows) < COUNTED_BELOW)).map((table) => table.name);
  const exact = await exactCounts(ctx, small);
  return {
    database: {
      engine: ctx.config.databaseUrl ? "postgresql" : "pglite",
      total_bytes: int(database.bytes),
      tables: tables.map((table) => {
        const counted = exact.get(table.name);
        return { name: table.name, bytes: int(table.bytes), rows: counted ?? (table.rows === null ? null : int(table.rows)), rows_exact: counted !== undefined };
      }),
    },
    files: { count: int(stored.count), bytes: int(stored.bytes) },
    outbox: { count: int(outbox.count), bytes: int(outbox.bytes), pending: int(outbox.pending) },
  };
}
