import { sql } from "drizzle-orm";
import type { JobStatus } from "../../contracts/jobs";
import type { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, PAY_BASES, UserPreferences } from "../../contracts/users";
import type { CLOCK_POLICIES } from "../../contracts/attendance";
import type { DayStatus } from "../../contracts/attendance-reports";
import type { HolidayKind } from "../../contracts/schedules";
import type { HalfDay, LeaveAccrual, LeaveEntryKind, LeaveStatus, LeaveUnit } from "../../contracts/leave";
import type { BandRow, Calculation, ComponentKind, OverrideMode, PayslipInputs, PayslipLine, PayslipTrace, ProgressiveRow, RateTableKind, RunPeople, RunStatus, StoredRunWarning } from "../../contracts/payroll";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Who created and last changed a record, where payroll offices ask "who changed this". */
const authors = {
  created_by: integer("created_by"),
  updated_by: integer("updated_by"),
};

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description"),
  permissions: jsonb("permissions").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  ...authors,
  ...timestamps,
});

/** Uploaded files (profile pictures, later logos and attachments): in the database, so every server process reads them. */
export const files = pgTable("files", {
  id: serial("id").primaryKey(),
  kind: text("kind").notNull(),
  mime_type: text("mime_type").notNull(),
  size_bytes: integer("size_bytes").notNull(),
  sha256: text("sha256").notNull(),
  content: bytea("content").notNull(),
  created_by: integer("created_by"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * People: the sign-in account and the employee record payroll and attendance
 * read. Money is integer minor units (base_rate) with its ISO currency.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    first_name: text("first_name").notNull(),
    last_name: text("last_name").notNull(),
    name: text("name")
      .notNull()
      .generatedAlwaysAs(sql`btrim(first_name || ' ' || last_name)`),
    email: text("email").notNull(),
    /** Null until an invited person sets their own password from the e-mailed link. */
    password_hash: text("password_hash"),
    access_level: smallint("access_level").notNull().default(1),
    role_id: integer("role_id").references(() => roles.id, { onDelete: "restrict" }),
    is_active: boolean("is_active").notNull().default(true),
    employee_number: text("employee_number"),
    phone: text("phone"),
    department: text("department"),
    position: text("position"),
    employment_type: text("employment_type").$type<(typeof EMPLOYMENT_TYPES)[number]>().notNull().default("full_time"),
    employment_status: text("employment_status").$type<(typeof EMPLOYMENT_STATUSES)[number]>().notNull().default("active"),
    hire_date: date("hire_date"),
    end_date: date("end_date"),
    birth_date: date("birth_date"),
    address: text("address"),
    pay_basis: text("pay_basis").$type<(typeof PAY_BASES)[number]>().notNull().default("monthly"),
    base_rate: bigint("base_rate", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    bank_name: text("bank_name"),
    bank_account: text("bank_account"),
    tax_id: text("tax_id"),
    social_insurance_id: text("social_insurance_id"),
    emergency_contact_name: text("emergency_contact_name"),
    emergency_contact_phone: text("emergency_contact_phone"),
    /** The person's own choices (language, theme), applied wherever they sign in. */
    preferences: jsonb("preferences").$type<UserPreferences>().notNull().default(sql`'{}'::jsonb`),
    profile_picture_id: integer("profile_picture_id").references(() => files.id, { onDelete: "set null" }),
    /** onsite: clocks in inside one of their work locations; anywhere: recorded and flagged remote. */
    clock_policy: text("clock_policy").$type<(typeof CLOCK_POLICIES)[number]>().notNull().default("onsite"),
    /** Who approves their leave (their team's head); none: anyone with leave_approve. */
    manager_id: integer("manager_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** Set instead of deleting a person with history: payroll records keep their subject. */
    archived_at: timestamp("archived_at", { withTimezone: true }),
    ...authors,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_employee_number_unique").on(t.employee_number),
    // The list engine sorts and matches text case-insensitively, on lower(...): so do these.
    index("users_name_idx").on(sql`lower(${t.name})`, t.id),
    index("users_created_idx").on(t.created_at, t.id),
    index("users_hire_idx").on(t.hire_date, t.id),
    index("users_department_idx").on(sql`lower(${t.department})`, sql`lower(${t.name})`, t.id),
    index("users_status_idx").on(t.employment_status, sql`lower(${t.name})`, t.id),
    index("users_role_idx").on(t.role_id),
    // "contains" and free-text search: trigram indexes (pg_trgm) instead of reading every row.
    index("users_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("users_employee_number_trgm_idx").using("gin", sql`lower(${t.employee_number}) gin_trgm_ops`),
    // The people list shows current people only: its common filters and sort in one partial index.
    index("users_current_department_status_idx")
      .on(sql`lower(${t.department})`, t.employment_status, sql`lower(${t.name})`, t.id)
      .where(sql`${t.archived_at} is null`),
  ],
);

/** Bearer tokens: only the SHA-256 of the token is kept. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    remember: boolean("remember").notNull().default(false),
    ip: text("ip"),
    user_agent: text("user_agent"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_unique").on(t.token_hash), index("auth_tokens_user_idx").on(t.user_id)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    /**
     * The person's password and e-mail as they stood when the link was sent, hashed:
     * once either changes, by whatever path, the link no longer matches and is void.
     */
    credentials_fingerprint: text("credentials_fingerprint").notNull(),
    /** reset: asked for on the sign-in screen (minutes); invitation: sent to a new person (days). */
    purpose: text("purpose", { enum: ["reset", "invitation"] }).notNull().default("reset"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("password_resets_hash_unique").on(t.token_hash), index("password_resets_user_idx").on(t.user_id)],
);

/**
 * Throttle counters live in the database so several server processes share
 * them. kind is 'login' (failed sign-ins) or 'forgot' (reset requests).
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    email: text("email"),
    ip: text("ip"),
    /** The device cookie's nonce, for kind 'device': failures of a device that signed in before count against it alone. */
    device: text("device"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("auth_attempts_email_idx").on(t.kind, t.email, t.created_at),
    index("auth_attempts_ip_idx").on(t.kind, t.ip, t.created_at),
  ],
);

/** One-time sign-in links sent by e-mail (offered while an account is throttled): stored hashed, used once. */
export const loginLinks = pgTable(
  "login_links",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("login_links_hash_unique").on(t.token_hash), index("login_links_user_idx").on(t.user_id)],
);

/**
 * A person's authenticator app (TOTP, RFC 6238): the secret encrypted with
 * the app key, and the last time step accepted, so a code is taken once.
 */
export const twoFactor = pgTable("two_factor", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret_encrypted: text("secret_encrypted").notNull(),
  last_step: bigint("last_step", { mode: "number" }).notNull().default(0),
  enabled_at: timestamp("enabled_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of a person's two-factor sign-in, stored as keyed hashes. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.user_id)],
);

/** Outgoing mail: the queue for SMTP, and the mailbox itself when SMTP is off. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to_address: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body_text: text("body_text").notNull(),
    /** A file made at delivery (a payslip's PDF): its kind and record, never its bytes. */
    attachment: jsonb("attachment").$type<{ kind: string; id: number }>(),
    status: text("status").notNull().default("pending"),
    error: text("error"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to_address, t.created_at)],
);

export const systemSettings = pgTable("system_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every backup made (by the daily schedule, from the system settings page, or by `npm run backup`):
 * what the system check reads for the last one, and what the settings page lists and downloads. Kept
 * when retention removes the file (removed_at).
 */
export const backups = pgTable(
  "backups",
  {
    id: serial("id").primaryKey(),
    trigger: text("trigger").$type<"scheduled" | "manual" | "command">().notNull(),
    status: text("status").$type<"running" | "completed" | "failed">().notNull().default("running"),
    /** Where the file is: the backup directory's own files are downloadable and pruned by retention. */
    file_path: text("file_path").notNull(),
    in_backup_dir: boolean("in_backup_dir").notNull(),
    size_bytes: bigint("size_bytes", { mode: "number" }),
    sha256: text("sha256"),
    /** Rows per table, as the file's manifest has them. */
    row_counts: jsonb("row_counts").$type<Record<string, number>>(),
    error: jsonb("error").$type<JobErrorRecord>(),
    /** The job that made it (scheduled and manual backups): a retry finds its row again. */
    job_id: integer("job_id").unique("backups_job_unique"),
    requested_by: integer("requested_by").references(() => users.id, { onDelete: "restrict" }),
    started_at: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp("finished_at", { withTimezone: true }),
    removed_at: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [index("backups_started_idx").on(t.started_at)],
);

/** Why a job's last attempt failed: a message key and its values. */
export interface JobErrorRecord {
  key: string;
  params?: Record<string, unknown>;
}

/**
 * Background jobs (mail delivery, later payroll runs, documents, imports):
 * the queue and the record the app follows, in one row. A worker claims a
 * due row (FOR UPDATE SKIP LOCKED) and holds it by a lease it renews; a row
 * whose lease ran out belongs to a worker that died and is claimed again.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    status: text("status").$type<JobStatus>().notNull().default("queued"),
    owner_id: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    input: jsonb("input").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    result: jsonb("result").$type<Record<string, unknown>>(),
    progress_done: integer("progress_done").notNull().default(0),
    progress_total: integer("progress_total"),
    /** Attempts started, a claim counts one: a job that kills its server each time still runs out of them. */
    attempts: integer("attempts").notNull().default(0),
    max_attempts: integer("max_attempts").notNull(),
    /** A message key and its values: the API words it in the reader's language. */
    last_error: jsonb("last_error").$type<JobErrorRecord>(),
    /** When the job (or its next attempt) is due. */
    run_after: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    locked_by: text("locked_by"),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    finished_at: timestamp("finished_at", { withTimezone: true }),
    /**
     * A job queued at most once by this name (scheduled work: the backup of one slot): two servers,
     * or one restarted, queueing the same work find the row already there.
     */
    key: text("key").unique("jobs_key_unique"),
    ...timestamps,
  },
  (t) => [
    // What a worker's poll reads: due rows, and rows whose worker stopped renewing.
    index("jobs_due_idx").on(t.run_after).where(sql`${t.status} = 'queued'`),
    index("jobs_lease_idx").on(t.locked_until).where(sql`${t.status} = 'running'`),
    index("jobs_finished_idx").on(t.finished_at).where(sql`${t.finished_at} is not null`),
  ],
);

/**
 * The company profile: one row (id 1) for the workspace. Its currency,
 * time zone and week start are what payroll and attendance compute with.
 */
export const companyProfile = pgTable(
  "company_profile",
  {
    id: smallint("id").primaryKey().default(1),
    legal_name: text("legal_name").notNull(),
    trading_name: text("trading_name"),
    registration_number: text("registration_number"),
    tax_number: text("tax_number"),
    address_line1: text("address_line1"),
    address_line2: text("address_line2"),
    city: text("city"),
    region: text("region"),
    postal_code: text("postal_code"),
    country: text("country"),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    currency: text("currency").notNull(),
    time_zone: text("time_zone").notNull(),
    /** 0 is Sunday, as JavaScript counts weekdays. */
    first_day_of_week: smallint("first_day_of_week").notNull().default(0),
    date_format: text("date_format").notNull(),
    fiscal_year_start_month: smallint("fiscal_year_start_month").notNull().default(1),
    logo_file_id: integer("logo_file_id").references(() => files.id, { onDelete: "set null" }),
    ...authors,
    ...timestamps,
  },
  (t) => [check("company_profile_single_row", sql`${t.id} = 1`)],
);

/**
 * In-app notifications, one row per recipient. The text is a message key
 * (by type) and its values, worded in the reader's language when read.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What happened: "password_changed", "system"... (contracts/notifications.ts). */
    type: text("type").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** The app's page the notification is about, if any. */
    link: text("link"),
    sender_id: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    read_at: timestamp("read_at", { withTimezone: true }),
    archived_at: timestamp("archived_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.user_id, t.id),
    // The bell's count: one person's unread, unarchived rows.
    index("notifications_unread_idx").on(t.user_id).where(sql`${t.read_at} is null and ${t.archived_at} is null`),
  ],
);

/** Work locations: circles people clock in within (centre in degrees, radius in metres). */
export const workLocations = pgTable(
  "work_locations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    address: text("address"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    radius_m: integer("radius_m").notNull(),
    active: boolean("active").notNull().default(true),
    ...authors,
    ...timestamps,
  },
  (t) => [uniqueIndex("work_locations_name_unique").on(sql`lower(${t.name})`), index("work_locations_active_idx").on(t.active, sql`lower(${t.name})`)],
);

/** The kinds of leave a company grants, each with its entitlement and the rules its requests follow (contracts/leave.ts). */
export const leaveTypes = pgTable(
  "leave_types",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    paid: boolean("paid").notNull(),
    unit: text("unit").$type<LeaveUnit>().notNull().default("day"),
    // Days in hundredths at most (a monthly twelfth of 15 is 1.25): exact in numeric, read as numbers.
    yearly_days: numeric("yearly_days", { precision: 6, scale: 2, mode: "number" }).notNull(),
    accrual: text("accrual").$type<LeaveAccrual>().notNull().default("yearly"),
    carry_over_days: numeric("carry_over_days", { precision: 6, scale: 2, mode: "number" }).notNull().default(0),
    negative_days: numeric("negative_days", { precision: 6, scale: 2, mode: "number" }).notNull().default(0),
    service_months: integer("service_months").notNull().default(0),
    needs_approval: boolean("needs_approval").notNull().default(true),
    calendar_days: boolean("calendar_days").notNull().default(false),
    document_after_days: numeric("document_after_days", { precision: 6, scale: 2, mode: "number" }),
    active: boolean("active").notNull().default(true),
    ...authors,
    ...timestamps,
  },
  (t) => [uniqueIndex("leave_types_code_unique").on(sql`lower(${t.code})`)],
);

/** A person's request for leave of one type over a range of dates; never deleted (cancelled or rejected stay as such). */
export const leaveRequests = pgTable(
  "leave_requests",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    leave_type_id: integer("leave_type_id")
      .notNull()
      .references(() => leaveTypes.id, { onDelete: "restrict" }),
    start_date: date("start_date").notNull(),
    end_date: date("end_date").notNull(),
    half_day: text("half_day").$type<HalfDay>(),
    /** The workdays it takes, counted when asked (leave_days holds them one by one). */
    days: numeric("days", { precision: 6, scale: 2, mode: "number" }).notNull(),
    status: text("status").$type<LeaveStatus>().notNull().default("pending"),
    reason: text("reason"),
    document_file_id: integer("document_file_id").references(() => files.id, { onDelete: "set null" }),
    decided_by: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    decision_reason: text("decision_reason"),
    ...authors,
    ...timestamps,
  },
  (t) => [index("leave_requests_user_idx").on(t.user_id, t.start_date), index("leave_requests_status_idx").on(t.status, t.start_date)],
);

/**
 * Each workday a request takes, with its share (1, or 0.5 for a half day): what attendance shows as leave and payroll
 * counts, once the request is approved (the request's status says which days hold).
 */
export const leaveDays = pgTable(
  "leave_days",
  {
    request_id: integer("request_id")
      .notNull()
      .references(() => leaveRequests.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    work_date: date("work_date").notNull(),
    share: numeric("share", { precision: 3, scale: 2, mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.request_id, t.work_date] }), index("leave_days_user_date_idx").on(t.user_id, t.work_date)],
);

/**
 * The leave ledger: every allocation, accrual, carry-over, leave taken or given back, adjustment and expiry, signed;
 * a balance is the sum of a person's entries for a type and year. `key` makes the jobs' entries once-only.
 */
export const leaveEntries = pgTable(
  "leave_entries",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    leave_type_id: integer("leave_type_id")
      .notNull()
      .references(() => leaveTypes.id, { onDelete: "restrict" }),
    year: integer("year").notNull(),
    kind: text("kind").$type<LeaveEntryKind>().notNull(),
    days: numeric("days", { precision: 7, scale: 2, mode: "number" }).notNull(),
    effective_date: date("effective_date").notNull(),
    request_id: integer("request_id").references(() => leaveRequests.id, { onDelete: "restrict" }),
    reason: text("reason"),
    key: text("key"),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("leave_entries_balance_idx").on(t.user_id, t.year, t.leave_type_id), uniqueIndex("leave_entries_key_unique").on(t.key)],
);

/** The system activity log: one row per mutation and per sign-in event. */
export const activityLog = pgTable(
  "activity_log",
  {
    id: serial("id").primaryKey(),
    actor_id: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    subject_type: text("subject_type"),
    subject_id: integer("subject_id"),
    changes: jsonb("changes"),
    ip: text("ip"),
    /** The browser or client the change came from, with the address: the change's origin. */
    user_agent: text("user_agent"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_log_created_idx").on(t.created_at, t.id),
    index("activity_log_actor_idx").on(t.actor_id, t.created_at),
    index("activity_log_subject_idx").on(t.subject_type, t.subject_id, t.created_at),
  ],
);

/** The work locations a person clocks in at (none listed: any active location). */
export const userWorkLocations = pgTable(
  "user_work_locations",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    location_id: integer("location_id")
      .notNull()
      .references(() => workLocations.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.location_id] }), index("user_work_locations_location_idx").on(t.location_id)],
);

/**
 * One stretch of work: clocked in, possibly on breaks, clocked out. Its work
 * date is the company time zone's date of clock-in, so a night shift is one
 * record. At most one record of a person is open (no clock-out) at a time.
 */
export const attendanceRecords = pgTable(
  "attendance_records",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    work_date: date("work_date").notNull(),
    clock_in_at: timestamp("clock_in_at", { withTimezone: true }).notNull(),
    clock_out_at: timestamp("clock_out_at", { withTimezone: true }),
    /** Clocked in under an `anywhere` policy: where it happened is kept, not checked. */
    remote: boolean("remote").notNull().default(false),
    /** clock: the person's own clocking; manual: entered or corrected by an attendance administrator. */
    source: text("source").$type<"clock" | "manual">().notNull().default("clock"),
    // The evidence of each clock event: position and accuracy, the location matched and the distance to it, address and device.
    in_latitude: doublePrecision("in_latitude"),
    in_longitude: doublePrecision("in_longitude"),
    in_accuracy_m: doublePrecision("in_accuracy_m"),
    in_location_id: integer("in_location_id").references(() => workLocations.id, { onDelete: "set null" }),
    in_distance_m: integer("in_distance_m"),
    in_ip: text("in_ip"),
    in_device: text("in_device"),
    out_latitude: doublePrecision("out_latitude"),
    out_longitude: doublePrecision("out_longitude"),
    out_accuracy_m: doublePrecision("out_accuracy_m"),
    out_location_id: integer("out_location_id").references(() => workLocations.id, { onDelete: "set null" }),
    out_distance_m: integer("out_distance_m"),
    out_ip: text("out_ip"),
    out_device: text("out_device"),
    ...authors,
    ...timestamps,
  },
  (t) => [
    // A double tap or a retry never opens a second record: the database refuses it.
    uniqueIndex("attendance_records_one_open_idx").on(t.user_id).where(sql`${t.clock_out_at} is null`),
    index("attendance_records_user_date_idx").on(t.user_id, t.work_date),
    index("attendance_records_date_idx").on(t.work_date, t.user_id),
  ],
);

/** Breaks within a record; at most one open at a time. */
export const attendanceBreaks = pgTable(
  "attendance_breaks",
  {
    id: serial("id").primaryKey(),
    record_id: integer("record_id")
      .notNull()
      .references(() => attendanceRecords.id, { onDelete: "cascade" }),
    started_at: timestamp("started_at", { withTimezone: true }).notNull(),
    ended_at: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("attendance_breaks_record_idx").on(t.record_id, t.started_at), uniqueIndex("attendance_breaks_one_open_idx").on(t.record_id).where(sql`${t.ended_at} is null`)],
);

/**
 * When people are due: working days (0 is Sunday), start and end (an end
 * before the start crosses midnight), unpaid break, grace before lateness,
 * and the minutes of work a day after which overtime counts.
 */
export const workSchedules = pgTable(
  "work_schedules",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    working_days: jsonb("working_days").$type<number[]>().notNull(),
    start_time: text("start_time").notNull(),
    end_time: text("end_time").notNull(),
    unpaid_break_minutes: integer("unpaid_break_minutes").notNull().default(60),
    grace_minutes: integer("grace_minutes").notNull().default(0),
    overtime_after_minutes: integer("overtime_after_minutes").notNull().default(480),
    active: boolean("active").notNull().default(true),
    ...authors,
    ...timestamps,
  },
  (t) => [uniqueIndex("work_schedules_name_unique").on(sql`lower(${t.name})`)],
);

/** Which schedule a person follows from a date on: the latest assignment on or before a day is the one in force. */
export const scheduleAssignments = pgTable(
  "schedule_assignments",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    schedule_id: integer("schedule_id")
      .notNull()
      .references(() => workSchedules.id, { onDelete: "restrict" }),
    effective_from: date("effective_from").notNull(),
    ...authors,
    ...timestamps,
  },
  (t) => [uniqueIndex("schedule_assignments_user_from_unique").on(t.user_id, t.effective_from), index("schedule_assignments_schedule_idx").on(t.schedule_id)],
);

/** Company holidays: not working days for anyone. */
export const holidays = pgTable(
  "holidays",
  {
    id: serial("id").primaryKey(),
    date: date("date").notNull(),
    name: text("name").notNull(),
    /** regular, special_non_working or special_working (contracts/schedules.ts HOLIDAY_KINDS). */
    kind: text("kind").$type<HolidayKind>().notNull().default("regular"),
    ...authors,
    ...timestamps,
  },
  (t) => [uniqueIndex("holidays_date_unique").on(t.date), check("holidays_kind_check", sql`${t.kind} in ('regular', 'special_non_working', 'special_working')`)],
);

/** Minutes worked on rest days and holidays, first hours and overtime: a stored day's and a month's alike. */
const kindMinuteColumns = () => ({
  rest_day_minutes: integer("rest_day_minutes").notNull().default(0),
  rest_day_overtime_minutes: integer("rest_day_overtime_minutes").notNull().default(0),
  regular_holiday_minutes: integer("regular_holiday_minutes").notNull().default(0),
  regular_holiday_overtime_minutes: integer("regular_holiday_overtime_minutes").notNull().default(0),
  special_holiday_minutes: integer("special_holiday_minutes").notNull().default(0),
  special_holiday_overtime_minutes: integer("special_holiday_overtime_minutes").notNull().default(0),
  /** A holiday on the person's rest day, apart (it pays more than either). */
  special_holiday_rest_day_minutes: integer("special_holiday_rest_day_minutes").notNull().default(0),
  special_holiday_rest_day_overtime_minutes: integer("special_holiday_rest_day_overtime_minutes").notNull().default(0),
  regular_holiday_rest_day_minutes: integer("regular_holiday_rest_day_minutes").notNull().default(0),
  regular_holiday_rest_day_overtime_minutes: integer("regular_holiday_rest_day_overtime_minutes").notNull().default(0),
});

/**
 * The derived figures of each person's day that has records, all closed
 * (derive-core.ts computes them; day-store.ts keeps them current on every
 * write that changes a day, its schedule, holiday or zone). Reports and
 * payroll sum these instead of re-deriving every day on every read; days
 * without records and days still open are worked out when read.
 */
export const attendanceDays = pgTable(
  "attendance_days",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    work_date: date("work_date").notNull(),
    status: text("status").$type<DayStatus>().notNull(),
    /** The schedule in force that day, if any (a schedule's change recomputes its days). */
    schedule_id: integer("schedule_id"),
    holiday: text("holiday"),
    first_in: timestamp("first_in", { withTimezone: true }).notNull(),
    last_out: timestamp("last_out", { withTimezone: true }).notNull(),
    scheduled_minutes: integer("scheduled_minutes").notNull(),
    worked_minutes: integer("worked_minutes").notNull(),
    break_minutes: integer("break_minutes").notNull(),
    late_minutes: integer("late_minutes").notNull(),
    undertime_minutes: integer("undertime_minutes").notNull(),
    overtime_minutes: integer("overtime_minutes").notNull(),
    ...kindMinuteColumns(),
    night_minutes: integer("night_minutes").notNull().default(0),
    /** Of the night minutes, those on a rest day, a regular holiday, a special day: their premium is on that day's rate. */
    rest_day_night_minutes: integer("rest_day_night_minutes").notNull().default(0),
    regular_holiday_night_minutes: integer("regular_holiday_night_minutes").notNull().default(0),
    special_holiday_night_minutes: integer("special_holiday_night_minutes").notNull().default(0),
    special_holiday_rest_day_night_minutes: integer("special_holiday_rest_day_night_minutes").notNull().default(0),
    regular_holiday_rest_day_night_minutes: integer("regular_holiday_rest_day_night_minutes").notNull().default(0),
    crossed_minutes: integer("crossed_minutes").notNull().default(0),
    /** Approved leave on a worked day (a half day off): that share of the day is leave, not work. */
    leave_share: numeric("leave_share", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.work_date] }), index("attendance_days_date_idx").on(t.work_date), index("attendance_days_schedule_idx").on(t.schedule_id)],
);

/**
 * attendance_days summed per person and calendar month, kept with them
 * (day-store.ts): a month's report over everyone reads one row a person
 * instead of one a day.
 */
export const attendanceMonths = pgTable(
  "attendance_months",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The month's first day. */
    month: date("month").notNull(),
    days_present: integer("days_present").notNull(),
    days_late: integer("days_late").notNull(),
    days_half: integer("days_half").notNull(),
    /** Stored days that were working days (scheduled minutes > 0): each is a working day not missed. */
    days_worked_scheduled: integer("days_worked_scheduled").notNull(),
    late_minutes: integer("late_minutes").notNull(),
    worked_minutes: integer("worked_minutes").notNull(),
    overtime_minutes: integer("overtime_minutes").notNull(),
    undertime_minutes: integer("undertime_minutes").notNull(),
    /** Workdays worked less the shares of them paid at a holiday's rate (six decimals). */
    days_worked: numeric("days_worked").notNull().default("0"),
    ...kindMinuteColumns(),
    night_minutes: integer("night_minutes").notNull().default(0),
    /** Of the night minutes, those on a rest day, a regular holiday, a special day: their premium is on that day's rate. */
    rest_day_night_minutes: integer("rest_day_night_minutes").notNull().default(0),
    regular_holiday_night_minutes: integer("regular_holiday_night_minutes").notNull().default(0),
    special_holiday_night_minutes: integer("special_holiday_night_minutes").notNull().default(0),
    special_holiday_rest_day_night_minutes: integer("special_holiday_rest_day_night_minutes").notNull().default(0),
    regular_holiday_rest_day_night_minutes: integer("regular_holiday_rest_day_night_minutes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.month] }), index("attendance_months_month_idx").on(t.month)],
);

/**
 * Pay components: the earnings and deductions a payslip is made of. Nothing
 * is paid or deducted that no active component says (basic pay is one too).
 */
export const payComponents = pgTable(
  "pay_components",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    kind: text("kind").$type<ComponentKind>().notNull(),
    taxable: boolean("taxable").notNull().default(false),
    pre_tax: boolean("pre_tax").notNull().default(false),
    calculation: jsonb("calculation").$type<Calculation>().notNull(),
    employer_share: jsonb("employer_share").$type<Calculation>(),
    active: boolean("active").notNull().default(true),
    order: integer("order").notNull().default(100),
    ...authors,
    ...timestamps,
  },
  (t) => [uniqueIndex("pay_components_code_unique").on(t.code)],
);

/**
 * Rate tables (tax brackets, contribution bands) by code, one row per
 * version: a run reads the version in force on its period's last day, so a
 * later version never changes what an earlier period computes.
 */
export const rateTables = pgTable(
  "rate_tables",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    kind: text("kind").$type<RateTableKind>().notNull(),
    effective_from: date("effective_from").notNull(),
    rows: jsonb("rows").$type<ProgressiveRow[] | BandRow[]>().notNull(),
    ...authors,
    ...timestamps,
  },
  (t) => [uniqueIndex("rate_tables_code_from_unique").on(t.code, t.effective_from)],
);

/** A person's pay rate from a date on: the latest on or before a day is the one in force (the first from their hire date). */
export const payRates = pgTable(
  "pay_rates",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    effective_from: date("effective_from").notNull(),
    pay_basis: text("pay_basis").$type<(typeof PAY_BASES)[number]>().notNull(),
    /** Minor units of `currency` per month, day or hour. */
    rate: bigint("rate", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    ...authors,
    ...timestamps,
  },
  (t) => [uniqueIndex("pay_rates_user_from_unique").on(t.user_id, t.effective_from)],
);

/** One person's exception to a component over a stretch of dates. */
export const payOverrides = pgTable(
  "pay_overrides",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    component_id: integer("component_id")
      .notNull()
      .references(() => payComponents.id, { onDelete: "cascade" }),
    mode: text("mode").$type<OverrideMode>().notNull(),
    /** Major-unit decimal text: the amount or the rate. */
    value: text("value"),
    effective_from: date("effective_from").notNull(),
    effective_to: date("effective_to"),
    reason: text("reason").notNull(),
    ...authors,
    ...timestamps,
  },
  (t) => [index("pay_overrides_user_idx").on(t.user_id, t.component_id), index("pay_overrides_component_idx").on(t.component_id)],
);

/**
 * Payroll runs: one period's pay for a set of people, draft → calculated →
 * approved → released. Totals are the sums of its payslips, written with
 * them in one transaction.
 */
export const payrollRuns = pgTable(
  "payroll_runs",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind").$type<"regular" | "off_cycle">().notNull(),
    corrects_id: integer("corrects_id"),
    period_start: date("period_start").notNull(),
    period_end: date("period_end").notNull(),
    /** The attendance it pays (its cut-off): the period unless attendance closed earlier; the days it locks once released. */
    attendance_start: date("attendance_start").notNull(),
    attendance_end: date("attendance_end").notNull(),
    pay_date: date("pay_date").notNull(),
    people: jsonb("people").$type<RunPeople>().notNull(),
    status: text("status").$type<RunStatus>().notNull().default("draft"),
    currency: text("currency").notNull(),
    job_id: integer("job_id"),
    total_people: integer("total_people").notNull().default(0),
    total_gross: bigint("total_gross", { mode: "number" }).notNull().default(0),
    total_deductions: bigint("total_deductions", { mode: "number" }).notNull().default(0),
    total_net: bigint("total_net", { mode: "number" }).notNull().default(0),
    total_employer_cost: bigint("total_employer_cost", { mode: "number" }).notNull().default(0),
    warnings: jsonb("warnings").$type<StoredRunWarning[]>().notNull().default(sql`'[]'::jsonb`),
    calculated_by: integer("calculated_by"),
    calculated_at: timestamp("calculated_at", { withTimezone: true }),
    approved_by: integer("approved_by"),
    approved_at: timestamp("approved_at", { withTimezone: true }),
    released_by: integer("released_by"),
    released_at: timestamp("released_at", { withTimezone: true }),
    /** People taken out of the run by hand (a payslip deleted): a recalculation leaves them out. */
    excluded_user_ids: jsonb("excluded_user_ids").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** The spreadsheet the payslips were last filled from (null once calculated): its figures are not the engine's to redo. */
    imported_from: text("imported_from"),
    ...authors,
    ...timestamps,
  },
  (t) => [index("payroll_runs_period_idx").on(t.period_end, t.period_start), index("payroll_runs_status_idx").on(t.status)],
);

/** One person's pay in one run: totals in minor units, the lines that make them, and what they were computed from. */
export const payslips = pgTable(
  "payslips",
  {
    id: serial("id").primaryKey(),
    payroll_id: integer("payroll_id")
      .notNull()
      .references(() => payrollRuns.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    gross: bigint("gross", { mode: "number" }).notNull(),
    deductions: bigint("deductions", { mode: "number" }).notNull(),
    net: bigint("net", { mode: "number" }).notNull(),
    employer_cost: bigint("employer_cost", { mode: "number" }).notNull(),
    taxable: bigint("taxable", { mode: "number" }).notNull(),
    lines: jsonb("lines").$type<PayslipLine[]>().notNull(),
    inputs: jsonb("inputs").$type<PayslipInputs>().notNull(),
    /** How its lines were worked out (values read, tables, overrides; the formulas by their set's digest); null when imported. */
    explanation: jsonb("explanation").$type<PayslipTrace>(),
    /** A remark from the payroll office printed on the payslip. */
    note: text("note"),
    /** A released payslip withdrawn (issued in error): no longer shown to its person, its links refused. */
    withdrawn_at: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawn_by: integer("withdrawn_by"),
    withdrawn_reason: text("withdrawn_reason"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payslips_run_user_unique").on(t.payroll_id, t.user_id), index("payslips_user_idx").on(t.user_id, t.payroll_id)],
);

/**
 * The components' calculations as a run used them, kept once per distinct set (by the digest of their content): a payslip's
 * explanation names its set, so editing a component later changes no payslip's account of itself. Never deleted.
 */
export const payFormulaSets = pgTable("pay_formula_sets", {
  digest: text("digest").primaryKey(),
  /** By component code: its name and kind then, its calculation and employer's share. */
  components: jsonb("components").$type<Record<string, { name: string; kind: ComponentKind; calculation: Calculation; employer_share: Calculation | null }>>().notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-off lines on one person's pay in one run (back pay, a reimbursement,
 * an advance repaid), kept apart from the payslip so a recalculation applies
 * them again rather than losing them.
 */
export const payslipAdjustments = pgTable(
  "payslip_adjustments",
  {
    id: serial("id").primaryKey(),
    payroll_id: integer("payroll_id")
      .notNull()
      .references(() => payrollRuns.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").$type<"earning" | "deduction">().notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    taxable: boolean("taxable").notNull().default(false),
    pre_tax: boolean("pre_tax").notNull().default(false),
    reason: text("reason").notNull(),
    ...authors,
    ...timestamps,
  },
  (t) => [index("payslip_adjustments_run_user_idx").on(t.payroll_id, t.user_id)],
);

/** Every download of a payslip's PDF: who, when, from where, and whether by the bearer token or a signed link. */
export const payslipDownloads = pgTable(
  "payslip_downloads",
  {
    id: serial("id").primaryKey(),
    payslip_id: integer("payslip_id")
      .notNull()
      .references(() => payslips.id, { onDelete: "cascade" }),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** How it left: downloaded by token or signed link, or attached to an e-mail. */
    via: text("via").$type<"token" | "link" | "email">().notNull(),
    kind: text("kind").$type<"single" | "run_zip">().notNull().default("single"),
    address: text("address"),
    user_agent: text("user_agent"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payslip_downloads_payslip_idx").on(t.payslip_id, t.at)],
);
