import type { PreferencesRecord, preferencesBody } from "../../../contracts/settings";
import { effectiveDelivery } from "../../../contracts/notification-types";
import type { z } from "zod";
import type { AppContext } from "../../lib/context";
import type { Author } from "../../lib/write";
import type { AuthUser } from "../auth/sessions";
import { updateOwnProfile } from "../me/service";
import { preferencesOf } from "../users/service";
import { readSettings } from "./service";

/** One's preferences as they apply: what the person chose, the company's notification defaults elsewhere. */
export async function readPreferences(ctx: AppContext, userId: number): Promise<PreferencesRecord> {
  const [own, company] = await Promise.all([preferencesOf(ctx.db, userId), readSettings(ctx, "notifications")]);
  return {
    language: own.language ?? null,
    theme_preset: own.theme_preset ?? null,
    dark_mode: own.dark_mode ?? null,
    date_format: own.date_format ?? null,
    notifications: effectiveDelivery(company.defaults, own.notifications),
  };
}

/** Saved with the account, as the profile saves them (merged in the database, logged as a preference change). */
export async function updatePreferences(ctx: AppContext, me: AuthUser, author: Author, changes: z.output<typeof preferencesBody>): Promise<PreferencesRecord> {
  await updateOwnProfile(ctx, me, author, { preferences: changes });
  return readPreferences(ctx, me.id);
}
