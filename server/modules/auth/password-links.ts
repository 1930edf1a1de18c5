/**
 * Links that let a person set their password: a reset asked for on the
 * sign-in screen (minutes), and an invitation sent to a new person (days).
 * Both are single-use, replace the person's earlier unused links, and die
 * when the person's password or e-mail changes by whatever path.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { INVITATION_LINK_DAYS, RESET_LINK_MINUTES } from "../../../contracts/auth";
import type { Db } from "../../db/client";
import { passwordResets, users } from "../../db/schema";
import { minutesFrom } from "../../lib/clock";
import { hashToken, newToken } from "../../lib/tokens";
import { maySignIn } from "./sessions";

export type LinkPurpose = "reset" | "invitation";

/** What a link is checked against: the person as they stand now. */
interface LinkHolder {
  password_hash: string | null;
  email: string;
  updated_at: Date;
  is_active: boolean;
  archived_at: Date | null;
  employment_status: string;
}

const LIFETIME_MINUTES: Record<LinkPurpose, number> = { reset: RESET_LINK_MINUTES, invitation: INVITATION_LINK_DAYS * 24 * 60 };

/**
 * Stands for the person's password and e-mail: a link stays good only while
 * this still matches. A reset link also dies with any other recorded change
 * (updated_at), so a deactivated person's link stays void after they are
 * restored; an invitation lives a week, while the office still fills in the
 * new person's record, so only their credentials count.
 */
function credentialsFingerprint(user: LinkHolder, purpose: LinkPurpose): string {
  const parts = purpose === "reset" ? [user.password_hash, user.email, user.updated_at.toISOString()] : [user.password_hash, user.email];
  return hashToken(JSON.stringify(parts));
}

/** A new link for the person, in the caller's transaction: the token to mail, and when it expires. */
export async function issuePasswordLink(db: Db, user: LinkHolder & { id: number }, purpose: LinkPurpose, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const [link] = await issuePasswordLinks(db, [user], purpose, now);
  return link;
}

/** A new link for each person in a few statements (an import's invitations), in the order given. */
export async function issuePasswordLinks(db: Db, holders: readonly (LinkHolder & { id: number })[], purpose: LinkPurpose, now: Date): Promise<{ token: string; expiresAt: Date }[]> {
  if (holders.length === 0) return [];
  const expiresAt = minutesFrom(now, LIFETIME_MINUTES[purpose]);
  const links = holders.map((user) => ({ user, token: newToken() }));
  // A new link replaces every earlier unused one, of either kind.
  await db.delete(passwordResets).where(and(inArray(passwordResets.user_id, holders.map((user) => user.id)), isNull(passwordResets.used_at)));
  const ROWS = 1_000;
  for (let start = 0; start < links.length; start += ROWS) {
    await db.insert(passwordResets).values(
      links.slice(start, start + ROWS).map(({ user, token }) => ({
        user_id: user.id,
        token_hash: hashToken(token),
        credentials_fingerprint: credentialsFingerprint(user, purpose),
        purpose,
        created_at: now,
        expires_at: expiresAt,
      })),
    );
  }
  return links.map(({ token }) => ({ token, expiresAt }));
}

/** The address the e-mailed link opens: the reset screen, which words an invitation as a welcome. */
export function passwordLinkUrl(appUrl: string, token: string, email: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

export type PasswordLinkState =
  | { valid: true; resetId: number; userId: number; expiresAt: Date; purpose: LinkPurpose }
  | { valid: false; reason: "invalid" | "used" | "expired" | "revoked"; purpose?: LinkPurpose };

/** The link and its person; locked, the answer holds until the transaction ends. */
async function findLink(db: Db, token: string, email: string, lock: boolean) {
  const query = db
    .select({
      id: passwordResets.id,
      userId: passwordResets.user_id,
      expiresAt: passwordResets.expires_at,
      usedAt: passwordResets.used_at,
      fingerprint: passwordResets.credentials_fingerprint,
      purpose: passwordResets.purpose,
      holder: {
        password_hash: users.password_hash,
        email: users.email,
        updated_at: users.updated_at,
        is_active: users.is_active,
        archived_at: users.archived_at,
        employment_status: users.employment_status,
      },
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.user_id))
    .where(and(eq(passwordResets.token_hash, hashToken(token)), eq(users.email, email)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function passwordLinkState(db: Db, token: string, email: string, now: Date, lock = false): Promise<PasswordLinkState> {
  const row = await findLink(db, token, email, lock);
  if (!row) return { valid: false, reason: "invalid" };
  const { purpose } = row;
  if (row.usedAt) return { valid: false, reason: "used", purpose };
  if (row.expiresAt.getTime() <= now.getTime()) return { valid: false, reason: "expired", purpose };
  if (!maySignIn(row.holder) || row.fingerprint !== credentialsFingerprint(row.holder, purpose)) return { valid: false, reason: "revoked", purpose };
  return { valid: true, resetId: row.id, userId: row.userId, expiresAt: row.expiresAt, purpose };
}
