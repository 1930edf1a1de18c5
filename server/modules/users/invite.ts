import { HttpError, notFound } from "../../lib/errors";
import type { Actor } from "../../../contracts/policies";
import type { AppContext } from "../../lib/context";
import { authorize } from "../../lib/policy";
import { mutate, type Author } from "../../lib/write";
import { inviteesByIds, sendInvitations } from "../auth/invitations";
import { maySignIn } from "../auth/sessions";
import { reserveAttempt } from "../auth/throttle";
import { readSettings } from "../settings/service";
import { findUser, subjectOf } from "./service";

/**
 * Sends a new person's invitation again (the earlier link stops working),
 * while they have not chosen a password. It counts against the same limit
 * per address as reset links, so nobody floods a mailbox from here either.
 */
export async function resendInvitation(ctx: AppContext, actor: Actor, author: Author, id: number): Promise<{ email: string; expires_at: string }> {
  const found = await findUser(ctx.db, id);
  if (!found) throw notFound();
  const person = found.user;
  authorize(actor, "users.invite", subjectOf(person, found.role));
  if (person.password_hash !== null) throw new HttpError(409, "users.invitationAccepted");
  if (!maySignIn(person)) throw new HttpError(409, "users.invitationInactive");
  const now = ctx.clock.now();
  const limits = await readSettings(ctx, "system");
  await reserveAttempt(ctx.db, "forgot", { email: person.email, ip: author.origin.ip }, [{ email: person.email, max: limits.forgot_per_account }], limits.throttle_window_minutes, now);
  const expiresAt = await mutate(ctx, author, { action: "user.invitation_sent", subjectType: "user" }, async (tx) => {
    const sentUntil = await sendInvitations(ctx, tx, await inviteesByIds(tx, [id]), actor.id, now);
    return { result: sentUntil, subjectId: id, changes: { invitation: "sent" } };
  });
  return { email: person.email, expires_at: expiresAt.toISOString() };
}
