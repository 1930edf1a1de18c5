/**
 * `npm run test:fuzz`: a property-based fuzzer driven by /api/docs/json.
 *
 * Every operation the reference lists is called as the administrator and as
 * an employee (FUZZ_RUNS times each), and with no token (a few times, or
 * FUZZ_RUNS times for the public ones), with requests fast-check generates
 * (see requests.ts); then once each with the fixed catalogue of wrong paths,
 * methods and fields that openapi-fuzzer-core derives from the same document.
 * Every reply is judged by checks.ts: no 5xx, JSON, a documented success that
 * matches its schema, refusals in the error shape with catalogue messages,
 * Cache-Control: no-store; and no error in the server's log behind a reply
 * below 500. Callers who lose their session to a fuzzed request (a password
 * change, an archive) sign in again or are replaced (harness.ts); POST
 * /api/logout signs out a second session, not the fuzzer's. A failing property is
 * shrunk by fast-check to a small request; the summary at the end lists every
 * operation, the statuses it answered per caller, and each distinct failure
 * with its request, reply and the server's log line.
 *
 * Deterministic: FUZZ_SEED (printed) fixes every request; FUZZ_RUNS changes
 * how many per operation and caller; FUZZ_BUDGET_S bounds the whole run (runs
 * past it are not sent, and the summary says so); FUZZ_SHRINK=0 sends every
 * run instead of stopping a property at its first failure to shrink it;
 * FUZZ_TRACE=file writes every request and reply, one line each.
 */
import fs from "node:fs";
import { test } from "@fast-check/vitest";
import type { LightMyRequestResponse } from "fastify";
import openapiFuzzer from "openapi-fuzzer-core";
import { afterAll, describe, expect, it } from "vitest";
import { judge, type FailureKind } from "./checks";
import { inFuzzingOrder, operationsOf, pathPattern, type OpenApiDocument, type Operation } from "./document";
import { Actors, startFuzzApp, type Actor, type ActorKind } from "./harness";
import { describeFailure, Report } from "./report";
import { concreteRequest, requestPlan, type ConcreteRequest, type RequestPlan } from "./requests";

const SEED = Number(process.env.FUZZ_SEED ?? 20260302);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const ANONYMOUS_RUNS = Math.max(2, Math.round(RUNS / 8));
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_S ?? 240) * 1000;
/** FUZZ_SHRINK=0: a failure does not stop its property to be shrunk; every run is sent and the summary lists all failures. */
const SHRINK = process.env.FUZZ_SHRINK !== "0";
/** FUZZ_TRACE=file writes one line per request (operation, caller, status, request, reply) to look at what the fuzzer sends. */
const TRACE = process.env.FUZZ_TRACE;

const fuzz = await startFuzzApp();
const document = (await fuzz.app.inject({ method: "GET", url: "/api/docs/json" })).json() as OpenApiDocument;
const operations = inFuzzingOrder(operationsOf(document));
const actors = await Actors.start(fuzz);
const report = new Report(SEED, RUNS);
const deadline = Date.now() + BUDGET_MS;
let unsent = 0;

afterAll(async () => {
  await fuzz.close();
});

/** Record ids seen in replies, by resource (/api/users, /api/roles...), newest last. */
const seenIds = new Map<string, number[]>();
/** Links seen in replies, by the operation they lead to. */
const seenUrls = new Map<string, string[]>();

const resourceOf = (path: string) => path.split("/").slice(0, 3).join("/");

function remember<T>(list: T[], value: T, max: number): void {
  if (list.includes(value)) return;
  list.push(value);
  if (list.length > max) list.shift();
}

/** Learns ids and links from a reply, and the callers' new passwords and e-mails from successful changes. */
function learn(operation: Operation, request: ConcreteRequest, response: LightMyRequestResponse, caller: Actor): void {
  if (response.statusCode >= 300 || !String(response.headers["content-type"] ?? "").includes("json")) return;
  let body: { data?: unknown };
  try {
    body = JSON.parse(response.body);
  } catch {
    return;
  }
  const ids = seenIds.get(resourceOf(operation.path)) ?? [];
  seenIds.set(resourceOf(operation.path), ids);
  for (const record of [body.data].flat()) {
    const id = (record as { id?: unknown } | null)?.id;
    if (typeof id === "number") remember(ids, id, 200);
  }
  for (const link of response.body.match(/\/api\/[^"\s\\]+/g) ?? []) {
    const pathname = link.split("?")[0];
    const target = operations.find((candidate) => candidate.method === "GET" && pathPattern(candidate.path).test(pathname));
    if (target) {
      const list = seenUrls.get(target.key) ?? [];
      seenUrls.set(target.key, list);
      remember(list, link, 50);
    }
  }
  if (request.method === "GET") return;
  // A successful password or e-mail change of a caller: the fuzzer signs in with the new one from now on.
  const json = request.json as { password?: unknown; email?: unknown } | undefined;
  const targetId = Number(/\/api\/users\/(\d+)$/.exec(request.url.split("?")[0])?.[1]);
  for (const actor of [actors.admin, actors.employee]) {
    const self = actor === caller && operation.path.startsWith("/api/me");
    if (!self && !(targetId && actor.id === targetId)) continue;
    if (typeof json?.password === "string") actor.password = json.password;
    if (typeof json?.email === "string") actor.email = json.email.trim().toLowerCase();
  }
}

async function send(operation: Operation, caller: Actor, request: ConcreteRequest, expectation?: (status: number) => string | null) {
  let token = caller.token;
  // Signing out the fuzzer's own session would leave every later request a 401: sign out a second one instead.
  if (operation.key === "POST /api/logout" && caller.kind !== "anonymous") token = await actors.spareToken(caller);
  if (token) request.headers.authorization = `Bearer ${token}`;
  const logFrom = fuzz.log.length;
  const started = performance.now();
  const response = await fuzz.app.inject({ method: request.method as "GET", url: request.url, headers: request.headers, payload: request.payload, remoteAddress: request.remoteAddress });
  const ms = performance.now() - started;
  const verdict = judge(operation, response);
  const expected = expectation?.(response.statusCode);
  const logged = fuzz.log.slice(logFrom);
  // A refusal is not a crash: an error logged while answering below 500 is one hidden behind a 4xx.
  const errorLine = logged.find((line) => line.level >= 50);
  if (errorLine && response.statusCode < 500) verdict.failures.push({ kind: "server logged an error", detail: `${errorLine.msg}: ${errorLine.err?.message ?? ""}` });
  if (expected) verdict.failures.push({ kind: "expectation", detail: expected });
  // The catalogue's wrong paths and methods are no operation of the reference: one line each in the summary.
  const tallyKey = operations.includes(operation) ? operation.key : `(openapi-fuzzer-core: ${/INVALID\/PATH$/.test(operation.path) ? "paths the API does not have" : "methods a path does not take"})`;
  report.count(tallyKey, caller.kind, response.statusCode, ms, verdict.unchecked);
  if (TRACE) {
    const payload = typeof request.payload === "string" ? request.payload.slice(0, 400) : request.payload ? `<${request.payload.length} bytes>` : "";
    fs.appendFileSync(TRACE, `${operation.key}\t${caller.kind}\t${response.statusCode}\t${request.how}\t${request.url.slice(0, 200)}\t${payload}\t${response.body.slice(0, 300)}\n`);
  }
  const log = logged.map((line) => JSON.stringify({ level: line.level, msg: line.msg, err: line.err }));
  const contentType = String(response.headers["content-type"] ?? "");
  const body = /json|^text\//.test(contentType) || response.rawPayload.length === 0 ? response.body : `<${response.rawPayload.length} bytes of ${contentType}>`;
  if (verdict.failures.length > 0) {
    const kind = verdict.failures.map((failure) => failure.kind).join(" + ");
    const detail = verdict.failures.map((failure) => failure.detail).join("; ");
    report.fail({ operation: operation.key, caller: caller.kind, kind, status: response.statusCode, detail, request, body, log });
  }
  learn(operation, request, response, caller);
  if (response.statusCode >= 200 && response.statusCode < 300 && request.method !== "GET") actors.markDirty();
  if (response.statusCode === 401 && caller.kind !== "anonymous") await actors.lostSession(caller, `${operation.key} answered 401`);
  return { response, body, failures: verdict.failures };
}

function knowledgeFor(operation: Operation, caller: Actor) {
  return {
    caller,
    known: actors.knownLogins(),
    ids: seenIds.get(resourceOf(operation.path)) ?? [],
    roleIds: seenIds.get("/api/roles") ?? [],
    urls: seenUrls.get(operation.key) ?? [],
  };
}

/** A seed per operation and caller, from the run's seed: a property replays alone with the same requests. */
function seedFor(...parts: string[]): number {
  let hash = SEED >>> 0;
  for (const char of parts.join("|")) hash = (Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0);
  return hash | 0;
}

const callers = (operation: Operation): [ActorKind, number][] => [
  ["admin", RUNS],
  ["employee", RUNS],
  ["anonymous", operation.isPublic ? RUNS : ANONYMOUS_RUNS],
];

console.log(`OpenAPI fuzzer: seed ${SEED}, ${RUNS} runs per operation and caller, ${operations.length} operations, budget ${BUDGET_MS / 1000} s`);

describe.sequential("every operation in /api/docs/json, fuzzed", () => {
  for (const operation of operations) {
    for (const [kind, runs] of callers(operation)) {
      test.prop([requestPlan(operation)], { numRuns: runs, seed: seedFor(operation.key, kind) })(
        `${operation.key} as ${kind}`,
        async (plan: RequestPlan) => {
          if (Date.now() > deadline) {
            unsent++;
            return;
          }
          const caller = actors.of(kind);
          await actors.ready(caller);
          const request = concreteRequest(operation, plan, knowledgeFor(operation, caller));
          const { response, body, failures } = await send(operation, caller, request);
          if (failures.length > 0 && SHRINK) {
            throw new Error(`${failures.map((failure) => `${failure.kind}: ${failure.detail}`).join("\n")}\n${request.method} ${request.url.slice(0, 300)} → ${response.statusCode} ${body.slice(0, 300)}`);
          }
        },
      );
    }
  }
});

interface CatalogueSpec {
  name: "PATH" | "METHOD" | "PATH PARAMS" | "QUERY PARAMS" | "BODY";
  request: { method: string; path: string; pathParams?: Record<string, unknown>; queryParams?: Record<string, unknown>; body?: unknown };
}

/**
 * openapi-fuzzer-core reads Swagger 2.0: parameters with their type beside
 * them, the body as an `in: body` parameter referring to `definitions`. This
 * is the same document in that shape (OpenAPI 3.1's `number` read as its
 * `integer`, so ids are fuzzed too).
 */
function swaggerView(source: OpenApiDocument): object {
  const definitions: Record<string, unknown> = {};
  const paths: Record<string, Record<string, { parameters: unknown[] }>> = {};
  for (const operation of operationsOf(source)) {
    const parameters: unknown[] = [...operation.pathParams, ...operation.queryParams].map((parameter) => ({
      ...parameter.schema,
      ...(parameter.schema.type === "number" ? { type: "integer" } : {}),
      name: parameter.name,
      in: parameter.in,
      required: parameter.required,
    }));
    if (operation.body) {
      const name = operation.key.replace(/\W+/g, "_");
      definitions[name] = operation.body;
      parameters.push({ name: "body", in: "body", schema: { $ref: `#/definitions/${name}` } });
    }
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = { parameters };
  }
  return { swagger: "2.0", basePath: "", paths, definitions };
}

function catalogueRequest(spec: CatalogueSpec): ConcreteRequest {
  const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value) ?? "");
  let url = spec.request.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(spec.request.pathParams?.[name] !== undefined ? text(spec.request.pathParams[name]) : "1"));
  const query = Object.entries(spec.request.queryParams ?? {}).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(text(value))}`);
  if (query.length > 0) url += `?${query.join("&")}`;
  const request: ConcreteRequest = { method: spec.request.method.toUpperCase(), url, headers: {}, remoteAddress: "10.200.0.1", how: `openapi-fuzzer-core ${spec.name}` };
  if (spec.request.body !== undefined) {
    request.json = spec.request.body;
    request.payload = JSON.stringify(spec.request.body);
    request.headers["content-type"] = "application/json";
  }
  return request;
}

/** Whether some documented operation takes this method at this path (PUT /api/users/list is PUT /api/users/{id} with id "list"). */
function routed(method: string, path: string): boolean {
  const concrete = path.replace(/\{\w+\}/g, "1");
  return operations.some((operation) => operation.method === method.toUpperCase() && pathPattern(operation.path).test(concrete));
}

/** What openapi-fuzzer-core expects (400, 404, 405) in this API's words: a wrong path is a 404, a wrong method on a fixed path a 405, anything else some refusal. */
function catalogueExpectation(spec: CatalogueSpec): (status: number) => string | null {
  return (status) => {
    if (spec.name === "PATH" && spec.request.path.startsWith("/api/") && status !== 404) return `a path the API does not have answered ${status}, not 404`;
    if (spec.name === "METHOD" && !routed(spec.request.method, spec.request.path) && status !== 405) return `a method ${spec.request.path} does not take answered ${status}, not 405`;
    if (status >= 200 && status < 300) return `openapi-fuzzer-core's ${spec.name} case (a value the schema refuses) was accepted with ${status}`;
    return null;
  };
}

describe.sequential("the openapi-fuzzer-core catalogue (wrong paths, methods, and one wrong field at a time)", () => {
  const specs = (openapiFuzzer.swagger(swaggerView(document)) as CatalogueSpec[]).filter(
    // Its wrong paths outside /api are the single-page app's to answer.
    (spec) => spec.request.path.startsWith("/api/"),
  );
  for (const kind of ["admin", "employee"] as const) {
    it(`answers all ${specs.length} of its cases as ${kind} with a refusal of the right kind`, async () => {
      const failures: string[] = [];
      for (const spec of specs) {
        const operation =
          operations.find((candidate) => candidate.method === spec.request.method.toUpperCase() && candidate.path === spec.request.path) ??
          ({ key: `${spec.request.method.toUpperCase()} ${spec.request.path}`, method: spec.request.method.toUpperCase(), path: spec.request.path, isPublic: false, pathParams: [], queryParams: [], bodyless: false, replies: {} } as Operation);
        const caller = actors.of(kind);
        await actors.ready(caller);
        const { failures: found } = await send(operation, caller, catalogueRequest(spec), catalogueExpectation(spec));
        failures.push(...found.map((failure: { kind: FailureKind; detail: string }) => `${spec.name} ${operation.key}: ${failure.kind}: ${failure.detail}`));
      }
      expect(failures).toEqual([]);
    });
  }
});

describe("the run", () => {
  it("prints operations, requests, statuses and failures, and has no failure", () => {
    if (unsent > 0) report.notes.push(`budget of ${BUDGET_MS / 1000} s reached: ${unsent} runs not sent (FUZZ_BUDGET_S)`);
    report.notes.push(...actors.events);
    const summary = report.summary();
    console.log(summary);
    expect(operations.every((operation) => report.tallies.has(operation.key)), "every operation was called").toBe(true);
    expect([...report.failures.values()].map(describeFailure).join("\n"), "failures (see the summary above)").toBe("");
  });
});

