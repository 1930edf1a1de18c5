import { sql, type SQL } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";

/** An array as one bound parameter (the driver writes the literal), whatever its length: for `any(...)` and `unnest(...)`. */
export const array = (values: readonly unknown[]) => sql.param([...values]);

/**
 * `column = any($1::int[])`: one array parameter however many ids. Drizzle's
 * inArray makes a parameter of each, and PostgreSQL refuses more than 65,535
 * in a statement (a payroll run over everyone of a large company).
 */
export const anyOf = (column: AnyColumn | SQL, ids: readonly number[]): SQL => sql`${column} = any(${array(ids)}::int[])`;
