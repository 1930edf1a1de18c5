/**
 * The company profile as other modules compute with it: currency, time zone
 * and week start. Its own module so that modules the profile's writes call
 * (attendance) can read it without importing those writes.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyProfile } from "../../db/schema";

export type ProfileRow = typeof companyProfile.$inferSelect;

/** The profile row the first migration wrote; every workspace has it. */
export async function loadProfile(db: Db): Promise<ProfileRow> {
  const [row] = await db.select().from(companyProfile).where(eq(companyProfile.id, 1));
  if (!row) throw new Error("company_profile has no row: the migrations were not applied");
  return row;
}

/** The company's currency, time zone and week start: what other modules compute with. */
export async function companyFacts(db: Db): Promise<Pick<ProfileRow, "currency" | "time_zone" | "first_day_of_week">> {
  const { currency, time_zone, first_day_of_week } = await loadProfile(db);
  return { currency, time_zone, first_day_of_week };
}
