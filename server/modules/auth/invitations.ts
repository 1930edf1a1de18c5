/**
 * A new person chooses their own password: the office creates them without
 * one (one by one, or by import), and they are e-mailed a link that works
 * for a week, sent again from their record while they have not used it.
 */
import { eq, inArray } from "drizzle-orm";
import { INVITATION_LINK_DAYS } from "../../../contracts/auth";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { translator } from "../../lib/i18n";
import { loadProfile } from "../company/facts";
import { languageOf } from "../notifications/wording";
import { issuePasswordLinks, passwordLinkUrl, type issuePasswordLink } from "./password-links";

type Invitee = Parameters<typeof issuePasswordLink>[1] & { name: string; preferences: { language?: string } | null };

/**
 * Writes each person's link and queues its mail in the caller's transaction:
 * nothing is sent unless the people are saved. Each mail is in the person's
 * language if they have one, else the inviter's.
 */
export async function sendInvitations(ctx: AppContext, tx: Db, invitees: readonly Invitee[], inviterId: number | null, now: Date): Promise<Date> {
  const [inviter] = inviterId === null ? [] : await tx.select({ name: users.name, preferences: users.preferences }).from(users).where(eq(users.id, inviterId));
  const profile = await loadProfile(tx);
  const company = profile.trading_name ?? profile.legal_name;
  const links = await issuePasswordLinks(tx, invitees, "invitation", now);
  await ctx.mailer.sendMany(
    invitees.map((invitee, index) => {
      const t = translator(languageOf(invitee.preferences?.language ?? inviter?.preferences?.language));
      return {
        to: invitee.email,
        subject: t("mail.invitation.subject", { company }),
        text: t("mail.invitation.body", {
          name: invitee.name,
          inviter: inviter?.name ?? company,
          company,
          email: invitee.email,
          link: passwordLinkUrl(ctx.config.appUrl, links[index].token, invitee.email),
          days: INVITATION_LINK_DAYS,
        }),
      };
    }),
    { db: tx },
  );
  return links[0]?.expiresAt ?? now;
}

/** The people, by id, as an invitation needs them (freshly inserted in the caller's transaction). */
export function inviteesByIds(tx: Db, ids: readonly number[]): Promise<Invitee[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      preferences: users.preferences,
      password_hash: users.password_hash,
      updated_at: users.updated_at,
      is_active: users.is_active,
      archived_at: users.archived_at,
      employment_status: users.employment_status,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}
