/**
 * The workspace's settings, in groups that share one API shape
 * (`GET`/`PUT /api/settings/{group}`): each group a zod schema with today's
 * values as defaults. A PUT sends some fields of one group; the stored group
 * is those over what was there, validated whole.
 */
import { z } from "zod";
import { LANGUAGE_CODES } from "./auth";
import { DATE_FORMATS } from "./company";
import { timeOfDay } from "./schedules";
import { deliveryChoices, deliveryOverrides } from "./notification-types";
import { userPreferences } from "./users";
import { isoTimestamp } from "./replies";
import { MESSAGE, optionalText } from "./validation";

export const PAY_FREQUENCIES = ["monthly", "semi_monthly", "biweekly", "weekly"] as const;

/** When pay day falls in a month: its last day, its last working day, or a fixed day (the last day when the month is shorter). */
export const PAY_DAY_RULES = ["last_day", "last_working_day", "fixed_day"] as const;
/**
 * When an unworked regular holiday is paid to someone whose pay counts days
 * (DOLE: to one present, or on paid leave, on the workday before it; some
 * offices pay it always).
 */
export const UNWORKED_HOLIDAY_RULES = ["present_day_before", "always"] as const;
export type UnworkedHolidayRule = (typeof UNWORKED_HOLIDAY_RULES)[number];

/** How a computed amount becomes whole minor units. */
export const ROUNDING_RULES = ["half_up", "half_even", "down", "up"] as const;

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: MESSAGE.invalidType })
    .int({ error: "validation.wholeNumber" })
    .refine((value) => value >= min && value <= max, { error: "validation.between", params: { min, max } });

/**
 * A rate or a count with decimals (8, 21.75, 1.25), as an exact decimal
 * string: payroll multiplies money by it, so it never passes through a float.
 */
const decimalBetween = (min: number, max: number, places: number) =>
  z
    .string({ error: MESSAGE.invalidType })
    .trim()
    .regex(new RegExp(`^\\d{1,4}(\\.\\d{1,${places}})?$`), { error: "validation.decimal", abort: true })
    .refine((text) => Number(text) >= min && Number(text) <= max, { error: "validation.between", params: { min, max } });

export const payrollSettings = z.strictObject({
  pay_frequency: z.enum(PAY_FREQUENCIES, { error: MESSAGE.invalid }),
  pay_day_rule: z.enum(PAY_DAY_RULES, { error: MESSAGE.invalid }),
  /** The day of the month when the rule is fixed_day. */
  pay_day_of_month: wholeNumber(1, 31),
  /** Attendance closes this many days before the period ends: a new run proposes its period's days moved back by it. */
  attendance_cutoff_days: wholeNumber(0, 15),
  /** Turns a monthly rate into a daily one. */
  working_days_per_month: decimalBetween(1, 31, 2),
  /** Turns a daily rate into an hourly one. */
  hours_per_day: decimalBetween(1, 24, 2),
  overtime_multiplier: decimalBetween(1, 5, 4),
  unworked_holiday_rule: z.enum(UNWORKED_HOLIDAY_RULES, { error: MESSAGE.invalid }),
  rounding: z.enum(ROUNDING_RULES, { error: MESSAGE.invalid }),
  /** Four eyes: whoever calculated a run may not approve it. */
  separate_approver: z.boolean({ error: MESSAGE.invalidType }),
  /** Payslip PDFs open with a password the person knows: their birth date (YYYYMMDD) followed by their employee number. */
  pdf_password: z.boolean({ error: MESSAGE.invalidType }),
  /** A released payslip is e-mailed to its person with its PDF attached (protected as above). */
  email_payslips: z.boolean({ error: MESSAGE.invalidType }),
});

export const systemSettings = z.strictObject({
  session_hours: wholeNumber(1, 720),
  remember_days: wholeNumber(1, 365),
  throttle_window_minutes: wholeNumber(1, 1440),
  login_per_account_and_address: wholeNumber(1, 1000),
  login_per_account: wholeNumber(1, 10_000),
  login_per_address: wholeNumber(1, 10_000),
  forgot_per_address: wholeNumber(1, 1000),
  forgot_per_account: wholeNumber(1, 100),
  allow_registration: z.boolean({ error: MESSAGE.invalidType }),
  /** Shown on the sign-in screen to people with access trouble: an address or a phone extension. */
  admin_contact: optionalText(200).transform((value) => value ?? null),
  /** Two-factor sign-in required of level 0 and of roles holding payroll_release or users_manage (contracts/two-factor.ts). */
  two_factor_required: z.boolean({ error: MESSAGE.invalidType }),
  /** The daily backup into the server's backup directory (BACKUP_DIR): on or off, when (company time), and how many are kept. */
  backup_enabled: z.boolean({ error: MESSAGE.invalidType }),
  backup_time: timeOfDay,
  backup_keep: wholeNumber(1, 365),
});

export const notificationSettings = z.strictObject({ defaults: deliveryChoices });

/** How clock-ins are checked against work locations. */
export const attendanceSettings = z.strictObject({
  /** A position less precise than this proves nothing: refused as too imprecise. */
  max_accuracy_m: wholeNumber(10, 10_000),
  /** At most this much of a device's stated accuracy widens a location's radius. */
  accuracy_allowance_m: wholeNumber(0, 1000),
});

/** The groups the workspace keeps, each with its schema; the person's own preferences are a group of their own. */
export const SETTINGS_SCHEMAS = {
  payroll: payrollSettings,
  system: systemSettings,
  notifications: notificationSettings,
  attendance: attendanceSettings,
} as const;

export type SettingsGroup = keyof typeof SETTINGS_SCHEMAS;
export const SETTINGS_GROUPS = Object.keys(SETTINGS_SCHEMAS) as SettingsGroup[];
export type SettingsValues<G extends SettingsGroup> = z.output<(typeof SETTINGS_SCHEMAS)[G]>;

/** What a PUT of each group takes: some of its fields (some notification types, some of their channels). */
export const SETTINGS_BODIES = {
  payroll: payrollSettings.partial(),
  system: systemSettings.partial(),
  notifications: z.strictObject({ defaults: deliveryOverrides }).partial(),
  attendance: attendanceSettings.partial(),
} as const;

/** The person's own preferences group: how the app looks to them and what reaches them. */
export const preferencesBody = userPreferences.pick({ language: true, theme_preset: true, dark_mode: true, date_format: true, notifications: true });

/** The preferences as they apply: the person's own choices, the company's delivery defaults where they made none. */
export const preferencesRecord = z.object({
  language: z.enum(LANGUAGE_CODES).nullable(),
  theme_preset: z.enum(["aura", "lara"]).nullable(),
  dark_mode: z.boolean().nullable(),
  date_format: z.enum(DATE_FORMATS).nullable(),
  notifications: deliveryChoices,
});

export type PreferencesRecord = z.infer<typeof preferencesRecord>;

/** How mail leaves the server: read-only, from the configuration. */
export const mailStatus = z.object({
  transport: z.enum(["smtp", "outbox"]),
  from: z.string(),
});

/** The groups as replies carry them: plain values (the bodies' transforms already ran). */
export const SETTINGS_RECORDS = {
  payroll: z.object({
    pay_frequency: z.enum(PAY_FREQUENCIES),
    pay_day_rule: z.enum(PAY_DAY_RULES),
    pay_day_of_month: z.number().int(),
    attendance_cutoff_days: z.number().int(),
    working_days_per_month: z.string(),
    hours_per_day: z.string(),
    overtime_multiplier: z.string(),
    unworked_holiday_rule: z.enum(UNWORKED_HOLIDAY_RULES),
    rounding: z.enum(ROUNDING_RULES),
    separate_approver: z.boolean(),
    pdf_password: z.boolean(),
    email_payslips: z.boolean(),
  }),
  system: z.object({
    session_hours: z.number().int(),
    remember_days: z.number().int(),
    throttle_window_minutes: z.number().int(),
    login_per_account_and_address: z.number().int(),
    login_per_account: z.number().int(),
    login_per_address: z.number().int(),
    forgot_per_address: z.number().int(),
    forgot_per_account: z.number().int(),
    allow_registration: z.boolean(),
    admin_contact: z.string().nullable(),
    two_factor_required: z.boolean(),
    backup_enabled: z.boolean(),
    backup_time: z.string(),
    backup_keep: z.number().int(),
    mail: mailStatus,
  }),
  notifications: z.object({ defaults: deliveryChoices }),
  attendance: z.object({ max_accuracy_m: z.number().int(), accuracy_allowance_m: z.number().int() }),
} as const satisfies Record<SettingsGroup, z.ZodType>;

export type SettingsRecord<G extends SettingsGroup> = z.infer<(typeof SETTINGS_RECORDS)[G]>;

export const OUTBOX_STATUSES = ["pending", "logged", "sent", "failed"] as const;

/** One message of the mail outbox, as an administrator reads it where there is no SMTP (the outbox is the mailbox). */
export const outboxRecord = z.object({
  id: z.number().int(),
  to_address: z.string(),
  subject: z.string(),
  /** Emptied once delivered: the recipient's mailbox has it. */
  body_text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  created_at: isoTimestamp,
  sent_at: isoTimestamp.nullable(),
});

export type OutboxRecord = z.infer<typeof outboxRecord>;
