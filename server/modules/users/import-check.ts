/**
 * Every cell of a people import checked before anything is saved, every
 * problem kept: the header's keys, each value as the employee form's
 * contract checks it, e-mails and employee numbers unique in the file and in
 * the workspace, roles, schedules, work locations and managers found by
 * name (a manager may be a person of the same file), and what the importer
 * may set (pay, clocking, roles within their own powers).
 */
import { sql } from "drizzle-orm";
import { IMPORT_ACCESS_LEVELS, PEOPLE_IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS, type PeopleImportColumn } from "../../../contracts/people-import";
import { decide, decideFields, type Actor } from "../../../contracts/policies";
import { CLOCK_POLICIES } from "../../../contracts/attendance";
import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, PAY_BASES, userCreateBody } from "../../../contracts/users";
import { isCurrencyCode, minorDigits } from "../../../contracts/money";
import type { Db } from "../../db/client";
import { roles, users, workLocations, workSchedules } from "../../db/schema";
import { importCellKey } from "../../../contracts/payroll-sheet";
import { amountOf, columnLetter, keyOfHeader, textOf, type CellValue } from "../../lib/spreadsheet-cells";
import { fileProblem, spreadsheetRejection, type SheetProblem, type SheetTable } from "../../lib/spreadsheet-upload";

/** A person of the file as it will be saved; `manager` points at someone in the workspace or at another row. */
export interface ImportedPerson {
  row: number;
  fields: Record<string, unknown> & { first_name: string; last_name: string; email: string; access_level: number };
  manager: { userId: number } | { row: number } | null;
  scheduleId: number | null;
  locationIds: number[];
}

/** The columns that take one of a few words, as the contract names them. */
const ENUMS: Partial<Record<PeopleImportColumn, readonly string[]>> = {
  employment_type: EMPLOYMENT_TYPES,
  employment_status: EMPLOYMENT_STATUSES,
  pay_basis: PAY_BASES,
  clock_policy: CLOCK_POLICIES,
};

/** Columns that are the record's own field of the same name, checked by the create contract. */
const PLAIN_FIELDS = new Set<PeopleImportColumn>([
  "first_name", "last_name", "email", "employee_number", "phone", "department", "position", "employment_type", "employment_status",
  "hire_date", "end_date", "birth_date", "address", "emergency_contact_name", "emergency_contact_phone", "pay_basis", "currency",
  "bank_name", "bank_account", "tax_id", "social_insurance_id", "clock_policy",
]);

/** The record fields a column writes, as the policy's field groups know them. */
const WRITES: Partial<Record<PeopleImportColumn, string>> = { role: "role_id", access_level: "access_level", work_locations: "work_location_ids", base_rate: "base_rate", manager: "manager_id" };

const SHAPE = userCreateBody.shape as unknown as Record<string, { safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: { message: string; params?: Record<string, unknown> }[] } } }>;
const DATE_FIELDS = new Set<PeopleImportColumn>(["hire_date", "end_date", "birth_date"]);

const lower = (text: string) => text.trim().toLowerCase();

interface Lookups {
  roles: Map<string, { id: number; permissions: string[] }>;
  schedules: Map<string, number>;
  locations: Map<string, number>;
  emails: Set<string>;
  numbers: Set<string>;
  managers: Map<string, number>;
  currency: string;
}

async function lookups(db: Db, currency: string): Promise<Lookups> {
  const [roleRows, scheduleRows, locationRows, people] = await Promise.all([
    db.select({ id: roles.id, name: roles.name, permissions: roles.permissions }).from(roles),
    db.select({ id: workSchedules.id, name: workSchedules.name }).from(workSchedules).where(sql`${workSchedules.active}`),
    db.select({ id: workLocations.id, name: workLocations.name }).from(workLocations).where(sql`${workLocations.active}`),
    db.select({ id: users.id, email: users.email, number: users.employee_number, archived: users.archived_at }).from(users),
  ]);
  const managers = new Map<string, number>();
  for (const person of people.filter((row) => row.archived === null)) {
    managers.set(lower(person.email), person.id);
    if (person.number) managers.set(lower(person.number), person.id);
  }
  return {
    roles: new Map(roleRows.map((row) => [lower(row.name), { id: row.id, permissions: row.permissions as string[] }])),
    schedules: new Map(scheduleRows.map((row) => [lower(row.name), row.id])),
    locations: new Map(locationRows.map((row) => [lower(row.name), row.id])),
    emails: new Set(people.map((row) => lower(row.email))),
    numbers: new Set(people.flatMap((row) => (row.number ? [lower(row.number)] : []))),
    managers,
    currency,
  };
}

/** The columns by key, from the header row; problems with the header are added to `problems`. */
function readHeader(table: SheetTable, problems: SheetProblem[]): Map<number, PeopleImportColumn> | null {
  const [header] = table.rows;
  const columns = new Map<number, PeopleImportColumn>();
  const problem = (column: number, key: string, params?: Record<string, unknown>) => problems.push({ sheet: table.name, column, row: header.number, key, params });
  const known = new Set<string>(PEOPLE_IMPORT_COLUMNS);
  const seen = new Map<string, number>();
  header.cells.forEach((cell, column) => {
    const text = textOf(cell);
    if (text === null) return;
    const key = keyOfHeader(text) ?? text.trim();
    if (!known.has(key)) return problem(column, "peopleImport.unknownColumn", { key });
    if (seen.has(key)) return problem(column, "peopleImport.duplicateColumn", { key });
    seen.set(key, column);
    columns.set(column, key as PeopleImportColumn);
  });
  if (columns.size === 0) {
    problems.push(fileProblem("peopleImport.noLayout"));
    return null;
  }
  for (const key of REQUIRED_IMPORT_COLUMNS) if (!seen.has(key)) problems.push(fileProblem("peopleImport.missingColumn", { key }));
  return columns;
}

/** A date cell, or text as YYYY-MM-DD; what the contract then checks. */
function dateText(cell: CellValue | undefined): string | null {
  if (cell?.date && typeof cell.value === "string") return cell.value.slice(0, 10);
  return textOf(cell);
}

/** The first problem a value has by the create contract, or its parsed value. */
function parseField(field: string, value: unknown): { value: unknown } | { key: string; params?: Record<string, unknown> } {
  const parsed = SHAPE[field].safeParse(value);
  if (parsed.success) return { value: parsed.data };
  const [issue] = parsed.error.issues;
  return { key: issue.message, params: issue.params };
}

/** The people of the file, or a 422 naming every problem by cell. Nothing is written. */
export async function checkPeopleImport(db: Db, actor: Actor, tables: readonly SheetTable[], companyCurrency: string): Promise<ImportedPerson[]> {
  const problems: SheetProblem[] = [];
  // An XLSX import reads its first worksheet (the template's People); a CSV has one.
  const table = tables.find((candidate) => candidate.rows.length > 0);
  if (!table) throw spreadsheetRejection([fileProblem("peopleImport.noPeople")]);
  const columns = readHeader(table, problems);
  if (!columns) throw spreadsheetRejection(problems);
  const known = await lookups(db, companyCurrency);
  const columnOf = new Map([...columns].map(([column, key]) => [key, column]));

  // What the importer may write at all: a refused column is one problem on its header cell, not one per row.
  const headerRow = table.rows[0].number;
  const writable = new Set<PeopleImportColumn>();
  for (const [column, key] of columns) {
    const field = WRITES[key] ?? (key === "schedule" ? null : key);
    const decision = key === "schedule" ? decide(actor, "schedules.assign") : decideFields(actor, "users", "write", [field!]);
    if (decision === true) writable.add(key);
    else if (table.rows.slice(1).some((row) => textOf(row.cells[column]) !== null)) problems.push({ sheet: table.name, column, row: headerRow, key: decision.reason, params: decision.params });
  }

  const people: ImportedPerson[] = [];
  const fileEmails = new Map<string, string>();
  const fileNumbers = new Map<string, string>();
  const rowOfKey = new Map<string, number>();
  const pendingManagers: { person: ImportedPerson; text: string; column: number }[] = [];
  for (const row of table.rows.slice(1)) {
    const problem = (key: PeopleImportColumn, message: string, params?: Record<string, unknown>) => problems.push({ sheet: table.name, column: columnOf.get(key)!, row: row.number, key: message, params });
    const cell = (key: PeopleImportColumn) => (columnOf.has(key) && writable.has(key) ? row.cells[columnOf.get(key)!] : undefined);
    const at = (key: PeopleImportColumn) => importCellKey(table.name, columnLetter(columnOf.get(key)! + 1), row.number);
    const fields: Record<string, unknown> = {};
    let valid = true;
    const fail = (key: PeopleImportColumn, message: string, params?: Record<string, unknown>) => {
      problem(key, message, params);
      valid = false;
    };

    for (const key of PLAIN_FIELDS) {
      if (!columnOf.has(key)) continue;
      const raw = DATE_FIELDS.has(key) ? dateText(cell(key)) : textOf(cell(key));
      if (raw === null && !REQUIRED_IMPORT_COLUMNS.includes(key)) continue;
      const choices = ENUMS[key];
      if (choices && raw !== null && !choices.includes(raw.trim())) {
        fail(key, "peopleImport.notOneOf", { values: choices.join(", ") });
        continue;
      }
      const parsed = parseField(key, raw === null ? "" : choices ? raw.trim() : raw);
      if ("key" in parsed) fail(key, parsed.key, parsed.params);
      else fields[key] = parsed.value;
    }

    // E-mails and employee numbers: unique in the workspace and in the file; either names a manager further down.
    const unique = (key: "email" | "employee_number", value: string | null, taken: ReadonlySet<string>, inFile: Map<string, string>, takenKey: string) => {
      if (value === null) return;
      if (taken.has(value)) fail(key, takenKey);
      else if (inFile.has(value)) fail(key, "peopleImport.duplicateInFile", { cell: inFile.get(value) });
      else {
        inFile.set(value, at(key));
        rowOfKey.set(value, row.number);
      }
    };
    unique("email", typeof fields.email === "string" ? fields.email : null, known.emails, fileEmails, "validation.emailTaken");
    unique("employee_number", typeof fields.employee_number === "string" ? lower(fields.employee_number) : null, known.numbers, fileNumbers, "users.employeeNumberTaken");

    const level = textOf(cell("access_level"));
    if (level !== null && !(level.trim() in IMPORT_ACCESS_LEVELS)) fail("access_level", "peopleImport.notOneOf", { values: Object.keys(IMPORT_ACCESS_LEVELS).join(", ") });
    fields.access_level = level !== null && level.trim() in IMPORT_ACCESS_LEVELS ? IMPORT_ACCESS_LEVELS[level.trim() as keyof typeof IMPORT_ACCESS_LEVELS] : 1;

    const roleName = textOf(cell("role"));
    const role = roleName === null ? null : known.roles.get(lower(roleName));
    if (roleName !== null && !role) fail("role", "peopleImport.unknownRole", { name: roleName });
    fields.role_id = role?.id ?? null;
    const allowed = decide(actor, "users.create", { id: 0, access_level: fields.access_level as number, role_permissions: role?.permissions ?? [] });
    if (allowed !== true) fail(columnOf.has("role") ? "role" : "access_level", allowed.reason, allowed.params);

    const currency = typeof fields.currency === "string" && isCurrencyCode(fields.currency) ? fields.currency : known.currency;
    const rate = cell("base_rate");
    if (rate && rate.value !== null) {
      const amount = amountOf(rate, minorDigits(currency), false);
      if ("key" in amount) fail("base_rate", amount.key, amount.params);
      else fields.base_rate = amount.minor;
    }

    const locationIds: number[] = [];
    for (const name of (textOf(cell("work_locations")) ?? "").split(";").map((part) => part.trim()).filter(Boolean)) {
      const id = known.locations.get(lower(name));
      if (id === undefined) fail("work_locations", "peopleImport.unknownLocation", { name });
      else if (!locationIds.includes(id)) locationIds.push(id);
    }
    if (locationIds.length > 0) fields.work_location_ids = locationIds.sort((a, b) => a - b);

    const scheduleName = textOf(cell("schedule"));
    const scheduleId = scheduleName === null ? null : (known.schedules.get(lower(scheduleName)) ?? null);
    if (scheduleName !== null && scheduleId === null) fail("schedule", "peopleImport.unknownSchedule", { name: scheduleName });

    if (typeof fields.hire_date === "string" && typeof fields.end_date === "string" && fields.end_date < fields.hire_date) fail("end_date", "validation.endBeforeStart");

    const person: ImportedPerson = { row: row.number, fields: fields as ImportedPerson["fields"], manager: null, scheduleId, locationIds };
    const managerText = textOf(cell("manager"));
    if (managerText !== null) pendingManagers.push({ person, text: managerText, column: columnOf.get("manager")! });
    if (valid) people.push(person);
  }

  // Managers last: one may be a person further down the file.
  for (const { person, text, column } of pendingManagers) {
    const key = lower(text);
    const existing = known.managers.get(key);
    const inFile = rowOfKey.get(key);
    if (existing !== undefined) person.manager = { userId: existing };
    else if (inFile !== undefined && inFile !== person.row) person.manager = { row: inFile };
    else problems.push({ sheet: table.name, column, row: person.row, key: inFile === person.row ? "users.ownManager" : "peopleImport.unknownManager", params: { value: text } });
  }

  if (table.rows.length < 2 && problems.length === 0) problems.push(fileProblem("peopleImport.noPeople"));
  if (problems.length > 0) throw spreadsheetRejection(problems);
  return people;
}
