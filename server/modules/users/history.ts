/**
 * Whether a person has history, and which: any record anywhere that names
 * them, found from the schema's own foreign keys to people (so a table added
 * later, leave or loans, counts without a change here), plus the activity log
 * where they are the subject. Such a person is archived, never deleted: only
 * someone created by mistake, with nothing but their own record, may go.
 */
import { getTableColumns, getTableName, is, sql, type SQL } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { HISTORY_KINDS, type HistoryKind } from "../../../contracts/users";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { array } from "../../lib/any-of";
import { rowsOf } from "../../lib/sql-rows";

/**
 * Rows that are part of the person's own record rather than history, and go
 * with it: their sessions, reset and sign-in links, two-factor secret and recovery codes, where they clock in, the
 * schedules they follow. Their first pay rate is written with the record
 * (a second one is a change of pay: history), see PAY_RATES below.
 */
const OWN_RECORD: ReadonlySet<PgTable> = new Set([
  schema.authTokens,
  schema.passwordResets,
  schema.loginLinks,
  schema.twoFactor,
  schema.recoveryCodes,
  schema.userWorkLocations,
  schema.scheduleAssignments,
]);

/**
 * Rows of a table that are the system's own bookkeeping of the record, not history: the leave the company granted
 * by itself (allocations, accruals, carry-overs, keyed by the job). They go with the person (deleteOwnRows).
 */
const OWN_ROWS: ReadonlyMap<PgTable, SQL> = new Map([[schema.leaveEntries as PgTable, sql`t.key is not null`]]);

/** Deletes a person's OWN_ROWS, in the transaction that deletes the person. */
export async function deleteOwnRows(tx: Db, userId: number): Promise<void> {
  for (const [table, own] of OWN_ROWS) await tx.execute(sql`delete from ${table} t where t.user_id = ${userId} and ${own}`);
}

/** What each table's rows are to a person reading why someone is kept; a table not named here is "records". */
const KIND_OF_TABLE: Readonly<Record<string, HistoryKind>> = {
  attendance_records: "attendance",
  attendance_days: "attendance",
  attendance_months: "attendance",
  pay_rates: "payRates",
  pay_overrides: "payOverrides",
  payslips: "payslips",
  payslip_adjustments: "payslips",
  payslip_downloads: "payslips",
  notifications: "notifications",
  activity_log: "activity",
  jobs: "activity",
  files: "files",
};


/** The actions on a person's own record that a mistake consists of: being created and corrected. */
const OWN_RECORD_ACTIONS = ["user.created", "user.updated"];

interface Probe {
  kind: HistoryKind;
  /** True where the person (the outer query's `u.id`) has such a row. */
  exists: SQL;
}

/** Every column of every table that refers to a person, with what its rows are. */
function probes(): Probe[] {
  const found: Probe[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || OWN_RECORD.has(table)) continue;
    const config = getTableConfig(table);
    const name = getTableName(table);
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      if (reference.foreignTable !== schema.users || reference.columns.length !== 1) continue;
      // Being someone's manager is not a record of one's own (the reference empties when they go).
      if (table === schema.users) continue;
      const column = sql.identifier(reference.columns[0].name);
      const own = OWN_ROWS.get(table);
      const rows = sql`select 1 from ${sql.identifier(name)} t where t.${column} = u.id${own ? sql` and not (${own})` : sql``}`;
      // The first rate is the record's own pay; a second is a change of pay.
      const exists = table === schema.payRates ? sql`(select count(*) from (${rows} limit 2) r) > 1` : sql`exists (${rows})`;
      found.push({ kind: KIND_OF_TABLE[name] ?? "records", exists });
    }
  }
  // Authors of other records (created_by / updated_by, kept without a foreign key): they acted.
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || table === schema.users) continue;
    const columns = getTableColumns(table);
    for (const author of ["created_by", "updated_by"] as const) {
      if (!(author in columns)) continue;
      found.push({ kind: KIND_OF_TABLE[getTableName(table)] ?? "activity", exists: sql`exists (select 1 from ${sql.identifier(getTableName(table))} t where t.${sql.identifier(author)} = u.id)` });
    }
  }
  const log = schema.activityLog;
  found.push({
    kind: "activity",
    exists: sql`exists (select 1 from ${log} a where a.subject_type = 'user' and a.subject_id = u.id and a.action <> all(${array(OWN_RECORD_ACTIONS)}::text[]))`,
  });
  return found;
}

let cached: Probe[] | null = null;

/** Each person's kinds of history (empty: nothing but their own record), in HISTORY_KINDS order. */
export async function historyOf(db: Db, ids: readonly number[]): Promise<Map<number, HistoryKind[]>> {
  cached ??= probes();
  const history = new Map<number, HistoryKind[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return history;
  const columns = sql.join(
    cached.map((probe) => sql`${probe.exists}`),
    sql`, `,
  );
  const result = await db.execute(sql`select u.id::int as id, array[${columns}]::boolean[] as found from ${schema.users} u where u.id = any(${array(ids)}::int[])`);
  for (const row of rowsOf<{ id: number; found: boolean[] }>(result)) {
    const kinds = new Set(cached.filter((_, index) => row.found[index]).map((probe) => probe.kind));
    history.set(Number(row.id), HISTORY_KINDS.filter((kind) => kinds.has(kind)));
  }
  return history;
}
