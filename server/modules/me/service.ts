import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { mergePreferences, type changePasswordBody, type ownProfileBody, type UserPreferences, type UserRecord } from "../../../contracts/users";
import { authTokens, users } from "../../db/schema";
import { diffFields } from "../../lib/changes";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField } from "../../lib/errors";
import type { ImageType } from "../../lib/images";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { mutate, type Author } from "../../lib/write";
import type { AuthUser } from "../auth/sessions";
import { reservePasswordGuess } from "../auth/service";
import { releaseAttempt } from "../auth/throttle";
import { deleteFile, storeFile } from "../files/service";
import { findUser, readUser } from "../users/service";

export async function updateOwnProfile(ctx: AppContext, me: AuthUser, author: Author, input: Partial<z.output<typeof ownProfileBody>>): Promise<UserRecord> {
  const found = await findUser(ctx.db, me.id);
  if (!found) throw new HttpError(404, "errors.notFound");
  const { preferences, ...fields } = input;
  const next = { ...fields, ...(preferences ? { preferences: mergePreferences(found.user.preferences, preferences) } : {}) };
  const changes = diffFields(found.user as unknown as Record<string, unknown>, next);
  // Language, theme and dark mode are how the app looks to its user, not facts about the person:
  // a write that changes only them is logged as a preference change, under its own name.
  const action = Object.keys(changes).every((field) => field === "preferences") ? "profile.preferences_changed" : "profile.updated";
  await mutate(ctx, author, { action, subjectType: "user" }, async (tx) => {
    if (Object.keys(changes).length === 0) return { result: undefined, unchanged: true };
    const merged = preferences ? { preferences: mergedInSql(preferences) } : {};
    await tx.update(users).set({ ...fields, ...merged, updated_at: ctx.clock.now(), updated_by: me.id }).where(eq(users.id, me.id));
    return { result: undefined, subjectId: me.id, changes };
  });
  return readUser(ctx, me, me.id);
}

/**
 * mergePreferences, done by the database: two quick saves (language, then
 * theme; one list's columns, then another's; one notification channel, then
 * another) must all stick.
 */
function mergedInSql({ hidden_columns, notifications, ...rest }: UserPreferences) {
  const nested: SQL[] = [];
  if (hidden_columns) nested.push(sql`'hidden_columns', ${saved(["hidden_columns"])} || ${JSON.stringify(hidden_columns)}::jsonb`);
  if (notifications) {
    const types = Object.entries(notifications).map(([type, channels]) => sql`${type}::text, ${saved(["notifications", type])} || ${JSON.stringify(channels ?? {})}::jsonb`);
    nested.push(sql`'notifications', ${saved(["notifications"])} || jsonb_build_object(${sql.join(types, sql`, `)})`);
  }
  const top = sql`${users.preferences} || ${JSON.stringify(rest)}::jsonb`;
  return nested.length === 0 ? top : sql`${top} || jsonb_build_object(${sql.join(nested, sql`, `)})`;
}

/** The saved object at `path` of the preferences, or an empty one. */
const saved = (path: string[]) => sql`coalesce(${users.preferences} #> ${`{${path.join(",")}}`}::text[], '{}'::jsonb)`;

/** Replaces the picture; the content decides the type, whatever the upload claims. */
export async function setProfilePicture(ctx: AppContext, me: AuthUser, author: Author, { content, mimeType }: { content: Buffer; mimeType: ImageType }): Promise<UserRecord> {
  const found = await findUser(ctx.db, me.id);
  if (!found) throw new HttpError(404, "errors.notFound");
  const now = ctx.clock.now();
  await mutate(ctx, author, { action: "profile.picture_changed", subjectType: "user" }, async (tx) => {
    const fileId = await storeFile(tx, { kind: "profile_picture", mimeType, content, createdBy: me.id, at: now });
    await tx.update(users).set({ profile_picture_id: fileId, updated_at: now, updated_by: me.id }).where(eq(users.id, me.id));
    if (found.user.profile_picture_id) await deleteFile(tx, found.user.profile_picture_id);
    const changes = { profile_picture: { from: found.user.profile_picture_id, to: fileId }, type: mimeType, bytes: content.length };
    return { result: undefined, subjectId: me.id, changes };
  });
  return readUser(ctx, me, me.id);
}

/** Needs the current password; every other session of the person ends, this one stays. */
export async function changeOwnPassword(ctx: AppContext, me: AuthUser, author: Author, input: z.output<typeof changePasswordBody>): Promise<void> {
  const now = ctx.clock.now();
  // A stolen session must not become a way to guess the password: the sign-in limits apply.
  const attemptId = await reservePasswordGuess(ctx, me.email, author.origin, now);
  const found = await findUser(ctx.db, me.id);
  if (!found || !(await verifyPassword(found.user.password_hash, input.current_password))) {
    throw invalidField("current_password", "profile.currentPasswordWrong");
  }
  await releaseAttempt(ctx.db, attemptId);
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashing);
  await mutate(ctx, author, { action: "profile.password_changed", subjectType: "user" }, async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash, updated_at: now, updated_by: me.id }).where(eq(users.id, me.id));
    await tx.delete(authTokens).where(and(eq(authTokens.user_id, me.id), ne(authTokens.id, me.tokenId)));
    return { result: undefined, subjectId: me.id, changes: { password: "changed" } };
  });
}
