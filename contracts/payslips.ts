/**
 * Payslips as documents and as self-service: what a payslip shows (the one
 * shape the PDF, the app's preview and the ZIP all print from), one's own
 * payslips by year, signed download links and the download log, the payroll
 * office's edits of an unapproved payslip (adjustments, a note, taking
 * someone out of a run) and a released payslip's withdrawal.
 */
import { z } from "zod";
import { LANGUAGE_CODES } from "./auth";
import { LINE_KINDS, payslipInputs, payslipLine, payslipRecord, RUN_STATUSES } from "./payroll";
import { isoTimestamp } from "./replies";
import { MESSAGE, minorUnits, recordId, requiredText } from "./validation";

/** Year-to-date figures: everything released to the person in the calendar year up to and including this payslip's pay date. */
export const yearToDate = z.object({
  gross: z.number().int(),
  deductions: z.number().int(),
  net: z.number().int(),
  taxable: z.number().int(),
  /** Each line's year-to-date amount, by kind and code (a deduction and its employer share apart). */
  lines: z.array(z.object({ code: z.string(), name: z.string(), kind: z.enum(LINE_KINDS), amount: z.number().int() })),
});
export type YearToDate = z.infer<typeof yearToDate>;

/**
 * Everything a payslip prints. Money is integer minor units in `currency`;
 * dates are calendar dates (YYYY-MM-DD), worded by whoever prints them in
 * `language`.
 */
export const payslipDocument = z.object({
  id: z.number().int(),
  /** The language the document is worded in: the person's own (their preferences), else English. */
  language: z.enum(LANGUAGE_CODES),
  currency: z.string(),
  company: z.object({
    name: z.string(),
    /** Address lines as the company profile holds them, empty ones left out. */
    address: z.array(z.string()),
    registration_number: z.string().nullable(),
    tax_number: z.string().nullable(),
    /** The logo's bytes are the server's to embed; the app reads it from the company profile. */
    has_logo: z.boolean(),
  }),
  person: z.object({
    id: z.number().int(),
    name: z.string(),
    employee_number: z.string().nullable(),
    department: z.string().nullable(),
    position: z.string().nullable(),
    tax_id: z.string().nullable(),
    bank_name: z.string().nullable(),
    /** Only the last four characters show: "•••• 4321". */
    bank_account_masked: z.string().nullable(),
  }),
  run: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(["regular", "off_cycle"]),
    status: z.enum(RUN_STATUSES),
    period_start: z.string(),
    period_end: z.string(),
    pay_date: z.string(),
  }),
  lines: z.array(payslipLine),
  gross: z.number().int(),
  deductions: z.number().int(),
  net: z.number().int(),
  employer_cost: z.number().int(),
  taxable: z.number().int(),
  /** The attendance and rate behind the figures. */
  inputs: payslipInputs,
  year_to_date: yearToDate,
  /** A remark from the payroll office printed on the payslip. */
  note: z.string().nullable(),
  /** Set when the payroll office withdrew the released payslip: it is no longer to be relied on. */
  withdrawn: z.object({ at: isoTimestamp, reason: z.string() }).nullable(),
});
export type PayslipDocument = z.infer<typeof payslipDocument>;

/** One of one's own payslips in the year's list (GET /api/payslips/user-payslips). */
export const ownPayslipRow = payslipRecord.pick({ id: true, payroll_id: true, payroll_name: true, period_start: true, period_end: true, pay_date: true, currency: true, gross: true, deductions: true, net: true });
export type OwnPayslipRow = z.infer<typeof ownPayslipRow>;

export const ownPayslipsQuery = z.strictObject({
  /** The calendar year of the pay date; the latest year with a payslip when left out. */
  year: z.coerce.number({ error: MESSAGE.invalidType }).int({ error: MESSAGE.invalid }).min(1900, { error: MESSAGE.invalid }).max(2999, { error: MESSAGE.invalid }).optional(),
});

export const ownPayslipsReply = z.object({
  /** The year shown (null when the person has no released payslip yet). */
  year: z.number().int().nullable(),
  /** Every year with a released payslip, latest first. */
  years: z.array(z.number().int()),
  payslips: z.array(ownPayslipRow),
  /** The year's totals over the payslips listed. */
  totals: z.object({ gross: z.number().int(), deductions: z.number().int(), net: z.number().int() }),
  currency: z.string(),
});
export type OwnPayslipsReply = z.infer<typeof ownPayslipsReply>;

/** A download link that needs no bearer token, for a few minutes. */
export const signedUrlReply = z.object({ url: z.string(), expires_at: isoTimestamp });
export type SignedUrlReply = z.infer<typeof signedUrlReply>;

export const DOWNLOAD_CHANNELS = ["token", "link", "email"] as const;

/** One download of a payslip's PDF, kept for its history. */
export const payslipDownload = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  via: z.enum(DOWNLOAD_CHANNELS),
  /** Single for the one PDF; run_zip when it went out in a run's ZIP. */
  kind: z.enum(["single", "run_zip"]),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  at: isoTimestamp,
});
export type PayslipDownload = z.infer<typeof payslipDownload>;

export const withdrawBody = z.strictObject({ reason: requiredText(500) });

/** PUT /api/payslips/{id}: the remark printed on the payslip, while its run is not approved. */
export const payslipUpdateBody = z.strictObject({ note: z.string({ error: MESSAGE.invalidType }).trim().max(500, { error: MESSAGE.maxLength }).nullable() });

export const ADJUSTMENT_KINDS = ["earning", "deduction"] as const;

/**
 * A one-off line on one person's payslip in one run (a back pay, a
 * reimbursement, an advance repaid), with why. Earnings may be taxable,
 * deductions may come off before tax; either way tax and everything that
 * reads gross or taxable is computed again with it.
 */
export const adjustmentBody = z.strictObject({
  /** An existing adjustment's id to change it; left out to add one. */
  id: recordId.optional(),
  name: requiredText(120),
  kind: z.enum(ADJUSTMENT_KINDS, { error: MESSAGE.invalid }),
  amount: minorUnits.refine((value) => value > 0, { error: "payslips.adjustments.positive" }),
  taxable: z.boolean({ error: MESSAGE.invalidType }).default(false),
  pre_tax: z.boolean({ error: MESSAGE.invalidType }).default(false),
  reason: requiredText(500),
});

/** The most one-off lines a payslip takes. */
export const MAX_ADJUSTMENTS = 50;

/** The whole set of a payslip's adjustments: those left out are removed. */
export const adjustmentsBody = z.strictObject({ adjustments: z.array(adjustmentBody).max(MAX_ADJUSTMENTS, { error: MESSAGE.invalid }) });
export type AdjustmentsBody = z.infer<typeof adjustmentsBody>;

export const adjustmentRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ADJUSTMENT_KINDS),
  amount: z.number().int(),
  taxable: z.boolean(),
  pre_tax: z.boolean(),
  reason: z.string(),
  created_by_name: z.string().nullable(),
  updated_at: isoTimestamp,
});
export type AdjustmentRecord = z.infer<typeof adjustmentRecord>;

/** GET /api/payslips/{id}/edit: the payslip with what the payroll office may change on it. */
export const payslipEditReply = payslipRecord.extend({
  note: z.string().nullable(),
  adjustments: z.array(adjustmentRecord),
  /** Whether its run still takes changes (draft or calculated, not being calculated). */
  editable: z.boolean(),
});
export type PayslipEditReply = z.infer<typeof payslipEditReply>;

export const recentPayslipsReply = z.object({
  recent: z.array(payslipRecord),
  stats: z.object({
    currency: z.string(),
    /** Payslips released this calendar year, and their net. */
    released_this_year: z.number().int(),
    net_this_year: z.number().int(),
    /** Payslips in runs approved but not yet released. */
    awaiting_release: z.number().int(),
    /** Payslips in draft or calculated runs. */
    in_preparation: z.number().int(),
    withdrawn: z.number().int(),
  }),
});
export type RecentPayslipsReply = z.infer<typeof recentPayslipsReply>;
