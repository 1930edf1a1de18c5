/**
 * Payroll as both sides see it: pay components (earnings and deductions,
 * each a fixed amount, a percentage or a formula), rate tables (tax brackets
 * and contribution bands, versioned by the date they take effect), payroll
 * runs and their payslips. Amounts and rates people type are exact decimal
 * strings in major units ("1500.00", "0.05"); computed money is integer
 * minor units from the rounding of each component on.
 */
import { z } from "zod";
import { calendarDate, isCalendarDate } from "./schedules";
import { isoTimestamp } from "./replies";
import { PAY_BASES } from "./users";
import { currencyCode, MESSAGE, minorUnits, recordId, requiredText } from "./validation";

export const COMPONENT_KINDS = ["earning", "deduction"] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

/** A payslip line: an earning, a deduction, or what the employer pays on top (not taken from the person). */
export const LINE_KINDS = ["earning", "deduction", "employer"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/**
 * What formulas read besides components: the period's pay and attendance.
 * Lower case, so no component code (upper case) is ever mistaken for one.
 */
export const PAY_VARIABLES = [
  "basic",
  "daily_rate",
  "hourly_rate",
  "days_worked",
  "hours_worked",
  /** Overtime on workdays; a rest day's or a holiday's hours, their overtime and night hours have their own names. */
  "overtime_hours",
  "rest_day_hours",
  "rest_day_overtime_hours",
  "regular_holiday_hours",
  "regular_holiday_overtime_hours",
  "special_holiday_hours",
  "special_holiday_overtime_hours",
  /** A holiday on the person's rest day, apart from both: DOLE pays it more than either. */
  "special_holiday_rest_day_hours",
  "special_holiday_rest_day_overtime_hours",
  "regular_holiday_rest_day_hours",
  "regular_holiday_rest_day_overtime_hours",
  "night_hours",
  /** Of night_hours, those on a rest day, a regular holiday, a special day: their premium is a share of that day's rate. */
  "rest_day_night_hours",
  "regular_holiday_night_hours",
  "special_holiday_night_hours",
  "special_holiday_rest_day_night_hours",
  "regular_holiday_rest_day_night_hours",
  /** Regular holidays (special non-working days) on the person's workdays that they did not work; regular ones as the settings' rule pays them. */
  "regular_holidays_unworked",
  "special_holidays_unworked",
  "late_minutes",
  "undertime_minutes",
  "absences",
  /** Workdays of approved leave in the attendance window, paid and unpaid types apart (half days 0.5); leave_days("CODE") by type. */
  "paid_leave_days",
  "unpaid_leave_days",
  /** The payroll settings a formula may read: one place to change a rate the law sets. */
  "overtime_multiplier",
  "hours_per_day",
  "working_days_per_month",
  /** The period among the pay frequency's: 12, 24, 26 or 52 a year; its place in its month; 1 when it is the month's last. */
  "periods_per_year",
  "period_in_month",
  "last_period_in_month",
  /** 1 when the rate in force at the period's end is monthly (daily, hourly), else 0: a component for one kind of pay. */
  "paid_monthly",
  "paid_daily",
  "paid_hourly",
  "gross",
  "taxable",
] as const;
export type PayVariable = (typeof PAY_VARIABLES)[number];
export const isPayVariable = (name: string): name is PayVariable => (PAY_VARIABLES as readonly string[]).includes(name);

/**
 * Functions of a code that read a fact of the person rather than compute: the days of a leave type in the run's
 * attendance window and its balance. Their readings are names like the variables' (`leave_days("VL")`): listed among
 * what a formula reads, shown in its explanation, and 0 for a code the person has nothing of.
 */
export const PAY_CODE_FUNCTIONS = ["leave_days", "leave_balance"] as const;
export type PayCodeFunction = (typeof PAY_CODE_FUNCTIONS)[number];
export const codeReading = (fn: PayCodeFunction, code: string) => `${fn}("${code}")`;
const CODE_READING = new RegExp(`^(${PAY_CODE_FUNCTIONS.join("|")})\\("([^"]*)"\\)$`);
export function parseCodeReading(name: string): { fn: PayCodeFunction; code: string } | null {
  const match = CODE_READING.exec(name);
  return match ? { fn: match[1] as PayCodeFunction, code: match[2] } : null;
}

/** What mtd("…") reads besides components' codes: the totals each payslip keeps. */
export const MONTH_TO_DATE_TOTALS = ["basic", "gross", "taxable", "net"] as const;
export type MonthToDateTotal = (typeof MONTH_TO_DATE_TOTALS)[number];

/** A component's or a rate table's code: what formulas name it by. */
export const payCode = z
  .string({ error: MESSAGE.required })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9_]{0,31}$/, { error: "payroll.codeFormat" });

/** An exact decimal as people type it: digits, at most one point, up to 6 decimals, optionally negative. */
export const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,6})?$/;
const decimalText = z.string({ error: MESSAGE.invalidType }).trim().regex(DECIMAL_TEXT, { error: "payroll.decimal" });
const nonNegativeDecimal = decimalText.refine((text) => !text.startsWith("-"), { error: MESSAGE.notNegative });

export const calculation = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("fixed"), amount: decimalText }),
    /** rate × of, where `of` is a variable or a component's code. */
    z.strictObject({ type: z.literal("percent"), rate: decimalText, of: z.string({ error: MESSAGE.required }).trim().min(1, { error: MESSAGE.required }).max(32, { error: MESSAGE.maxLength }) }),
    z.strictObject({ type: z.literal("formula"), expression: z.string({ error: MESSAGE.required }).max(2000, { error: MESSAGE.maxLength }) }),
  ],
  { error: "payroll.calculationType" },
);
export type Calculation = z.infer<typeof calculation>;

const componentFields = {
  code: payCode,
  name: requiredText(120),
  kind: z.enum(COMPONENT_KINDS, { error: MESSAGE.invalid }),
  /** Earnings: counted in taxable income. */
  taxable: z.boolean({ error: MESSAGE.invalidType }),
  /** Deductions: taken off taxable income (contributions before tax). */
  pre_tax: z.boolean({ error: MESSAGE.invalidType }),
  /** What the employer pays beside this line (its share of a contribution). */
  employer_share: calculation.nullable(),
  calculation,
  active: z.boolean({ error: MESSAGE.invalidType }),
  /** Where the line sits on the payslip, lowest first. */
  order: z.number({ error: MESSAGE.invalidType }).int({ error: MESSAGE.invalid }).min(0, { error: MESSAGE.invalid }).max(9999, { error: MESSAGE.invalid }),
};

/** taxable belongs to earnings, pre_tax to deductions: the other kind's flag is refused rather than ignored. */
function kindFlags(value: { kind?: ComponentKind; taxable?: boolean; pre_tax?: boolean }, ctx: z.RefinementCtx): void {
  if (value.kind === "deduction" && value.taxable) ctx.addIssue({ code: "custom", path: ["taxable"], message: "payroll.components.taxableEarningsOnly" });
  if (value.kind === "earning" && value.pre_tax) ctx.addIssue({ code: "custom", path: ["pre_tax"], message: "payroll.components.preTaxDeductionsOnly" });
}

export const componentBody = z
  .strictObject({
    ...componentFields,
    taxable: componentFields.taxable.default(false),
    pre_tax: componentFields.pre_tax.default(false),
    employer_share: componentFields.employer_share.default(null),
    active: componentFields.active.default(true),
    order: componentFields.order.default(100),
  })
  .superRefine(kindFlags);

/** An update sends some fields; the flags are checked against the kind once merged with the stored component. */
export const componentUpdateBody = z.strictObject(componentFields).partial();

export type ComponentBody = z.infer<typeof componentBody>;
export type ComponentUpdate = z.infer<typeof componentUpdateBody>;

export const componentRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(COMPONENT_KINDS),
  taxable: z.boolean(),
  pre_tax: z.boolean(),
  employer_share: calculation.nullable(),
  calculation,
  active: z.boolean(),
  order: z.number().int(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type ComponentRecord = z.infer<typeof componentRecord>;

export const RATE_TABLE_KINDS = ["progressive", "bands"] as const;
export type RateTableKind = (typeof RATE_TABLE_KINDS)[number];

/** Income-tax brackets: base + rate × (x − over), for the row with the greatest `over` below x. */
export const progressiveRow = z.strictObject({ over: nonNegativeDecimal, base: nonNegativeDecimal, rate: nonNegativeDecimal });
/** Contribution bands: the value of the band holding x (from ≤ x ≤ to; no `to` is open-ended). */
export const bandRow = z.strictObject({ from: nonNegativeDecimal, to: nonNegativeDecimal.nullable(), value: decimalText });
export type ProgressiveRow = z.infer<typeof progressiveRow>;
export type BandRow = z.infer<typeof bandRow>;

export const MAX_TABLE_ROWS = 200;

const compare = (a: string, b: string) => Number(a) - Number(b);

/** Rows in order, none overlapping: a table a person can read from top to bottom, and one answer for each x. */
function tableRows(value: { kind?: RateTableKind; rows?: unknown[] }, ctx: z.RefinementCtx): void {
  const rows = value.rows ?? [];
  const parsed = value.kind === "progressive" ? z.array(progressiveRow).safeParse(rows) : value.kind === "bands" ? z.array(bandRow).safeParse(rows) : null;
  if (!parsed) return;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["rows", ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))], message: issue.message });
    return;
  }
  parsed.data.forEach((row, index) => {
    if (value.kind === "progressive") {
      const previous = parsed.data[index - 1] as ProgressiveRow | undefined;
      if (previous && compare((row as ProgressiveRow).over, previous.over) <= 0) ctx.addIssue({ code: "custom", path: ["rows", index, "over"], message: "payroll.tables.ascending" });
      return;
    }
    const band = row as BandRow;
    if (band.to !== null && compare(band.to, band.from) < 0) ctx.addIssue({ code: "custom", path: ["rows", index, "to"], message: "payroll.tables.toBeforeFrom" });
    const previous = parsed.data[index - 1] as BandRow | undefined;
    if (previous && (previous.to === null || compare(band.from, previous.to) <= 0)) ctx.addIssue({ code: "custom", path: ["rows", index, "from"], message: "payroll.tables.overlap" });
  });
}

const tableFields = {
  code: payCode,
  name: requiredText(120),
  kind: z.enum(RATE_TABLE_KINDS, { error: MESSAGE.invalid }),
  effective_from: calendarDate,
  rows: z.array(z.unknown()).min(1, { error: "payroll.tables.noRows" }).max(MAX_TABLE_ROWS, { error: "payroll.tables.tooManyRows" }),
};

export const rateTableBody = z.strictObject(tableFields).superRefine(tableRows);
/** kind and rows travel together: rows are only read against their kind. */
export const rateTableUpdateBody = z
  .strictObject(tableFields)
  .partial()
  .superRefine((value, ctx) => {
    if ((value.rows === undefined) !== (value.kind === undefined)) ctx.addIssue({ code: "custom", path: [value.rows === undefined ? "rows" : "kind"], message: "payroll.tables.kindWithRows" });
    tableRows(value, ctx);
  });

export type RateTableBody = z.infer<typeof rateTableBody>;
export type RateTableUpdate = z.infer<typeof rateTableUpdateBody>;

export const rateTableRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(RATE_TABLE_KINDS),
  effective_from: z.string(),
  rows: z.array(z.union([progressiveRow, bandRow])),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type RateTableRecord = z.infer<typeof rateTableRecord>;

/** Evaluates one component for one person and period, without saving anything. */
export const previewBody = z.strictObject({
  component: componentBody,
  user_id: recordId,
  period_start: calendarDate,
  period_end: calendarDate,
});

export const previewReply = z.object({
  /** The component's result in minor units. */
  amount: z.number().int(),
  employer_amount: z.number().int().nullable(),
  currency: z.string(),
  /** What the formula read: each variable, component and mtd("…") with its value as exact decimal text. */
  inputs: z.record(z.string(), z.string()),
});
export type PreviewReply = z.infer<typeof previewReply>;

export const OVERRIDE_MODES = ["amount", "rate", "exclude"] as const;
export type OverrideMode = (typeof OVERRIDE_MODES)[number];

/**
 * One person's exception to a component over a stretch of dates: a fixed
 * amount instead of the calculation, another rate (a percentage's), or
 * no line at all.
 */
export const overrideBody = z
  .strictObject({
    user_id: recordId,
    component_id: recordId,
    mode: z.enum(OVERRIDE_MODES, { error: MESSAGE.invalid }),
    value: decimalText.nullable().default(null),
    effective_from: calendarDate,
    effective_to: calendarDate.nullable().default(null),
    reason: requiredText(500),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== "exclude" && value.value === null) ctx.addIssue({ code: "custom", path: ["value"], message: MESSAGE.required });
    if (value.effective_to !== null && value.effective_to < value.effective_from) ctx.addIssue({ code: "custom", path: ["effective_to"], message: "payroll.overrides.endBeforeStart" });
  });
export type OverrideBody = z.infer<typeof overrideBody>;

export const overrideRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  component_id: z.number().int(),
  component_code: z.string(),
  mode: z.enum(OVERRIDE_MODES),
  value: z.string().nullable(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  reason: z.string(),
  created_at: isoTimestamp,
});
export type OverrideRecord = z.infer<typeof overrideRecord>;

export const RUN_STATUSES = ["draft", "calculated", "approved", "released"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A run's longest period: a quarter, for catch-up runs; regular periods are a month or shorter. */
export const MAX_PERIOD_DAYS = 92;

export const runPeople = z.union([
  z.literal("all"),
  z.strictObject({ user_ids: z.array(recordId).min(1, { error: "payroll.runs.noPeople" }).max(50_000, { error: MESSAGE.invalid }).transform((ids) => [...new Set(ids)]) }),
  z.strictObject({ department: requiredText(120) }),
]);
export type RunPeople = z.infer<typeof runPeople>;
/** The same choice as replies carry it (no transforms in a reply's schema). */
const runPeopleRecord = z.union([z.literal("all"), z.object({ user_ids: z.array(z.number().int()) }), z.object({ department: z.string() })]);

const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

export const runBody = z
  .strictObject({
    name: requiredText(120).optional(),
    period_start: calendarDate,
    period_end: calendarDate,
    pay_date: calendarDate,
    people: runPeople.default("all"),
    /** An off-cycle run correcting this released run; without it the run is the period's regular one. */
    corrects_id: recordId.nullable().default(null),
    /**
     * The attendance the run pays (its cut-off): by default its period. An office that closes attendance a few days before
     * the pay date pays the days up to the cut-off, and the days after it in the next run.
     */
    attendance_start: calendarDate.nullable().default(null),
    attendance_end: calendarDate.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    // A date refused already (month 13) compared with the other would add a wrong "ends before it starts".
    if (!isCalendarDate(value.period_start) || !isCalendarDate(value.period_end)) return;
    if (value.period_end < value.period_start) ctx.addIssue({ code: "custom", path: ["period_end"], message: "payroll.runs.endBeforeStart" });
    // Pay for days that have not begun is an advance, not a run: a run's pay date is in or after its period.
    if (isCalendarDate(value.pay_date) && value.pay_date < value.period_start) ctx.addIssue({ code: "custom", path: ["pay_date"], message: "payroll.runs.payBeforePeriod" });
    else if (dayCount(value.period_start, value.period_end) > MAX_PERIOD_DAYS) ctx.addIssue({ code: "custom", path: ["period_end"], message: "payroll.runs.periodTooLong", params: { max: MAX_PERIOD_DAYS } });
    attendanceWindowIssues(value).forEach((issue) => ctx.addIssue({ code: "custom", ...issue }));
  });

/** The attendance window's own checks: both ends or neither, in order, no longer than a period, and closing by the period's end. */
function attendanceWindowIssues(value: { period_end: string; attendance_start: string | null; attendance_end: string | null }) {
  const { attendance_start: start, attendance_end: end } = value;
  if (start === null && end === null) return [];
  if (start === null) return [{ path: ["attendance_start"], message: MESSAGE.required }];
  if (end === null) return [{ path: ["attendance_end"], message: MESSAGE.required }];
  if (!isCalendarDate(start) || !isCalendarDate(end)) return [];
  if (end < start) return [{ path: ["attendance_end"], message: "payroll.runs.endBeforeStart" }];
  if (dayCount(start, end) > MAX_PERIOD_DAYS) return [{ path: ["attendance_end"], message: "payroll.runs.periodTooLong", params: { max: MAX_PERIOD_DAYS } }];
  // Days after the period are the next run's to pay: the window closes on its last day at the latest.
  if (end > value.period_end) return [{ path: ["attendance_end"], message: "payroll.runs.attendanceAfterPeriod" }];
  return [];
}
export type RunBody = z.infer<typeof runBody>;

export const reopenBody = z.strictObject({ reason: requiredText(500) });

/** Releasing while the run's attendance window is still open (today or later) asks to be confirmed: days recorded after it are not its to pay. */
export const releaseBody = z.strictObject({ confirm_open_attendance: z.boolean({ error: MESSAGE.invalidType }).default(false) });

export const RUN_WARNINGS = ["nothing_to_pay", "missing_rate", "negative_net", "formula_error", "other_run", "other_currency", "no_attendance"] as const;
export type RunWarningKind = (typeof RUN_WARNINGS)[number];
/** Warnings that stop a run from being approved: a payslip that cannot be paid as it stands. */
export const BLOCKING_WARNINGS: readonly RunWarningKind[] = ["negative_net", "formula_error"];

/** A warning as the run keeps it: the message of a formula that failed is a key, worded when read. */
export interface StoredRunWarning {
  user_id: number;
  user_name: string;
  kind: RunWarningKind;
  /** The component whose formula failed, or the other currency. */
  detail?: string;
  error?: { key: string; params: Record<string, string | number> };
}

export const runWarning = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  kind: z.enum(RUN_WARNINGS),
  detail: z.string().nullable(),
  /** Why a formula failed, in the reader's language. */
  message: z.string().nullable(),
});
export type RunWarning = z.infer<typeof runWarning>;

/**
 * What a regular run still being prepared should know of its place in the pay calendar: a period that is
 * not one of the pay frequency's (detail: the frequency), or an earlier run of the same month that is not
 * approved yet (run_id and detail: that run and its name), whose figures mtd() does not read until it is.
 * Any run not yet approved: attendance recorded only part of the way through its window (detail: the last day
 * recorded), and leave requests of its people in the window still waiting for a decision (detail: how many).
 */
export const RUN_NOTICES = ["period_misfit", "earlier_run_open", "attendance_incomplete", "leave_pending"] as const;
export const runNotice = z.object({
  kind: z.enum(RUN_NOTICES),
  detail: z.string(),
  run_id: z.number().int().nullable(),
});
export type RunNotice = z.infer<typeof runNotice>;

export const runTotals = z.object({
  people: z.number().int(),
  gross: z.number().int(),
  deductions: z.number().int(),
  net: z.number().int(),
  /** Gross plus the employer's contributions: what the run costs the company. */
  employer_cost: z.number().int(),
});
export type RunTotals = z.infer<typeof runTotals>;

const stamp = z.object({ by: z.number().int().nullable(), by_name: z.string().nullable(), at: isoTimestamp }).nullable();

export const runRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(["regular", "off_cycle"]),
  corrects_id: z.number().int().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  /** The attendance the run pays: its period unless the office closed attendance earlier. */
  attendance_start: z.string(),
  attendance_end: z.string(),
  pay_date: z.string(),
  people: runPeopleRecord,
  status: z.enum(RUN_STATUSES),
  currency: z.string(),
  /** The calculation job following this run, while one is queued or running. */
  job_id: z.number().int().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }).nullable(),
  totals: runTotals,
  warnings: z.array(runWarning),
  notices: z.array(runNotice),
  calculated: stamp,
  approved: stamp,
  released: stamp,
  /** Whether settings want someone other than the calculator to approve. */
  separate_approver: z.boolean(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type RunRecord = z.infer<typeof runRecord>;

export const summaryStats = z.object({
  runs: z.record(z.enum(RUN_STATUSES), z.number().int()),
  /** The last released run's totals, and the year's so far, in the company's currency. */
  last_released: z.object({ id: z.number().int(), name: z.string(), pay_date: z.string(), totals: runTotals }).nullable(),
  year_to_date: runTotals,
  currency: z.string(),
});

export const payslipLine = z.object({ code: z.string(), name: z.string(), kind: z.enum(LINE_KINDS), amount: z.number().int() });
export type PayslipLine = z.infer<typeof payslipLine>;

/** The attendance and pay a payslip was computed from. */
export const payslipInputs = z.object({
  pay_basis: z.string().nullable(),
  rate: z.number().int().nullable(),
  /** The period's basic pay in minor units (what mtd("basic") adds up); absent on payslips calculated before it was kept. */
  basic: z.number().int().nullable().optional(),
  days_worked: z.number(),
  /** Hours to two decimals, as payslips before exact minutes kept them; shown only where the minutes are missing. */
  hours_worked: z.number(),
  overtime_hours: z.number(),
  /** The period's minutes worked and of workday overtime, exact. */
  worked_minutes: z.number().int().optional(),
  overtime_minutes: z.number().int().optional(),
  late_minutes: z.number().int(),
  undertime_minutes: z.number().int(),
  absences: z.number().int(),
});
export type PayslipInputs = z.infer<typeof payslipInputs>;

export const payslipRecord = z.object({
  id: z.number().int(),
  payroll_id: z.number().int(),
  payroll_name: z.string(),
  status: z.enum(RUN_STATUSES),
  user_id: z.number().int(),
  user_name: z.string(),
  employee_number: z.string().nullable(),
  department: z.string().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  pay_date: z.string(),
  currency: z.string(),
  gross: z.number().int(),
  deductions: z.number().int(),
  net: z.number().int(),
  employer_cost: z.number().int(),
  taxable: z.number().int(),
  lines: z.array(payslipLine),
  inputs: payslipInputs,
  /** Set when a released payslip was withdrawn. */
  withdrawn_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
});
export type PayslipRecord = z.infer<typeof payslipRecord>;

/** A rate table read while a line was worked out: what it was given, the row that answered (none below its first), and the answer. Decimals as text, exact. */
export const tableReading = z.object({ code: z.string(), x: z.string(), row: z.union([progressiveRow, bandRow]).nullable(), result: z.string() });
export type TableReading = z.infer<typeof tableReading>;

/** Where a line's amount came from: its component's calculation, the person's override of it (an amount, or a rate for a percent), or a one-off adjustment. */
export const EXPLANATION_SOURCES = ["calculation", "override_amount", "override_rate", "adjustment"] as const;

/**
 * How one payslip line was worked out, as it was when calculated: the calculation (a formula, a fixed amount or a percent), the value
 * of every variable and component it read, what it read of the month's other runs (mtd), and the table rows it used. Values are
 * decimals in major units, exact as the calculation had them (components rounded as on the payslip).
 */
export const lineExplanation = z.object({
  code: z.string(),
  kind: z.enum(LINE_KINDS),
  source: z.enum(EXPLANATION_SOURCES),
  /** The calculation it followed; null for an amount set for the person and an adjustment. */
  calculation: calculation.nullable(),
  /** The amount or rate set for the person (override_amount, override_rate). */
  override: z.string().nullable(),
  reads: z.array(z.object({ name: z.string(), value: z.string() })),
  month_to_date: z.array(z.object({ code: z.string(), value: z.string() })),
  tables: z.array(tableReading),
});
export type LineExplanation = z.infer<typeof lineExplanation>;

/** GET /api/payslips/{id}: the payslip and how each line was worked out (null for a payslip imported from a file or calculated before explanations were kept). */
export const payslipDetail = payslipRecord.extend({ explanation: z.array(lineExplanation).nullable() });
export type PayslipDetail = z.infer<typeof payslipDetail>;

/**
 * What a calculation keeps with a payslip to explain it (stored, not a reply): the formula set it used (by digest), the value of
 * every name its lines read, the month-to-date amounts read, the table readings by line ("CODE", or "CODE/employer" for an
 * employer's share) and the person's overrides.
 */
export interface PayslipTrace {
  formulas: string;
  values: Record<string, string>;
  month_to_date: Record<string, string>;
  tables: (TableReading & { line: string })[];
  overrides: Record<string, { mode: "amount" | "rate"; value: string }>;
}

/** A person's pay between two runs: the net's change and the components that moved. */
export const comparisonRow = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  /** Null for someone the previous run paid and this one does not. */
  net: z.number().int().nullable(),
  /** Null for someone new to this run. */
  previous_net: z.number().int().nullable(),
  change: z.number().int(),
  /** Lines whose amount moved; a deduction and its employer share are told apart by kind. */
  moved: z.array(z.object({ code: z.string(), name: z.string(), kind: z.enum(LINE_KINDS), amount: z.number().int(), previous: z.number().int() })),
});
export const comparisonReply = z.object({ previous: z.object({ id: z.number().int(), name: z.string() }).nullable(), rows: z.array(comparisonRow) });
export type ComparisonReply = z.infer<typeof comparisonReply>;

/** A person's rate from a date on (their pay history); rate in minor units of currency per month, day or hour. */
export const payRateBody = z.strictObject({
  effective_from: calendarDate,
  pay_basis: z.enum(PAY_BASES, { error: MESSAGE.invalid }),
  rate: minorUnits.refine((value) => value > 0, { error: "payroll.rates.positive" }),
  currency: currencyCode,
});
export type PayRateBody = z.infer<typeof payRateBody>;

export const payRateRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  effective_from: z.string(),
  pay_basis: z.enum(PAY_BASES),
  rate: z.number().int(),
  currency: z.string(),
  /** Who entered it; null for a rate carried over from the person's record. */
  created_by_name: z.string().nullable(),
  created_at: isoTimestamp,
});
export type PayRateRecord = z.infer<typeof payRateRecord>;
