/**
 * Requests for one operation, as fast-check arbitraries.
 *
 * Values valid by the documented schema come from json-schema-faker (seeded
 * by fast-check, so a run is reproducible from its seed); fields whose name
 * says what they hold (e-mail, password, dates, currency, permissions, ids)
 * are often given a value that passes the server's own rules too, so the
 * handlers are reached and not only the validators. On top of that, fast-check
 * mutates: drops required fields, adds unknown ones, puts wrong types, huge
 * strings, NUL and broken unicode, negative and huge numbers, ids beyond
 * int4; sends bodies that are not JSON at all, odd content types, multipart
 * uploads (a real PNG, junk, nothing), and list querystrings with unknown
 * fields, operators and repeated or malformed parameters.
 *
 * A plan holds symbolic values (the caller's password, a record id seen in an
 * earlier reply) resolved when the request is sent, because they depend on
 * what the fuzzer has learnt by then.
 */
import fc from "fast-check";
import { generateSync } from "json-schema-faker";
import { PERMISSIONS } from "../../contracts/permissions";
import { GOOD_PASSWORD, multipart, PNG_1X1 } from "../support/people";
import type { JsonSchema, Operation, Parameter } from "./document";

/** A value known only when the request is sent. */
export class Ref {
  constructor(
    readonly name: "caller.email" | "caller.password" | "caller.id" | "known.email" | "known.password" | "role.id" | "same-as-password",
    readonly index = 0,
  ) {}
  toString(): string {
    return `<${this.name}${this.index ? `#${this.index}` : ""}>`;
  }
  toJSON(): string {
    return this.toString();
  }
}

export type PathValue = { from: "seed"; id: number } | { from: "seen"; index: number } | { from: "schema"; value: unknown } | { from: "odd"; raw: string };

export type QueryPlan = { kind: "pairs"; pairs: { key: string; value: string; raw?: boolean }[] } | { kind: "raw"; text: string };

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer;
}

export type BodyPlan =
  | { kind: "none" }
  | { kind: "json"; value: unknown; how: string; contentType?: string }
  | { kind: "text"; text: string; how: string; contentType?: string }
  | { kind: "multipart"; parts: Part[]; how: string; broken?: "no closing boundary" | "other boundary" };

export interface RequestPlan {
  path: Record<string, PathValue>;
  /** Use the n-th link to this operation seen in an earlier reply (signed file links), its query left as it was or tampered. */
  seenUrl?: { index: number; tamper: boolean };
  query: QueryPlan;
  body: BodyPlan;
  language?: string;
  /** The client address: sign-in throttling counts per address, so fuzzed sign-ins come from many. */
  address: string;
}

const SEED_IDS = [1, 2, 3, 4, 5];

/** Strings that broke servers before: NUL, lone surrogates, RTL marks, SQL and path tricks, look-alike letters. */
const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDC00x",
  "😀",
  "👩‍👩‍👧‍👦",
  "\u202Eabc",
  "ｅｍｐｌｏｙｅｅ",
  "Ω≈ç√∫",
  "日本語テキスト",
  "' OR 1=1 --",
  "\"; DROP TABLE users; --",
  "%",
  "_",
  "\\",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "${7*7}",
  "null",
  "true",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x1F",
  "2147483648",
  "9007199254740993",
  "2025-02-30",
  "0000-00-00",
  "\r\n",
];

const HUGE_NUMBERS = [0, -1, -0.5, 1.5, 2147483647, 2147483648, -2147483649, 4294967296, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e21, 1e308, -1e308, 5e-324];

const hugeString = fc
  .tuple(fc.constantFrom(41, 81, 255, 256, 1025, 10_000, 100_000), fc.constantFrom("a", "é", "😀", "\u0000", " "))
  .map(([length, unit]) => unit.repeat(length));

/** A value of any JSON type, mostly ones a field does not expect. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...ODD_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...HUGE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { $gt: "" }, ["a", 1], { "": "" }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const isoDate = fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const dateLike = fc.oneof(
  { weight: 4, arbitrary: isoDate },
  { weight: 1, arbitrary: fc.constantFrom("2025-02-30", "2025-13-01", "0000-01-01", "9999-12-31", "1900-01-01T00:00:00Z", "2024-02-29", "20250101", "yesterday", "") },
);

/**
 * Values that pass the server's rules for fields it names this way, now and
 * then one that nearly does (wrong values are the mutations' job), or a
 * symbolic one: a caller's own password, an e-mail already taken.
 */
function hintFor(field: string): fc.Arbitrary<unknown> | undefined {
  switch (field) {
    case "email":
      return fc.oneof(
        { weight: 6, arbitrary: fc.nat(1_000_000).map((n) => `fuzz${n}@example.com`) },
        { weight: 2, arbitrary: fc.nat(5).map((index) => new Ref("known.email", index)) },
        { weight: 1, arbitrary: fc.constant(new Ref("caller.email")) },
        { weight: 1, arbitrary: fc.constantFrom(" Fuzz.Case@Example.COM ", "ünï@example.com", "a@b", "x@example.com\u0000") },
      );
    case "password":
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(GOOD_PASSWORD, "Another-Pass-42", "Ünïcødé-Pass-1") },
        { weight: 1, arbitrary: fc.constant(new Ref("caller.password")) },
        { weight: 1, arbitrary: fc.nat(5).map((index) => new Ref("known.password", index)) },
        { weight: 1, arbitrary: fc.constantFrom("short", "alllowercase1!", "12345678", " ".repeat(12)) },
      );
    case "password_confirmation":
      return fc.oneof({ weight: 8, arbitrary: fc.constant(new Ref("same-as-password")) }, { weight: 1, arbitrary: fc.constant("different") });
    case "current_password":
      return fc.oneof({ weight: 4, arbitrary: fc.constant(new Ref("caller.password")) }, { weight: 1, arbitrary: fc.constant("wrong-password") });
    case "hire_date":
    case "end_date":
    case "birth_date":
      return fc.oneof({ weight: 8, arbitrary: isoDate }, { weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: dateLike });
    case "currency":
      return fc.oneof({ weight: 6, arbitrary: fc.constantFrom("USD", "EUR", "JPY", "PHP", "CNY") }, { weight: 1, arbitrary: fc.constantFrom("XXX", "usd", "US") });
    case "permissions":
      return fc.oneof(
        { weight: 6, arbitrary: fc.subarray([...PERMISSIONS]) },
        { weight: 1, arbitrary: fc.array(fc.constantFrom(...PERMISSIONS, "not_a_permission", "users_view "), { maxLength: 4 }) },
      );
    case "role_id":
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(null, 1, 2, 3) }, { weight: 3, arbitrary: fc.nat(50).map((index) => new Ref("role.id", index)) });
    case "access_level":
      return fc.constantFrom(1, 1, 2, 2, 0);
    case "base_rate":
      return fc.oneof({ weight: 6, arbitrary: fc.nat(10_000_000) }, { weight: 1, arbitrary: fc.constantFrom(0, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER) });
    case "token":
      return fc.oneof(fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 64, maxLength: 64 }), fc.string({ maxLength: 80 }));
    default:
      return undefined;
  }
}

const NO_HINT = Symbol("no hint");

/** A body json-schema-faker made valid by the schema, with hinted fields often given values the server's rules accept. */
function validBody(schema: JsonSchema): fc.Arbitrary<{ value: unknown; how: string }> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  // Each hinted field gets its realistic value eleven times in twelve: many bodies then pass every rule at once.
  const hints: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of Object.keys(properties)) {
    const hint = hintFor(field);
    if (hint) hints[field] = fc.option(hint, { freq: 12, nil: NO_HINT });
  }
  return fc
    .record({
      seed: fc.nat(),
      optionals: fc.constantFrom(0, 0.3, 1),
      hinted: fc.record(hints),
    })
    .map(({ seed, optionals, hinted }) => {
      let value: unknown;
      try {
        value = generateSync(schema as never, { seed, optionalsProbability: optionals });
      } catch (error) {
        value = {};
      }
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const required = new Set((schema.required as string[] | undefined) ?? []);
        for (const [field, hint] of Object.entries(hinted)) {
          if (hint !== NO_HINT && (field in (value as object) || required.has(field))) (value as Record<string, unknown>)[field] = hint;
        }
      }
      const hintedFields = Object.keys(hinted).filter((field) => hinted[field] !== NO_HINT && value && typeof value === "object" && field in (value as object));
      return { value, how: `valid by schema (json-schema-faker seed ${seed})${hintedFields.length ? `, realistic ${hintedFields.join(", ")}` : ""}` };
    });
}

type Mutation = { drop: string } | { set: string; value: unknown } | { add: string; value: unknown };

const EXTRA_FIELDS = ["id", "created_at", "updated_at", "created_by", "password_hash", "token", "is_super_admin", "role", "deleted_at", "__proto__", "constructor", "prototype", "toString", "filter", "data"];

function mutations(schema: JsonSchema): fc.Arbitrary<Mutation[]> {
  const fields = Object.keys((schema.properties ?? {}) as object);
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant("x");
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 2, arbitrary: field.map((name) => ({ drop: name })) },
    { weight: 4, arbitrary: fc.record({ set: field, value: oddValue }) },
    { weight: 2, arbitrary: fc.record({ add: fc.oneof(fc.constantFrom(...EXTRA_FIELDS), fc.string({ maxLength: 12 })), value: oddValue }) },
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 });
}

function applyMutations(value: unknown, list: Mutation[]): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const body: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const mutation of list) {
    if ("drop" in mutation) delete body[mutation.drop];
    else if ("set" in mutation) body[mutation.set] = mutation.value;
    // defineProperty: an own "__proto__" key, as JSON.parse would make it.
    else Object.defineProperty(body, mutation.add, { value: mutation.value, enumerable: true, configurable: true, writable: true });
  }
  return body;
}

const describeMutation = (mutation: Mutation) =>
  "drop" in mutation ? `without ${mutation.drop}` : "set" in mutation ? `${mutation.set}=${preview(mutation.value)}` : `extra ${mutation.add}=${preview(mutation.value)}`;

function preview(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : value instanceof Ref ? value.toString() : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}

/** Bodies that are not what any JSON route takes: not JSON, not an object, the wrong content type, too deep, too big. */
const strangeBody: fc.Arbitrary<BodyPlan> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((value): BodyPlan => ({ kind: "json", value, how: "any JSON value" })),
  fc
    .constantFrom(
      "",
      "{",
      '{"a":',
      "null",
      "[]",
      '"text"',
      "42",
      '{"email":"a@example.com",}',
      "\u0000",
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"a":1,"a":2}',
      '{"n":1e400}',
      '{"n":-0}',
      '{"id":99999999999999999999}',
      "[".repeat(5000) + "]".repeat(5000),
      '{"a":"\\ud800"}',
      "\uFEFF{}",
    )
    .map((text): BodyPlan => ({ kind: "text", text, how: "malformed or odd JSON text", contentType: "application/json" })),
  fc.uint8Array({ maxLength: 48 }).map((bytes): BodyPlan => ({ kind: "text", text: Buffer.from(bytes).toString("latin1"), how: "random bytes as JSON", contentType: "application/json" })),
  fc
    .constantFrom("text/plain", "application/x-www-form-urlencoded", "application/xml", "application/json; charset=utf-16", "application/vnd.api+json", "image/png")
    .map((contentType): BodyPlan => ({ kind: "text", text: '{"a":1}', how: `content type ${contentType}`, contentType })),
  fc.constant<BodyPlan>({ kind: "text", text: `{"x":"${"a".repeat(1_100_000)}"}`, how: "a body over the 1 MB limit", contentType: "application/json" }),
);

const pngHeaderThenJunk = Buffer.concat([PNG_1X1.subarray(0, 16), Buffer.from("not really a png")]);
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const uploadPart: fc.Arbitrary<Part> = fc.record(
  {
    name: fc.constantFrom("file", "file", "picture", "", "data"),
    filename: fc.constantFrom("me.png", "me.png", "../../evil.png", "ünï.png", "a".repeat(300) + ".png", ""),
    contentType: fc.constantFrom("image/png", "image/png", "image/jpeg", "image/svg+xml", "text/plain", "application/octet-stream"),
    content: fc.oneof(
      { weight: 3, arbitrary: fc.constant(PNG_1X1) },
      { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
      { weight: 1, arbitrary: fc.constant(pngHeaderThenJunk) },
      { weight: 1, arbitrary: fc.constant(svg) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
      { weight: 1, arbitrary: fc.constant(Buffer.alloc(2_200_000, 1)) },
    ),
  },
  { requiredKeys: ["name", "content"] },
);

/** Uploads: one file (the usual case), none, several, a text field, a broken multipart body. */
const uploadBody: fc.Arbitrary<BodyPlan> = fc.oneof(
  { weight: 4, arbitrary: uploadPart.map((part): BodyPlan => ({ kind: "multipart", parts: [part], how: "one part" })) },
  { weight: 1, arbitrary: fc.array(uploadPart, { maxLength: 3 }).map((parts): BodyPlan => ({ kind: "multipart", parts, how: `${parts.length} parts` })) },
  {
    weight: 1,
    arbitrary: fc.string({ maxLength: 20 }).map((text): BodyPlan => ({ kind: "multipart", parts: [{ name: "file", content: Buffer.from(text) }], how: "a text field, no file" })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom<"no closing boundary" | "other boundary">("no closing boundary", "other boundary")
      .map((broken): BodyPlan => ({ kind: "multipart", parts: [{ name: "file", filename: "me.png", contentType: "image/png", content: PNG_1X1 }], how: broken, broken })),
  },
);

function bodyPlan(operation: Operation): fc.Arbitrary<BodyPlan> {
  const none = fc.constant<BodyPlan>({ kind: "none" });
  if (operation.body) {
    const schema = operation.body;
    const valid = validBody(schema);
    return fc.oneof(
      { weight: 5, arbitrary: valid.map(({ value, how }): BodyPlan => ({ kind: "json", value, how })) },
      {
        weight: 5,
        arbitrary: fc.tuple(valid, mutations(schema)).map(([{ value }, list]): BodyPlan => ({
          kind: "json",
          value: applyMutations(value, list),
          how: `valid, then ${list.map(describeMutation).join("; ")}`,
        })),
      },
      { weight: 1, arbitrary: strangeBody },
      { weight: 1, arbitrary: none },
    );
  }
  if (operation.bodyless) return fc.oneof({ weight: 3, arbitrary: uploadBody }, { weight: 2, arbitrary: none }, { weight: 1, arbitrary: strangeBody });
  // GET and DELETE: a body now and then, which they must ignore or refuse.
  return fc.oneof({ weight: 9, arbitrary: none }, { weight: 1, arbitrary: strangeBody });
}

const ODD_IDS = ["0", "-1", "2147483647", "2147483648", "9007199254740993", "99999999999999999999", "1e3", "0x1f", "1.0", "1.5", "%201", "abc", "%00", "%C3%BC", "..", "%2F", "NaN", "Infinity", "9".repeat(400), "1;2", "%E0%A4%A"];

function pathValue(parameter: Parameter): fc.Arbitrary<PathValue> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...SEED_IDS).map((id): PathValue => ({ from: "seed", id })) },
    { weight: 5, arbitrary: fc.nat(1000).map((index): PathValue => ({ from: "seen", index })) },
    {
      weight: 1,
      arbitrary: fc.nat().map((seed): PathValue => {
        try {
          return { from: "schema", value: generateSync(parameter.schema as never, { seed }) };
        } catch {
          return { from: "schema", value: seed };
        }
      }),
    },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_IDS).map((raw): PathValue => ({ from: "odd", raw })) },
  );
}

const MATCH_MODES = ["startsWith", "contains", "notContains", "endsWith", "equals", "notEquals", "lt", "lte", "gt", "gte", "dateIs", "dateIsNot", "dateBefore", "dateAfter"];

const numberText = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -5, max: 200 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom("0", "-1", "1e3", "1.5", "abc", "", "99999999999999999999", "2147483648", " 1", "0x10", "Infinity", "NaN", "1,2", "０") },
);
const text = fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 12 }) }, { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS) }, { weight: 1, arbitrary: hugeString });
const choiceText = fc.constantFrom("true", "false", "1", "0", "active", "on_leave", "full_time", "monthly", "hourly", "2", "null", "x", "");

/** A value for a list parameter, by what its name and description say it is. */
function queryValue(parameter: Parameter, sortFields: string[]): fc.Arbitrary<string[]> {
  const one = (arbitrary: fc.Arbitrary<string>) =>
    fc.oneof({ weight: 6, arbitrary: arbitrary.map((value) => [value]) }, { weight: 1, arbitrary: fc.array(arbitrary, { minLength: 2, maxLength: 3 }) });
  const description = parameter.description ?? "";
  if (parameter.name === "page" || parameter.name === "per_page") return one(numberText);
  if (parameter.name === "sort") {
    const field = fc.tuple(fc.boolean(), fc.constantFrom(...sortFields, "password", "password_hash", "id", "", "name;drop")).map(([down, name]) => `${down ? "-" : ""}${name}`);
    return one(fc.array(field, { minLength: 1, maxLength: 3 }).map((fields) => fields.join(",")));
  }
  if (description.startsWith("number filter")) return one(numberText);
  if (description.startsWith("date filter")) return one(fc.oneof(dateLike, fc.constantFrom("2026-03-02T09:00:00Z", "1700000000")));
  if (description.startsWith("choice filter")) return one(choiceText);
  return one(text);
}

function queryPlan(operation: Operation): fc.Arbitrary<QueryPlan> {
  const sortFields = (operation.queryParams.find((parameter) => parameter.name === "sort")?.description ?? "")
    .replace(/^.*?: /, "")
    .split(/,\s*/)
    .filter(Boolean);
  const filterFields = [...new Set(operation.queryParams.map((parameter) => /^filter\[(\w+)\]/.exec(parameter.name)?.[1]).filter((name): name is string => !!name))];
  const documented: fc.Arbitrary<{ key: string; value: string }[]> =
    operation.queryParams.length === 0
      ? fc.constant([])
      : fc
          .subarray(operation.queryParams, { maxLength: Math.min(4, operation.queryParams.length) })
          .chain((chosen) =>
            fc.tuple(...chosen.map((parameter) => queryValue(parameter, sortFields).map((values) => values.map((value) => ({ key: parameter.name, value }))))),
          )
          .map((lists) => lists.flat());
  const undocumentedKey = fc.oneof(
    fc.constantFrom("filter", "filter[]", "filter[][]", "filter[name]", "filter[name][contains][x]", "filter[[name]]", "page[]", "per_page[x]", "sort[]", "__proto__[x]", "filter[__proto__][equals]", "constructor", "search[]"),
    fc
      .tuple(fc.constantFrom(...filterFields, "password", "password_hash", "id", "unknown", ""), fc.constantFrom(...MATCH_MODES, "regex", "in", "", "EQUALS"))
      .map(([field, mode]) => `filter[${field}][${mode}]`),
    fc.string({ maxLength: 8 }),
  );
  const undocumented = fc.array(fc.record({ key: undocumentedKey, value: text }), { maxLength: 2 });
  const raw = fc.constantFrom("?", "?&&", "?=", "?a", "?%", "?%ZZ", "?filter=%00", "?page=1&page=2", "?filter[name][contains]=%25", `?${"a=1&".repeat(1500)}`, "?filter[name][contains][]=x", "?sort=-", "?per_page=100&page=999999");
  return fc.oneof(
    { weight: 8, arbitrary: fc.tuple(documented, undocumented).map(([a, b]): QueryPlan => ({ kind: "pairs", pairs: [...a, ...b] })) },
    { weight: 1, arbitrary: raw.map((text): QueryPlan => ({ kind: "raw", text })) },
  );
}

const address = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 })).map(([a, b, c]) => `10.${a}.${b}.${c}`),
  fc.constantFrom("::1", "2001:db8::7", "192.0.2.10"),
);

export function requestPlan(operation: Operation): fc.Arbitrary<RequestPlan> {
  const path: Record<string, fc.Arbitrary<PathValue>> = {};
  for (const parameter of operation.pathParams) path[parameter.name] = pathValue(parameter);
  return fc.record(
    {
      path: fc.record(path),
      seenUrl: fc.record({ index: fc.nat(100), tamper: fc.boolean() }),
      query: queryPlan(operation),
      body: bodyPlan(operation),
      language: fc.constantFrom("en", "jp", "cn", "tl", "fr", "fr-CA,fr;q=0.9", "zz", "*", "en;q=abc", ""),
      address,
    },
    { requiredKeys: ["path", "query", "body", "address"] },
  );
}

/** What the fuzzer has learnt so far: record ids and links seen in replies, the callers' e-mails and passwords. */
export interface Knowledge {
  caller: { id: number | null; email: string; password: string };
  known: { email: string; password: string }[];
  ids: number[];
  /** Role ids seen in replies (for role_id fields). */
  roleIds: number[];
  /** Links to this operation seen in earlier replies, e.g. signed /api/files/{id}?expires=…&signature=… */
  urls: string[];
}

export interface ConcreteRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /** How the body was made, for the report. */
  how: string;
  /** The JSON body as sent (symbolic values resolved), when there was one. */
  json?: unknown;
}

function resolve(value: unknown, knowledge: Knowledge, body?: Record<string, unknown>): unknown {
  if (value instanceof Ref) {
    const known = knowledge.known[value.index % knowledge.known.length];
    switch (value.name) {
      case "caller.email":
        return knowledge.caller.email || known.email;
      case "caller.password":
        return knowledge.caller.password || known.password;
      case "caller.id":
        return knowledge.caller.id;
      case "known.email":
        return known.email;
      case "known.password":
        return known.password;
      case "role.id":
        return knowledge.roleIds.length > 0 ? knowledge.roleIds[value.index % knowledge.roleIds.length] : SEED_IDS[value.index % SEED_IDS.length];
      case "same-as-password":
        return body?.password;
    }
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, knowledge));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const resolved = resolve(item, knowledge, value as Record<string, unknown>);
      Object.defineProperty(out, key, { value: resolved instanceof Ref ? resolve(resolved, knowledge, out) : resolved, enumerable: true, configurable: true, writable: true });
    }
    // The confirmation follows the password as resolved.
    if (out.password_confirmation === undefined && (value as Record<string, unknown>).password_confirmation instanceof Ref) out.password_confirmation = out.password;
    return out;
  }
  return value;
}

/** Percent-encoding that also takes half a surrogate pair (encodeURIComponent throws): as the three bytes WTF-8 gives it, which no UTF-8 decoder accepts. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (char) => {
      const unit = char.charCodeAt(0);
      if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join("");
    }).join("");
  }
}

export function concreteRequest(operation: Operation, plan: RequestPlan, knowledge: Knowledge): ConcreteRequest {
  let url: string;
  if (plan.seenUrl && knowledge.urls.length > 0) {
    url = knowledge.urls[plan.seenUrl.index % knowledge.urls.length];
    if (plan.seenUrl.tamper) url = url.replace(/(signature=)([^&]{4})/, "$1ffff").replace(/(expires=)(\d+)/, (_, key, value) => `${key}${Number(value) + 1}`);
  } else {
    url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = plan.path[name];
      if (!value) return "1";
      switch (value.from) {
        case "seed":
          return String(value.id);
        case "seen":
          return String(knowledge.ids.length > 0 ? knowledge.ids[value.index % knowledge.ids.length] : SEED_IDS[value.index % SEED_IDS.length]);
        case "schema":
          return encode(typeof value.value === "string" ? value.value : JSON.stringify(value.value) ?? "");
        case "odd":
          return value.raw;
      }
    });
    if (plan.query.kind === "raw") url += plan.query.text;
    else if (plan.query.pairs.length > 0) url += `?${plan.query.pairs.map(({ key, value }) => `${encode(key)}=${encode(value)}`).join("&")}`;
  }
  const headers: Record<string, string> = {};
  if (plan.language !== undefined) headers["accept-language"] = plan.language;
  const request: ConcreteRequest = { method: operation.method, url, headers, remoteAddress: plan.address, how: "no body" };
  const body = plan.body;
  if (body.kind === "json") {
    const json = resolve(body.value, knowledge);
    request.json = json;
    request.payload = JSON.stringify(json) ?? "null";
    headers["content-type"] = body.contentType ?? "application/json";
    request.how = body.how;
  } else if (body.kind === "text") {
    request.payload = body.text;
    if (body.contentType) headers["content-type"] = body.contentType;
    request.how = body.how;
  } else if (body.kind === "multipart") {
    const made = multipart(body.parts);
    let payload = made.payload;
    let contentType = made.headers["content-type"];
    if (body.broken === "no closing boundary") payload = payload.subarray(0, payload.lastIndexOf("--"));
    if (body.broken === "other boundary") contentType = "multipart/form-data; boundary=somethingelse";
    headers["content-type"] = contentType;
    request.payload = payload;
    request.how = `multipart: ${body.how} (${body.parts.map((part) => `${part.name || "''"}${part.filename !== undefined ? `=${part.filename.slice(0, 20)}` : ""} ${part.contentType ?? "-"} ${part.content.length} B`).join(", ")})`;
  }
  return request;
}
