/**
 * A payroll run as a sheet (issue 13 section 2): the grid the /payroll review
 * shows (GET /api/payroll-sheet/{run}/{sheet}), the same figures as XLSX or
 * CSV (GET /api/payroll/download/{id}?format=xlsx|csv), a file in that layout
 * filling a draft or calculated run (POST /api/payroll/{id}/import), and the
 * released run's bank transfer file (GET /api/payroll/{id}/bank-file).
 *
 * Money is integer minor units in the run's currency on the wire; files carry
 * major units. Every column of a file names what it holds in its header as
 * "Title [key]" (e.g. "Basic pay [BASIC]", "Levy (employer) [LEVY:employer]",
 * "Net [net]"), so an import maps columns by key whatever language or order
 * the file's titles are in.
 */
import { z } from "zod";
import { LINE_KINDS, runRecord, RUN_STATUSES } from "./payroll";
import { dataReply, errorReply, listMetaSchema } from "./replies";
import { MESSAGE, recordId } from "./validation";

/** The `sheet` of the path for every person of the run. */
export const SHEET_ALL = "all";
/** The `sheet` of the path for the people without a department (no department name is "-"). */
export const SHEET_NO_DEPARTMENT = "-";

/** Grid pages: the whole sheet's totals come with every page. */
export const SHEET_DEFAULT_PER_PAGE = 100;
export const SHEET_MAX_PER_PAGE = 500;

/** The columns before the components (who), and after them (totals), by the key their header carries. */
export const SHEET_PERSON_COLUMNS = ["employee_number", "name", "department", "position"] as const;
export const SHEET_TOTAL_COLUMNS = ["gross", "deductions", "net", "employer_cost"] as const;
export type SheetPersonColumn = (typeof SHEET_PERSON_COLUMNS)[number];
export type SheetTotalColumn = (typeof SHEET_TOTAL_COLUMNS)[number];

/**
 * One-off adjustments (payslip lines no component makes: their code, e.g.
 * "ADJ-12", is not a component's) gather in one column per kind. An import
 * takes none: what a file pays goes under a component's column.
 */
export const ADJUSTMENT_COLUMNS = { earning: "adjustments_earning", deduction: "adjustments_deduction" } as const;

const COMPONENT_CODE = /^[A-Z][A-Z0-9_]{0,31}$/;

/** The column a payslip line counts in: its component's code, code + ":employer" for an employer's share, or its kind's adjustments. */
export function componentColumnKey(code: string, kind: (typeof LINE_KINDS)[number]): string {
  if (!COMPONENT_CODE.test(code)) return kind === "deduction" ? ADJUSTMENT_COLUMNS.deduction : ADJUSTMENT_COLUMNS.earning;
  return kind === "employer" ? `${code}:employer` : code;
}

/** One component column of the run: earnings, then deductions, then employer shares, each by the component's order then code, adjustments after their kind's components. */
export const sheetColumn = z.object({
  /** What `amounts` is keyed by and the file's header carries in brackets. */
  key: z.string(),
  /** The component's code; null for an adjustments column. */
  code: z.string().nullable(),
  name: z.string(),
  kind: z.enum(LINE_KINDS),
});
export type SheetColumn = z.infer<typeof sheetColumn>;

const figures = {
  /** Minor units per column key; 0 where the person has no such line. */
  amounts: z.record(z.string(), z.number().int()),
  gross: z.number().int(),
  deductions: z.number().int(),
  net: z.number().int(),
  employer_cost: z.number().int(),
};

export const sheetRow = z.object({
  user_id: z.number().int(),
  employee_number: z.string().nullable(),
  name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  ...figures,
});
export type SheetRow = z.infer<typeof sheetRow>;

/** The whole sheet's sums (every page), and how many people it has. */
export const sheetTotals = z.object({ people: z.number().int(), ...figures });
export type SheetTotals = z.infer<typeof sheetTotals>;

/** A tab of the grid: a department of the run (null: people without one) and the `sheet` that shows it. */
export const sheetDepartment = z.object({ name: z.string().nullable(), sheet: z.string(), people: z.number().int() });
export type SheetDepartment = z.infer<typeof sheetDepartment>;

export const payrollSheetParams = z.strictObject({
  run: z.coerce.number({ error: MESSAGE.invalid }).pipe(recordId),
  /** A department's name (any case), SHEET_NO_DEPARTMENT, or SHEET_ALL. */
  sheet: z.string().trim().min(1, { error: MESSAGE.required }).max(120, { error: MESSAGE.maxLength }),
});

export const payrollSheetQuery = z.strictObject({
  page: z.coerce.number({ error: MESSAGE.invalid }).int({ error: MESSAGE.invalid }).min(1, { error: MESSAGE.invalid }).max(100_000, { error: MESSAGE.invalid }).default(1),
  per_page: z.coerce.number({ error: MESSAGE.invalid }).int({ error: MESSAGE.invalid }).min(1, { error: MESSAGE.invalid }).max(SHEET_MAX_PER_PAGE, { error: MESSAGE.invalid }).default(SHEET_DEFAULT_PER_PAGE),
});

/** GET /api/payroll-sheet/{run}/{sheet} answers `{ data: PayrollSheetReply }`: one page of the sheet's people (by name), with every column and the sheet's totals. */
export const payrollSheetReply = z.object({
  run: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(RUN_STATUSES),
    currency: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    pay_date: z.string(),
  }),
  /** The sheet shown: SHEET_ALL, SHEET_NO_DEPARTMENT or the department's name as stored. */
  sheet: z.string(),
  /** Every department of the run with people in it (for tabs), by name, people without one last. */
  departments: z.array(sheetDepartment),
  /** The component columns of the whole run (the same on every tab). */
  columns: z.array(sheetColumn),
  rows: z.array(sheetRow),
  totals: sheetTotals,
  meta: listMetaSchema,
});
export type PayrollSheetReply = z.infer<typeof payrollSheetReply>;

/** GET /api/payroll/download/{id}?format=: XLSX (a worksheet per department and a summary) or CSV (one table). */
export const SHEET_FILE_FORMATS = ["xlsx", "csv"] as const;
export const sheetDownloadQuery = z.strictObject({ format: z.enum(SHEET_FILE_FORMATS, { error: "validation.exportFormat" }).default("xlsx") });

/** POST /api/payroll/{id}/import: the largest file taken, and how many cell errors a refusal lists. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ERRORS = 500;

/**
 * The import's refusal is the spec's 422, `{ message, errors }`, where each
 * key of `errors` names a cell as "<sheet>!<column letter><row>" ("Sales!D7";
 * a CSV's sheet is IMPORT_CSV_SHEET) and its messages say what is wrong with
 * it, in the reader's language. A problem of the whole file (not a
 * spreadsheet, too large) is on the key "file". The message says how many
 * errors there are, beyond the MAX_IMPORT_ERRORS listed.
 */
export const IMPORT_CSV_SHEET = "CSV";
export const IMPORT_FILE_KEY = "file";
export const importRejection = errorReply.required({ errors: true });
export type ImportRejection = z.infer<typeof importRejection>;

export const importCellKey = (sheet: string, column: string, row: number) => `${sheet}!${column}${row}`;

/** One error of a refused import, as a table shows it; the file's own problems have no sheet, column or row. */
export const importError = z.object({ sheet: z.string().nullable(), column: z.string().nullable(), row: z.number().int().nullable(), message: z.string() });
export type ImportError = z.infer<typeof importError>;

/** The refusal's errors as rows (sheet, row, column, reason), in the order the server listed them. */
export function importErrorsOf(errors: Record<string, string[]>): ImportError[] {
  return Object.entries(errors).flatMap(([key, messages]) => {
    // Sheet names may hold "!" themselves: the cell is after the last one.
    const bang = key.lastIndexOf("!");
    const cell = bang < 0 ? null : /^([A-Z]{1,3})(\d+)$/.exec(key.slice(bang + 1));
    const where = cell ? { sheet: key.slice(0, bang), column: cell[1], row: Number(cell[2]) } : { sheet: null, column: null, row: null };
    return messages.map((message) => ({ ...where, message }));
  });
}

/** The run once filled, with a message saying how many people it holds. */
export const payrollImportReply = dataReply(runRecord);

/** GET /api/payroll/{id}/bank-file: a CSV; people paid nothing are left out, and so are people without bank details, counted in this header. */
export const BANK_FILE_MISSING_HEADER = "x-missing-bank-details";
