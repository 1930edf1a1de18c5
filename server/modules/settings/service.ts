import { eq, sql } from "drizzle-orm";
import type { PublicConfig } from "../../../contracts/auth";
import type { z } from "zod";
import { DEFAULT_DELIVERY, effectiveDelivery } from "../../../contracts/notification-types";
import { SETTINGS_SCHEMAS, type SETTINGS_BODIES, type SettingsGroup, type SettingsValues } from "../../../contracts/settings";
import type { Config } from "../../config";
import { companyProfile, systemSettings } from "../../db/schema";
import { diffFields } from "../../lib/changes";
import type { AppContext } from "../../lib/context";
import { mutate, type Author } from "../../lib/write";

/**
 * Each group's values before anyone changes them: today's behaviour, the
 * session and throttle figures from the server's configuration.
 */
function settingsDefaults(config: Pick<Config, "session" | "throttle">): { [G in SettingsGroup]: SettingsValues<G> } {
  return {
    payroll: {
      pay_frequency: "monthly",
      pay_day_rule: "last_working_day",
      pay_day_of_month: 25,
      attendance_cutoff_days: 0,
      working_days_per_month: "22",
      hours_per_day: "8",
      overtime_multiplier: "1.25",
      unworked_holiday_rule: "present_day_before",
      rounding: "half_up",
      separate_approver: false,
      pdf_password: false,
      email_payslips: false,
    },
    system: {
      session_hours: config.session.hours,
      remember_days: config.session.rememberDays,
      throttle_window_minutes: config.throttle.windowMinutes,
      login_per_account_and_address: config.throttle.loginPerAccountAndAddress,
      login_per_account: config.throttle.loginPerAccount,
      login_per_address: config.throttle.loginPerAddress,
      forgot_per_address: config.throttle.forgotPerAddress,
      forgot_per_account: config.throttle.forgotPerAccount,
      allow_registration: false,
      admin_contact: null,
      two_factor_required: false,
      backup_enabled: true,
      backup_time: "02:00",
      backup_keep: 14,
    },
    notifications: { defaults: DEFAULT_DELIVERY },
    attendance: { max_accuracy_m: 1000, accuracy_allowance_m: 50 },
  };
}

type SettingsReader = Pick<AppContext, "db" | "config">;

/** What a PUT of a group carries: some of its fields. */
export type SettingsChanges<G extends SettingsGroup> = z.output<(typeof SETTINGS_BODIES)[G]>;

/**
 * A group as it stands: what is stored over the defaults. Read from the
 * database on every use, so a change reaches every server process at once;
 * a stored value a later version no longer accepts falls back to its default.
 */
export async function readSettings<G extends SettingsGroup>(ctx: SettingsReader, group: G): Promise<SettingsValues<G>> {
  const [row] = await ctx.db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, group));
  return withDefaults(group, settingsDefaults(ctx.config)[group], row?.value);
}

function withDefaults<G extends SettingsGroup>(group: G, defaults: SettingsValues<G>, stored: unknown): SettingsValues<G> {
  if (!stored || typeof stored !== "object") return defaults;
  const merged = { ...defaults, ...(stored as object) };
  if (group === "notifications") {
    const own = (stored as { defaults?: object }).defaults;
    Object.assign(merged, { defaults: { ...(defaults as SettingsValues<"notifications">).defaults, ...own } });
  }
  const parsed = SETTINGS_SCHEMAS[group].safeParse(merged);
  return parsed.success ? (parsed.data as SettingsValues<G>) : defaults;
}

/**
 * Changes some values of a group: validated whole (the route parsed the
 * fields sent), stored, logged as settings.<group>_changed with what changed.
 */
export async function updateSettings<G extends SettingsGroup>(ctx: AppContext, author: Author, group: G, changes: SettingsChanges<G>): Promise<SettingsValues<G>> {
  const now = ctx.clock.now();
  return mutate(ctx, author, { action: `settings.${group}_changed`, subjectType: "settings" }, async (tx) => {
    // Two saves of one group at once take turns: each merges over what the other stored.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${group}`}))`);
    const before = await readSettings({ db: tx, config: ctx.config }, group);
    const next = SETTINGS_SCHEMAS[group].parse(mergeGroup(group, before, changes)) as SettingsValues<G>;
    const changed = diffFields(before as Record<string, unknown>, next as Record<string, unknown>);
    if (Object.keys(changed).length === 0) return { result: next, unchanged: true };
    await tx
      .insert(systemSettings)
      .values({ key: group, value: next, updated_at: now })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: next, updated_at: now } });
    return { result: next, subjectId: null, changes: changed };
  });
}

/** Notification defaults change by type and channel; other groups by field. */
function mergeGroup<G extends SettingsGroup>(group: G, before: SettingsValues<G>, changes: SettingsChanges<G>): SettingsValues<G> {
  if (group !== "notifications") return { ...before, ...changes };
  const defaults = (before as SettingsValues<"notifications">).defaults;
  const own = (changes as SettingsChanges<"notifications">).defaults;
  return { defaults: effectiveDelivery(defaults, own) } as SettingsValues<G>;
}

/** What the signed-out screens may know: never anything secret. */
export async function publicConfig(ctx: SettingsReader): Promise<PublicConfig> {
  const [system, [profile]] = await Promise.all([
    readSettings(ctx, "system"),
    ctx.db.select({ legal_name: companyProfile.legal_name, trading_name: companyProfile.trading_name }).from(companyProfile),
  ]);
  return {
    app_name: profile?.trading_name ?? profile?.legal_name ?? "Paydesk",
    admin_contact: system.admin_contact,
    allow_registration: system.allow_registration,
  };
}
