import { eq } from "drizzle-orm";
import type { PublicConfig } from "../../../contracts/auth";
import type { Db } from "../../db/client";
import { systemSettings } from "../../db/schema";

/** System settings with their defaults: a missing row means the default. */
export const SETTING_DEFAULTS = {
  allow_registration: false as boolean,
  admin_contact: null as string | null,
  company_name: "Paydesk" as string,
};

export type SettingKey = keyof typeof SETTING_DEFAULTS;

export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<(typeof SETTING_DEFAULTS)[K]> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key));
  return row ? (row.value as (typeof SETTING_DEFAULTS)[K]) : SETTING_DEFAULTS[key];
}

export async function setSetting<K extends SettingKey>(
  db: Db,
  key: K,
  value: (typeof SETTING_DEFAULTS)[K],
  at: Date,
): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key, value, updated_at: at })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updated_at: at } });
}

/** What the signed-out screens may know: never anything secret. */
export async function publicConfig(db: Db): Promise<PublicConfig> {
  const rows = await db.select().from(systemSettings);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const value = <K extends SettingKey>(key: K) => (key in stored ? stored[key] : SETTING_DEFAULTS[key]) as (typeof SETTING_DEFAULTS)[K];
  return {
    app_name: value("company_name"),
    admin_contact: value("admin_contact"),
    allow_registration: value("allow_registration"),
  };
}
