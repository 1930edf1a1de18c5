import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { PROFILE_PICTURE_MAX_BYTES, type changePasswordBody, type ownProfileBody, type UserRecord } from "../../../contracts/users";
import { authTokens, users } from "../../db/schema";
import { recordActivity } from "../../lib/audit";
import { diffFields } from "../../lib/changes";
import type { AppContext, RequestOrigin } from "../../lib/context";
import { HttpError, invalidField } from "../../lib/errors";
import { sniffImageType } from "../../lib/images";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import type { AuthUser } from "../auth/sessions";
import { reservePasswordGuess } from "../auth/service";
import { releaseAttempt } from "../auth/throttle";
import { deleteFile, storeFile } from "../files/service";
import { findUser, readUser } from "../users/service";

export async function updateOwnProfile(ctx: AppContext, me: AuthUser, input: z.output<typeof ownProfileBody>, origin: RequestOrigin): Promise<UserRecord> {
  const found = await findUser(ctx.db, me.id);
  if (!found) throw new HttpError(404, "errors.notFound");
  const { preferences, ...fields } = input;
  const next = { ...fields, ...(preferences ? { preferences: { ...found.user.preferences, ...preferences } } : {}) };
  const changes = diffFields(found.user as unknown as Record<string, unknown>, next);
  if (Object.keys(changes).length > 0) {
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      // Preferences merge in SQL: two quick saves (language, then theme) must both stick.
      const merged = preferences ? { preferences: sql`${users.preferences} || ${JSON.stringify(preferences)}::jsonb` } : {};
      await tx.update(users).set({ ...fields, ...merged, updated_at: now, updated_by: me.id }).where(eq(users.id, me.id));
      await recordActivity(tx, { actorId: me.id, action: "profile.updated", subjectType: "user", subjectId: me.id, changes, ip: origin.ip, at: now });
    });
    ctx.sessionCache.forgetUser(me.id);
  }
  return readUser(ctx, me, me.id);
}

/** Replaces the picture; the content decides the type, whatever the upload claims. */
export async function setProfilePicture(ctx: AppContext, me: AuthUser, content: Buffer, origin: RequestOrigin): Promise<UserRecord> {
  if (content.length > PROFILE_PICTURE_MAX_BYTES) throw invalidField("file", "profile.pictureTooLarge", { max: "2 MB" });
  const mimeType = sniffImageType(content);
  if (!mimeType) throw invalidField("file", "profile.pictureType");
  const found = await findUser(ctx.db, me.id);
  if (!found) throw new HttpError(404, "errors.notFound");
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const fileId = await storeFile(tx, { kind: "profile_picture", mimeType, content, createdBy: me.id, at: now });
    await tx.update(users).set({ profile_picture_id: fileId, updated_at: now, updated_by: me.id }).where(eq(users.id, me.id));
    if (found.user.profile_picture_id) await deleteFile(tx, found.user.profile_picture_id);
    await recordActivity(tx, {
      actorId: me.id,
      action: "profile.picture_changed",
      subjectType: "user",
      subjectId: me.id,
      changes: { profile_picture: { from: found.user.profile_picture_id, to: fileId }, type: mimeType, bytes: content.length },
      ip: origin.ip,
      at: now,
    });
  });
  // The session's copy carries the picture (the header shows it).
  ctx.sessionCache.forgetUser(me.id);
  return readUser(ctx, me, me.id);
}

/** Needs the current password; every other session of the person ends, this one stays. */
export async function changeOwnPassword(ctx: AppContext, me: AuthUser, input: z.output<typeof changePasswordBody>, origin: RequestOrigin): Promise<void> {
  const now = ctx.clock.now();
  // A stolen session must not become a way to guess the password: the sign-in limits apply.
  const attemptId = await reservePasswordGuess(ctx, me.email, origin, now);
  const found = await findUser(ctx.db, me.id);
  if (!found || !(await verifyPassword(found.user.password_hash, input.current_password))) {
    throw invalidField("current_password", "profile.currentPasswordWrong");
  }
  await releaseAttempt(ctx.db, attemptId);
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashing);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash, updated_at: now, updated_by: me.id }).where(eq(users.id, me.id));
    await tx.delete(authTokens).where(and(eq(authTokens.user_id, me.id), ne(authTokens.id, me.tokenId)));
    await recordActivity(tx, { actorId: me.id, action: "profile.password_changed", subjectType: "user", subjectId: me.id, changes: { password: "changed" }, ip: origin.ip, at: now });
  });
  ctx.sessionCache.forgetUser(me.id);
}
