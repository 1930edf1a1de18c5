import { eq, inArray, sql, type Column, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { referencesIn, referenceKey, type ActivityRecord, type ActivityReferenceKind } from "../../../contracts/activities";
import type { Db } from "../../db/client";
import {
  attendanceRecords,
  companyProfile,
  backups,
  holidays,
  leaveRequests,
  leaveTypes,
  payComponents,
  payOverrides,
  payrollRuns,
  payslips,
  rateTables,
  roles,
  users,
  workLocations,
  workSchedules,
} from "../../db/schema";

/** A record's name, and the currency its amounts are in where it has one of its own (a person's pay, a run's). */
type Named = { id: number; name: string; currency: string | null };
type NameQuery = (db: Db, ids: number[]) => Promise<Named[]>;

const ownName =
  (table: PgTable, id: Column, name: Column | SQL<string>, currency?: Column): NameQuery =>
  (db, ids) =>
    db
      .select({ id: sql<number>`${id}`, name: sql<string>`${name}`, currency: currency ? sql<string | null>`${currency}` : sql<null>`null` })
      .from(table)
      .where(inArray(id, ids));

/** Records that are about a person (a day's attendance, a leave request): called by the person's name. */
const personOf =
  (table: PgTable, id: Column, userId: Column): NameQuery =>
  (db, ids) =>
    db.select({ id: sql<number>`${id}`, name: users.name, currency: users.currency }).from(table).innerJoin(users, eq(users.id, userId)).where(inArray(id, ids));

/** A payslip: its person's name, its run's currency. */
const payslipNames: NameQuery = (db, ids) =>
  db
    .select({ id: payslips.id, name: users.name, currency: payrollRuns.currency })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id))
    .where(inArray(payslips.id, ids));

/** Where each kind of reference finds its name; an uploaded file has none (the screen says "image"). */
const REFERENCE_NAMES: Partial<Record<ActivityReferenceKind, NameQuery>> = {
  user: ownName(users, users.id, users.name, users.currency),
  role: ownName(roles, roles.id, roles.name),
  location: ownName(workLocations, workLocations.id, workLocations.name),
  schedule: ownName(workSchedules, workSchedules.id, workSchedules.name),
  leave_type: ownName(leaveTypes, leaveTypes.id, leaveTypes.name),
  pay_component: ownName(payComponents, payComponents.id, payComponents.name),
  // The stored run name: a default one is worded in the reader's language where it is shown.
  payroll: ownName(payrollRuns, payrollRuns.id, payrollRuns.name, payrollRuns.currency),
  rate_table: ownName(rateTables, rateTables.id, rateTables.name),
  holiday: ownName(holidays, holidays.id, holidays.name),
  backup: ownName(backups, backups.id, sql<string>`regexp_replace(${backups.file_path}, '^.*[\\/]', '')`),
};

/** Subjects by their log type: the reference kinds, and the records named after their person. */
const SUBJECT_NAMES: Record<string, NameQuery> = {
  ...REFERENCE_NAMES,
  payslip: payslipNames,
  attendance: personOf(attendanceRecords, attendanceRecords.id, attendanceRecords.user_id),
  leave_request: personOf(leaveRequests, leaveRequests.id, leaveRequests.user_id),
  pay_override: personOf(payOverrides, payOverrides.id, payOverrides.user_id),
};

type Unnamed = Omit<ActivityRecord, "subject_name" | "names" | "currency">;

/** A removed record's snapshot keeps the name it had (a deleted location's). */
const recordedName = (changes: unknown): string | null => {
  const name = (changes as { name?: unknown } | null)?.name;
  return typeof name === "string" ? name : null;
};

/** The currency a change names itself (a recorded pay rate's, a rate and currency changed together). */
const recordedCurrency = (changes: unknown): string | null => {
  const currency = (changes as { currency?: unknown } | null)?.currency;
  const value = typeof currency === "object" && currency !== null && "to" in currency ? currency.to : currency;
  return typeof value === "string" ? value : null;
};

/**
 * Log rows with words for their ids: each subject's name and the name of every
 * record its changes point at, in one query per kind of record for the whole page.
 */
export async function nameActivities(db: Db, rows: Unnamed[]): Promise<ActivityRecord[]> {
  const wanted = new Map<string, Set<number>>();
  const want = (type: string, id: number) => {
    if (!(type in SUBJECT_NAMES)) return;
    const ids = wanted.get(type) ?? new Set<number>();
    wanted.set(type, ids.add(id));
  };
  for (const row of rows) {
    if (row.subject_type && row.subject_id !== null) want(row.subject_type, row.subject_id);
    referencesIn(row.changes, want);
  }
  const names = new Map<string, Named>();
  for (const [type, ids] of wanted) {
    for (const named of await SUBJECT_NAMES[type](db, [...ids])) names.set(`${type}:${Number(named.id)}`, named);
  }
  const [company] = rows.length > 0 ? await db.select({ currency: companyProfile.currency }).from(companyProfile).limit(1) : [];
  return rows.map((row) => {
    const own: Record<string, string> = {};
    referencesIn(row.changes, (kind, id) => {
      const named = names.get(referenceKey(kind, id));
      if (named !== undefined) own[referenceKey(kind, id)] = named.name;
    });
    const subject = row.subject_type && row.subject_id !== null ? names.get(`${row.subject_type}:${row.subject_id}`) : undefined;
    return {
      ...row,
      subject_name: subject?.name ?? (row.subject_id !== null ? recordedName(row.changes) : null),
      names: own,
      currency: recordedCurrency(row.changes) ?? subject?.currency ?? company?.currency ?? null,
    };
  });
}
