import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { databaseErrorCode, HttpError } from "./errors";
import type { Translate } from "./i18n";

export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Messages we wrote are keys; zod's own English defaults are replaced by ours. */
function issueMessage(issue: ValidationIssue, t: Translate): string {
  const params = { min: issue.params.minimum, max: issue.params.maximum, ...(issue.params.params as object) };
  // Our messages are catalogue keys ("users.roleMissing"); zod's own are English sentences.
  if (issue.message && /^[a-z]+(\.[A-Za-z]+)+$/.test(issue.message)) return t(issue.message, params);
  if (issue.keyword === "invalid_type") return t("validation.invalidType");
  return t("validation.invalid");
}

/** Turns schema failures into the spec's 422: one list of messages per field. */
export function validationBody(issues: ValidationIssue[], t: Translate): ErrorBody {
  // No prototype: an unknown field named "toString" or "constructor" is listed like any other, not mistaken for Object's own.
  const errors: Record<string, string[]> = Object.create(null);
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
    if (issue.keyword === "unrecognized_keys") {
      for (const key of (issue.params.keys as string[]) ?? []) add(key, t("validation.unknownField"));
    } else {
      add(field, issueMessage(issue, t));
    }
  }
  const first = Object.values(errors)[0]?.[0];
  return { message: first ?? t("validation.invalid"), errors };
}

/** Fastify's own refusals (malformed JSON, wrong content type, body too large) in words a person reads. */
function frameworkErrorKey(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "errors.badJson";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "errors.tooLarge";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "errors.unsupportedMediaType";
    default:
      return "errors.badRequest";
  }
}

/**
 * The one place errors become replies, in the shape the spec's client reads.
 * Anything unexpected is logged and answered as a bare 500: no stack, no SQL.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = request.t;
  if (error instanceof HttpError) {
    const body: ErrorBody = { message: t(error.messageKey, error.params) };
    if (error.fieldErrors) {
      body.errors = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, list]) => [field, list.map((item) => t(item.key, item.params))]),
      );
    }
    return reply.code(error.statusCode).headers(error.headers).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(422).send(validationBody(error.validation as unknown as ValidationIssue[], t));
  }
  // A unique key broken by a concurrent request (the services check first, so only a race gets here).
  if (databaseErrorCode(error) === "23505") {
    return reply.code(409).send({ message: t("errors.conflict") });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return reply.code(status).send({ message: t(frameworkErrorKey(error)) });
  request.log.error({ err: error }, "unhandled error");
  return reply.code(500).send({ message: t("errors.server") });
}
