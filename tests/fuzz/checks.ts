/**
 * What every reply must be, whatever was asked: below 500; JSON (binary
 * downloads aside); a success the operation documents, its body valid by the
 * documented schema (JSON Schema 2020-12, as OpenAPI 3.1 uses, through Ajv);
 * a refusal in the API's error shape { message, errors? }, its messages from
 * the catalogues, without a stack trace or SQL in it; a 405 naming what the
 * path allows; Cache-Control: no-store on every reply.
 */
import fs from "node:fs";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";
import type { DocumentedReply, JsonSchema, Operation } from "./document";

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
(addFormats as unknown as (ajv: Ajv2020) => void)(ajv);

const compiled = new WeakMap<object, ValidateFunction>();
function validator(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The API's error body: a message, and per-field messages when a field was at fault. */
const ERROR_BODY: JsonSchema = {
  type: "object",
  properties: {
    message: { type: "string", minLength: 1 },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" }, minItems: 1 } },
  },
  required: ["message"],
  additionalProperties: false,
};

/** A stack frame, a file path, or the database talking: what a refusal must never show. */
const LEAK = /\bat .+ \(.+:\d+:\d+\)|node_modules|\/server\/|drizzle|pglite|SQLSTATE|syntax error at or near|violates .+ constraint|duplicate key value|relation ".+" does not exist|\bselect .+ from\b/i;

/**
 * Every message of the five catalogues (locales/*.json): what a refusal may
 * say. Text from anywhere else (a JavaScript error, Fastify's own English)
 * reached the client by a path that skipped the error handler.
 */
const CATALOGUE = (() => {
  const exact = new Set<string>();
  const templates: RegExp[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      if (/\{\{\s*\w+\s*\}\}/.test(value)) {
        const source = value.split(/\{\{\s*\w+\s*\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^]*?");
        templates.push(new RegExp(`^${source}$`));
      } else exact.add(value);
    } else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  const dir = new URL("../../locales/", import.meta.url);
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) walk(JSON.parse(fs.readFileSync(new URL(file, dir), "utf8")));
  return { has: (message: string) => exact.has(message) || templates.some((template) => template.test(message)) };
})();

export type FailureKind =
  | "5xx"
  | "untranslated message"
  | "not JSON"
  | "undocumented status"
  | "reply breaks its schema"
  | "error shape"
  | "leak"
  | "405 without Allow"
  | "cacheable"
  | "server logged an error"
  | "expectation";

export interface Verdict {
  failures: { kind: FailureKind; detail: string }[];
  /** A documented success with no schema to check it against (not a failure: said in the summary). */
  unchecked?: string;
}

const formatErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || "/"} ${error.message}${error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ""}`)
    .join("; ");

export function judge(operation: Operation, response: LightMyRequestResponse): Verdict {
  const verdict: Verdict = { failures: [] };
  const fail = (kind: FailureKind, detail: string) => verdict.failures.push({ kind, detail });
  const status = response.statusCode;
  const contentType = String(response.headers["content-type"] ?? "");
  const isJson = /^application\/(.+\+)?json\b/.test(contentType);

  if (status >= 500) fail("5xx", `status ${status}`);
  // Replies carry tokens and personal data: no browser or proxy may keep any of them, refusals included.
  if (!/\bno-store\b/.test(String(response.headers["cache-control"] ?? ""))) fail("cacheable", `Cache-Control: ${response.headers["cache-control"] ?? "(none)"}`);

  let body: unknown;
  let parsed = false;
  if (response.body.length > 0 && isJson) {
    try {
      body = JSON.parse(response.body);
      parsed = true;
    } catch (error) {
      fail("not JSON", `content-type ${contentType} but ${(error as Error).message}`);
    }
  }

  if (status >= 200 && status < 300) {
    const documented = operation.replies[String(status)] ?? operation.replies["2XX"];
    if (!documented) {
      fail("undocumented status", `${status} is not among the documented replies (${Object.keys(operation.replies).join(", ")})`);
    } else if (isDownload(documented)) {
      // A documented download: its bytes in one of the types it is documented with (a PDF, a CSV or XLSX, an image), never JSON.
      const sent = contentType.split(";")[0].trim();
      if (!documented.mediaTypes.includes(sent)) fail("not JSON", `a download answered "${contentType}", documented as ${documented.mediaTypes.join(", ")}`);
    } else if (documented.schema) {
      if (!parsed) fail("not JSON", `content-type "${contentType}", body ${response.body.slice(0, 80)}`);
      else {
        const validate = validator(documented.schema);
        if (!validate(body)) fail("reply breaks its schema", formatErrors(validate.errors));
      }
    } else if (!isJson && documented.mediaTypes.some((type) => type.includes("json"))) {
      fail("not JSON", `content-type "${contentType}"`);
    } else if (!isJson && response.body.length > 0 && !/^(image|application\/octet-stream|application\/pdf|text\/csv)/.test(contentType)) {
      // No schema said what it is: JSON or a download, nothing else.
      fail("not JSON", `content-type "${contentType}"`);
    } else {
      verdict.unchecked = `${status} has no documented schema`;
    }
  } else if (status >= 400) {
    if (!parsed) fail("not JSON", `a ${status} with content-type "${contentType}": ${response.body.slice(0, 80)}`);
    else {
      const validate = validator(ERROR_BODY);
      if (!validate(body)) fail("error shape", formatErrors(validate.errors));
      else {
        const { message, errors } = body as { message: string; errors?: Record<string, string[]> };
        const foreign = [message, ...Object.values(errors ?? {}).flat()].filter((text) => !CATALOGUE.has(text));
        if (foreign.length > 0) fail("untranslated message", `not in any catalogue: ${foreign.map((text) => JSON.stringify(text.slice(0, 120))).join(", ")}`);
      }
      // Where the operation documents its refusals too, they must match what it says.
      const documented = operation.replies[String(status)] ?? operation.replies[`${String(status)[0]}XX`];
      if (documented?.schema && validate(body)) {
        const validateDocumented = validator(documented.schema);
        if (!validateDocumented(body)) fail("reply breaks its schema", `${status}: ${formatErrors(validateDocumented.errors)}`);
      }
      if (LEAK.test(response.body)) fail("leak", response.body.slice(0, 200));
    }
    if (status === 405 && !response.headers.allow) fail("405 without Allow", "no Allow header");
  } else if (status < 500) {
    fail("undocumented status", `${status} (redirect or informational) from an API route`);
  }
  return verdict;
}

/** A reply documented as a file's bytes: binary under content types of its own, none of them JSON. */
function isDownload(reply: DocumentedReply): boolean {
  return reply.mediaTypes.length > 0 && !reply.mediaTypes.some((type) => type.includes("json")) && Boolean(reply.binary);
}
