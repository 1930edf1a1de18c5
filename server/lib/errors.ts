/**
 * An error a caller can act on. The message is an i18n key translated into
 * the caller's language when the reply is written.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors?: Record<string, { key: string; params?: Record<string, unknown> }[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

export const unauthenticated = () => new HttpError(401, "errors.unauthenticated");
export const forbidden = () => new HttpError(403, "errors.forbidden");
export const notFound = () => new HttpError(404, "errors.notFound");

/** A 422 for one field, shaped like a validation failure. */
export function invalidField(field: string, key: string, params?: Record<string, unknown>): HttpError {
  return new HttpError(422, key, params, { [field]: [{ key, params }] });
}

/** PostgreSQL's SQLSTATE, on the error itself (pg, PGlite) or on the DrizzleQueryError that wraps it. */
export function databaseErrorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown }).code;
  if (typeof own === "string" && /^[0-9A-Z]{5}$/.test(own)) return own;
  const cause = (error as { cause?: unknown }).cause;
  return cause && typeof cause === "object" ? databaseErrorCode(cause) : undefined;
}

/** An error in a person's words: the database's own rather than the failed statement drizzle wraps them in (300 characters at most). */
export function errorText(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}
