/**
 * People from a spreadsheet (POST /api/users/import, XLSX or CSV), in the
 * template's layout (GET /api/users/import-template): a header row whose
 * cells end with their key in brackets ("E-mail [email]"), a row per person.
 * Every cell is checked before anything is saved; the refusal is the payroll
 * sheet's 422 naming each cell ("People!C7"; a CSV's sheet is "CSV").
 * Nobody types passwords here: each person created is e-mailed an
 * invitation to choose their own.
 */
import { z } from "zod";
import { dataReply } from "./replies";

/**
 * The columns, in the template's order. Values are as the employee form
 * takes them, except: `role`, `schedule` and `work_locations` (separated by
 * ";") by name; `manager` by e-mail or employee number (someone in the
 * workspace or in the same file); `access_level` as employee, staff or
 * super_admin; `base_rate` in major units ("30000.00"); dates as YYYY-MM-DD
 * or a date cell. Only the names and the e-mail are required.
 */
export const PEOPLE_IMPORT_COLUMNS = [
  "first_name",
  "last_name",
  "email",
  "employee_number",
  "phone",
  "department",
  "position",
  "role",
  "access_level",
  "manager",
  "employment_type",
  "employment_status",
  "hire_date",
  "end_date",
  "birth_date",
  "address",
  "emergency_contact_name",
  "emergency_contact_phone",
  "pay_basis",
  "base_rate",
  "currency",
  "bank_name",
  "bank_account",
  "tax_id",
  "social_insurance_id",
  "clock_policy",
  "work_locations",
  "schedule",
] as const;
export type PeopleImportColumn = (typeof PEOPLE_IMPORT_COLUMNS)[number];

export const REQUIRED_IMPORT_COLUMNS: readonly PeopleImportColumn[] = ["first_name", "last_name", "email"];

/** The words the access_level column takes, and the level each stands for. */
export const IMPORT_ACCESS_LEVELS = { employee: 1, staff: 2, super_admin: 0 } as const;

/** The template's (and an XLSX import's) worksheet; an XLSX import reads its first worksheet whatever its name. */
export const PEOPLE_IMPORT_SHEET = "People";

/** The most people one file may hold, and the largest file taken. */
export const PEOPLE_IMPORT_MAX_ROWS = 5_000;
export const PEOPLE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const peopleImportReply = dataReply(
  z.object({
    /** People created, each with an invitation on its way. */
    created: z.number().int(),
  }),
);

export const importTemplateQuery = z.strictObject({ format: z.enum(["xlsx", "csv"], { error: "validation.exportFormat" }).default("xlsx") });
