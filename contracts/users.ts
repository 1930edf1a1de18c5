import { z } from "zod";
import { CLOCK_POLICIES } from "./attendance";
import { LANGUAGE_CODES } from "./auth";
import { DATE_FORMATS } from "./company";
import { deliveryOverrides } from "./notification-types";
import { ACCESS_LEVEL } from "./permissions";
import { isoTimestamp } from "./replies";
import { calendarDate } from "./schedules";
import {
  checkNewPassword,
  currencyCode,
  emailAddress,
  isStorableText,
  MESSAGE,
  minorUnits,
  newPasswordFields,
  optionalDate,
  optionalText,
  passwordInput,
  recordId,
  requiredText,
  whenPasswordTyped,
} from "./validation";

export const EMPLOYMENT_STATUSES = ["active", "on_leave", "terminated"] as const;
export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "intern"] as const;
export const PAY_BASES = ["monthly", "daily", "hourly"] as const;
export const ACCESS_LEVELS = [ACCESS_LEVEL.SUPER_ADMIN, ACCESS_LEVEL.EMPLOYEE, ACCESS_LEVEL.STAFF] as const;

export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: MESSAGE.invalid });

/** Everything an administrator may set on a person, except the password. */
const employeeFields = {
  first_name: requiredText(80),
  last_name: requiredText(80),
  email: emailAddress,
  access_level: z.union(ACCESS_LEVELS.map((level) => z.literal(level)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>], {
    error: MESSAGE.invalid,
  }),
  role_id: recordId.nullable(),
  /** Who approves their leave (their team's head); null: anyone with leave_approve. */
  manager_id: recordId.nullable(),
  is_active: z.boolean({ error: MESSAGE.invalidType }),
  employee_number: optionalText(40),
  phone: optionalText(40),
  department: optionalText(80),
  position: optionalText(80),
  employment_type: choice(EMPLOYMENT_TYPES),
  employment_status: choice(EMPLOYMENT_STATUSES),
  hire_date: optionalDate,
  end_date: optionalDate,
  birth_date: optionalDate,
  address: optionalText(500),
  pay_basis: choice(PAY_BASES),
  base_rate: minorUnits,
  currency: currencyCode,
  bank_name: optionalText(120),
  bank_account: optionalText(60),
  tax_id: optionalText(40),
  social_insurance_id: optionalText(40),
  emergency_contact_name: optionalText(120),
  emergency_contact_phone: optionalText(40),
  /** onsite: clocks in inside their work locations; anywhere: recorded, flagged remote. */
  clock_policy: choice(CLOCK_POLICIES),
  /** The work locations they clock in at; none: any active location. */
  work_location_ids: z
    .array(recordId, { error: MESSAGE.invalidType })
    .max(50, { error: MESSAGE.invalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: "users.locationTwice" })
    // In id order, as the record lists them: the same set written again is no change.
    .transform((ids) => [...ids].sort((a, b) => a - b)),
};

/**
 * A password an administrator types for someone: optional (without one, the
 * person is e-mailed an invitation to choose their own), and when typed,
 * checked by the password rules with its confirmation required.
 */
function checkTypedPassword(value: { password?: string; password_confirmation?: string }, ctx: z.RefinementCtx): void {
  if (value.password === undefined) return;
  checkNewPassword({ password: value.password, password_confirmation: value.password_confirmation ?? "" }, ctx);
  if (!value.password_confirmation) ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: MESSAGE.required });
}

const typedPasswordFields = {
  password: passwordInput.optional(),
  password_confirmation: z.string({ error: MESSAGE.invalidType }).optional(),
};

/**
 * From when a change of pay (basis, rate or currency) applies, as the Pay
 * history tab asks: earlier periods keep the rate they had; not sent, from
 * today (or the hire date of someone not started yet).
 */
const payChangeField = { pay_effective_from: calendarDate.optional() };

/** An employment that ends must end after it starts. */
function checkDates(value: { hire_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx): void {
  if (value.hire_date && value.end_date && value.end_date < value.hire_date) {
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "validation.endBeforeStart" });
  }
}

export const userCreateBody = z
  .strictObject({
    ...employeeFields,
    access_level: employeeFields.access_level.default(ACCESS_LEVEL.EMPLOYEE),
    role_id: employeeFields.role_id.default(null),
    manager_id: employeeFields.manager_id.default(null),
    is_active: employeeFields.is_active.default(true),
    employment_type: employeeFields.employment_type.default("full_time"),
    employment_status: employeeFields.employment_status.default("active"),
    // Pay fields keep no defaults here (the database has them): not sent means not touched.
    pay_basis: employeeFields.pay_basis.optional(),
    base_rate: employeeFields.base_rate.optional(),
    currency: employeeFields.currency.optional(),
    // Not sent means the defaults (onsite, any active location): setting them needs attendance_admin_access.
    clock_policy: employeeFields.clock_policy.optional(),
    work_location_ids: employeeFields.work_location_ids.optional(),
    ...typedPasswordFields,
  })
  .superRefine(checkTypedPassword, whenPasswordTyped)
  .superRefine(checkDates);

/** Every field optional: only what is sent changes. A new password may be set by an administrator. */
export const userUpdateBody = z
  .strictObject({
    ...Object.fromEntries(Object.entries(employeeFields).map(([key, schema]) => [key, schema.optional()])),
    ...typedPasswordFields,
    ...payChangeField,
  } as { [K in keyof typeof employeeFields]: z.ZodOptional<(typeof employeeFields)[K]> } & typeof typedPasswordFields & typeof payChangeField)
  .superRefine(checkTypedPassword, whenPasswordTyped)
  .superRefine(checkDates);

/** At most this many people in one bulk edit (a list's selection across pages). */
export const BULK_UPDATE_MAX = 1_000;

/**
 * POST /api/users/bulk-update: the same changes for everyone selected. A
 * schedule is assigned from a date, as on the Schedules page; the other
 * fields are the employee form's.
 */
export const bulkUpdateBody = z.strictObject({
  user_ids: z
    .array(recordId, { error: MESSAGE.invalidType })
    .min(1, { error: MESSAGE.required })
    .max(BULK_UPDATE_MAX, { error: MESSAGE.invalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: "users.bulk.twice" }),
  changes: z
    .strictObject({
      department: employeeFields.department.optional(),
      position: employeeFields.position.optional(),
      role_id: employeeFields.role_id.optional(),
      manager_id: employeeFields.manager_id.optional(),
      clock_policy: employeeFields.clock_policy.optional(),
      work_location_ids: employeeFields.work_location_ids.optional(),
      schedule: z.strictObject({ schedule_id: recordId, effective_from: calendarDate }).optional(),
    })
    .refine((changes) => Object.values(changes).some((value) => value !== undefined), { error: "users.bulk.nothing" }),
});
export type BulkUpdateInput = z.output<typeof bulkUpdateBody>;

export const bulkUpdateReply = z.object({ updated: z.number().int(), unchanged: z.number().int() });

/** A list's name (its resource) or a column's field, as a preference key. */
const preferenceKey = z.string({ error: MESSAGE.invalidType }).regex(/^[a-z][a-z0-9_]{0,39}$/, { error: MESSAGE.invalid });

export const userPreferences = z.strictObject({
  language: z.enum(LANGUAGE_CODES, { error: MESSAGE.invalid }).optional(),
  dark_mode: z.boolean({ error: MESSAGE.invalidType }).optional(),
  theme_preset: z.enum(["aura", "lara"], { error: MESSAGE.invalid }).optional(),
  /** How the person reads and types dates; null: as their language writes them. */
  date_format: z.enum(DATE_FORMATS, { error: MESSAGE.invalid }).nullable().optional(),
  /** Which notifications reach them in the app and by e-mail, where they differ from the company's defaults. */
  notifications: deliveryOverrides.optional(),
  /** By list, the columns the person hid; a list not named shows its defaults. */
  hidden_columns: z.record(preferenceKey, z.array(preferenceKey).max(50, { error: MESSAGE.invalid }), { error: MESSAGE.invalidType }).optional(),
});

export type UserPreferences = z.infer<typeof userPreferences>;

/**
 * Saved preferences with changes over them: a list's hidden columns replace
 * that list's only, a notification channel that one channel only.
 */
export function mergePreferences(saved: UserPreferences, changes: UserPreferences): UserPreferences {
  const merged = { ...saved, ...changes };
  if (changes.hidden_columns) merged.hidden_columns = { ...saved.hidden_columns, ...changes.hidden_columns };
  if (changes.notifications) {
    const own = { ...saved.notifications };
    for (const [type, channels] of Object.entries(changes.notifications) as [keyof typeof own, (typeof own)[keyof typeof own]][]) own[type] = { ...own[type], ...channels };
    merged.notifications = own;
  }
  return merged;
}

/** What a person may change about themselves. */
export const ownProfileBody = z.strictObject({
  preferences: userPreferences.optional(),
  first_name: requiredText(80).optional(),
  last_name: requiredText(80).optional(),
  phone: optionalText(40),
  address: optionalText(500),
  emergency_contact_name: optionalText(120),
  emergency_contact_phone: optionalText(40),
});

export const changePasswordBody = z
  .strictObject({
    current_password: passwordInput,
    ...newPasswordFields,
  })
  .superRefine(checkNewPassword, whenPasswordTyped);

export type UserCreateInput = z.output<typeof userCreateBody>;
export type UserUpdateInput = z.output<typeof userUpdateBody>;

const nullableText = z.string().nullable();

/** Whether a person signs in with a second factor (an authenticator app), and since when. */
export const userTwoFactor = z.object({
  enabled: z.boolean(),
  enabled_at: isoTimestamp.nullable(),
});
export type UserTwoFactor = z.infer<typeof userTwoFactor>;

/**
 * A person as the API returns them; pay fields only for readers allowed to
 * see pay, two_factor only for those who manage people (users.viewTwoFactor).
 */
export const userRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  access_level: z.number().int(),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  manager_id: z.number().int().nullable(),
  is_active: z.boolean(),
  employee_number: nullableText,
  phone: nullableText,
  department: nullableText,
  position: nullableText,
  employment_type: z.enum(EMPLOYMENT_TYPES),
  employment_status: z.enum(EMPLOYMENT_STATUSES),
  hire_date: nullableText,
  end_date: nullableText,
  birth_date: nullableText,
  address: nullableText,
  emergency_contact_name: nullableText,
  emergency_contact_phone: nullableText,
  profile_picture_url: nullableText,
  clock_policy: z.enum(CLOCK_POLICIES),
  work_location_ids: z.array(z.number().int()),
  archived_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
  pay_basis: z.enum(PAY_BASES).optional(),
  /** Minor units of `currency`. */
  base_rate: z.number().int().optional(),
  currency: z.string().optional(),
  bank_name: nullableText.optional(),
  bank_account: nullableText.optional(),
  tax_id: nullableText.optional(),
  social_insurance_id: nullableText.optional(),
  two_factor: userTwoFactor.optional(),
  /** False while an invited person has not yet chosen their password (for those who manage people). */
  password_set: z.boolean().optional(),
});

export type UserRecord = z.infer<typeof userRecord>;

/** An invitation sent (again): to whom, and until when its link works. */
export const invitationSent = z.object({ email: z.string(), expires_at: isoTimestamp });

/** A person in a picker. */
export const userOption = z.object({ id: z.number().int(), name: z.string(), employee_number: nullableText });

/** How many people one lookup answers at most (and the most ids it labels at once). */
export const LOOKUP_MAX = 50;
export const LOOKUP_DEFAULT = 20;

/** GET /api/users/lookup: people matching a search, or the people of given ids. */
export const personLookupQuery = z.strictObject({
  search: z
    .string({ error: MESSAGE.invalidType })
    .trim()
    .max(100, { error: MESSAGE.maxLength })
    .refine(isStorableText, { error: MESSAGE.characters })
    .optional()
    .describe("Part of a person's name or employee number (people still with the company)"),
  ids: z
    .string({ error: MESSAGE.invalidType })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: MESSAGE.invalid })
    .transform((text) => text.split(",").map(Number))
    .pipe(z.array(recordId).max(LOOKUP_MAX, { error: MESSAGE.invalid }))
    .optional()
    .describe(`Comma-separated ids, at most ${LOOKUP_MAX}: those people (a picker naming the value it was given); per_page does not apply`),
  per_page: z.coerce
    .number({ error: MESSAGE.invalid })
    .pipe(z.number().int({ error: MESSAGE.invalid }).min(1, { error: MESSAGE.invalid }).max(LOOKUP_MAX, { error: MESSAGE.invalid }))
    .optional()
    .describe(`How many people, at most ${LOOKUP_MAX} (default ${LOOKUP_DEFAULT})`),
});

export type PersonLookupQuery = z.infer<typeof personLookupQuery>;

/** A person as a picker names them: who they are, never how to reach or pay them. */
export const personLookup = z.object({
  id: z.number().int(),
  name: z.string(),
  employee_number: nullableText,
  department: nullableText,
  /** A signed link to their picture, when they have one. */
  avatar_url: z.string().optional(),
});

export type PersonLookup = z.infer<typeof personLookup>;

export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** Whom a removal may concern at once (the list's selection). */
export const REMOVAL_MAX = 500;

/** GET /api/users/removal-preview?ids=1,2,3 */
export const removalPreviewQuery = z.strictObject({
  ids: z
    .string({ error: MESSAGE.required })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: MESSAGE.invalid })
    .transform((text) => [...new Set(text.split(",").map(Number))])
    .pipe(z.array(recordId).min(1, { error: MESSAGE.invalid }).max(REMOVAL_MAX, { error: MESSAGE.invalid }))
    .describe(`Comma-separated ids of the people a delete would concern, at most ${REMOVAL_MAX}`),
});

/** What a person's records are, as the removal dialog names them. */
export const HISTORY_KINDS = ["attendance", "payRates", "payOverrides", "payslips", "notifications", "files", "activity", "records"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** What deleting one person would do: delete them (nothing but their own record), archive them (their history keeps them), or be refused. */
export const removalPreview = z.object({
  id: z.number().int(),
  name: z.string(),
  outcome: z.enum(["deleted", "archived", "refused"]),
  /** The kinds of record that keep them (archived), in a fixed order. */
  history: z.array(z.enum(HISTORY_KINDS)),
  /** Why not, in the reader's language (refused). */
  reason: z.string().nullable(),
});
export type RemovalPreview = z.infer<typeof removalPreview>;
