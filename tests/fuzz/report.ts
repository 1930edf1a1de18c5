/**
 * What the fuzzer did and found: requests and statuses per operation and
 * caller, the failures (each distinct one once, with how often it happened
 * and its smallest request), and the summary printed at the end.
 */
import type { ConcreteRequest } from "./requests";

export interface Failure {
  /** Where it happened: "METHOD /path as caller", each once. */
  where: Set<string>;
  /** What was wrong, e.g. "error shape + cacheable". */
  kind: string;
  status: number;
  detail: string;
  /** The smallest request that failed this way. */
  operation: string;
  caller: string;
  request: ConcreteRequest;
  body: string;
  /** Lines the server logged while answering (a 5xx's error and stack). */
  log: string[];
  /** How many requests failed this way (fast-check's shrinking included). */
  count: number;
}

interface Tally {
  requests: number;
  statuses: Map<string, number>;
  unchecked: Set<string>;
  ms: number;
}

export class Report {
  readonly tallies = new Map<string, Tally>();
  readonly failures = new Map<string, Failure>();
  readonly notes: string[] = [];
  requests = 0;
  private readonly started = Date.now();

  constructor(readonly seed: number, readonly runs: number) {}

  count(operation: string, caller: string, status: number, ms: number, unchecked?: string): void {
    this.requests++;
    let tally = this.tallies.get(operation);
    if (!tally) this.tallies.set(operation, (tally = { requests: 0, statuses: new Map(), unchecked: new Set(), ms: 0 }));
    tally.requests++;
    tally.ms += ms;
    const key = `${caller === "anonymous" ? "n" : caller[0]}:${status}`;
    tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
    if (unchecked) tally.unchecked.add(unchecked);
  }

  fail(failure: Omit<Failure, "count" | "where">): void {
    // One entry per way of failing (what, status, the detail's first words), wherever it happened; keep the smallest request.
    const key = [failure.kind, failure.status, failure.detail.slice(0, 60)].join("|");
    const where = `${failure.operation} as ${failure.caller}`;
    const seen = this.failures.get(key);
    if (!seen) this.failures.set(key, { ...failure, where: new Set([where]), count: 1 });
    else {
      seen.count++;
      seen.where.add(where);
      if (size(failure.request) < size(seen.request)) Object.assign(seen, { ...failure, where: seen.where, count: seen.count });
    }
  }

  summary(): string {
    const lines: string[] = [];
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    lines.push("", `OpenAPI fuzzer: seed ${this.seed} (FUZZ_SEED), ${this.runs} runs per operation and caller (FUZZ_RUNS); ${this.tallies.size} operations, ${this.requests} requests in ${seconds} s`);
    lines.push("statuses by caller: a = administrator, e = employee, n = nobody (no token)", "");
    const width = Math.max(...[...this.tallies.keys()].map((key) => key.length), 9);
    lines.push(`${"operation".padEnd(width)}  requests  ms/req  statuses`);
    for (const [operation, tally] of [...this.tallies].sort(([a], [b]) => a.localeCompare(b))) {
      const statuses = [...tally.statuses].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => `${key}×${n}`).join(" ");
      lines.push(`${operation.padEnd(width)}  ${String(tally.requests).padStart(8)}  ${(tally.ms / tally.requests).toFixed(1).padStart(6)}  ${statuses}`);
    }
    const unchecked = [...this.tallies].filter(([, tally]) => tally.unchecked.size > 0).map(([operation, tally]) => `${operation} (${[...tally.unchecked].join(", ")})`);
    if (unchecked.length > 0) lines.push("", `successes with no documented reply schema, checked only as JSON: ${unchecked.join("; ")}`);
    if (this.notes.length > 0) lines.push("", "sessions:", ...this.notes.map((note) => `  ${note}`));
    lines.push("", `failures: ${this.failures.size}${this.failures.size ? ` distinct, ${[...this.failures.values()].reduce((n, failure) => n + failure.count, 0)} requests (fast-check's shrinking included)` : ""}`);
    for (const failure of this.failures.values()) lines.push(describeFailure(failure));
    return lines.join("\n");
  }
}

function size(request: ConcreteRequest): number {
  return request.url.length + (request.payload?.length ?? 0);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

export function describeFailure(failure: Failure): string {
  const { request } = failure;
  const payload = request.payload === undefined ? "" : Buffer.isBuffer(request.payload) ? `<${request.payload.length} bytes>` : clip(request.payload, 600);
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${name === "authorization" ? `Bearer <${failure.caller}'s token>` : clip(value, 80)}`)
    .join(", ");
  return [
    `- ${failure.kind} → ${failure.status}: ${failure.count} requests, in ${[...failure.where].join(", ")}`,
    `    smallest: ${failure.operation} as ${failure.caller}: ${request.method} ${clip(request.url, 200)}${headers ? `  [${headers}]` : ""}`,
    ...(payload ? [`    body (${request.how}): ${payload}`] : []),
    `    reply: ${clip(failure.body, 300)}`,
    `    why: ${failure.detail}`,
    ...failure.log.map((line) => `    server log: ${clip(line, 1200)}`),
  ].join("\n");
}
