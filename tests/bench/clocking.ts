/**
 * Clock-in and clock-out for a crowd: 50 people, each with a session of
 * their own, pressing the button all at once and one after another; every
 * request's time is kept. Runs against a server the caller started (the attendance
 * bench's, so the store holds a month of everyone's days).
 */
import { apiToken, type RunningServer } from "../support/e2e";

export const CLOCKING_PEOPLE = 50;
const ROUNDS = 6;
const PASSWORD = "Bench-clock-2026!";

export interface ClockingFigures {
  /** Milliseconds of each clock-in and clock-out when all 50 press at the same moment, sorted. */
  burst: number[];
  /** Milliseconds of each when they come one after another (the time a call takes the server), sorted. */
  single: number[];
}

async function send(url: string, token: string, method: string, body?: unknown): Promise<{ status: number; ms: number; json: unknown }> {
  const started = performance.now();
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  return { status: response.status, ms: performance.now() - started, json };
}

async function expectOk(request: Promise<{ status: number; json: unknown }>, what: string): Promise<unknown> {
  const { status, json } = await request;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(json)}`);
  return json;
}

/** Makes 50 people who may clock from anywhere (no position needed) and signs each in. */
async function crowd(server: RunningServer, adminToken: string): Promise<string[]> {
  const api = (path: string) => `${server.url}/api/${path}`;
  // Fifty sign-ins from one address would meet the throttle meant for guessing passwords.
  await expectOk(send(api("settings/system"), adminToken, "PUT", { login_per_address: 10_000, login_per_account: 10_000 }), "raising the sign-in limits");
  const role = (await expectOk(send(api("roles"), adminToken, "POST", { name: "Bench clockers", permissions: ["attendance_access"] }), "the role")) as { data: { id: number } };
  const tokens: string[] = [];
  for (let index = 0; index < CLOCKING_PEOPLE; index++) {
    const email = `clocker.${index}@bench.example`;
    const person = (await expectOk(
      send(api("users"), adminToken, "POST", {
        first_name: "Clocker",
        last_name: `Number ${index}`,
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        access_level: 1,
        role_id: role.data.id,
        employee_number: `CLK-${index}`,
        department: "Operations",
        employment_type: "full_time",
        employment_status: "active",
        hire_date: "2025-01-15",
        pay_basis: "monthly",
        base_rate: 0,
      }),
      `person ${index}`,
    )) as { data: { id: number } };
    await expectOk(send(api(`users/${person.data.id}`), adminToken, "PUT", { clock_policy: "anywhere" }), `clock policy of ${index}`);
    tokens.push(await apiToken(server, email, PASSWORD));
  }
  return tokens;
}

/**
 * All 50 at the same instant, several rounds, then the same calls one after
 * another. The embedded database has one connection: simultaneous writes
 * take turns, so a burst's latency is mostly the queue before each call.
 */
export async function measureClocking(server: RunningServer, adminToken: string): Promise<ClockingFigures> {
  const tokens = await crowd(server, adminToken);
  const call = async (path: string, token: string, expected: number) => {
    const reply = await send(`${server.url}/api/attendance/${path}`, token, "POST", {});
    if (reply.status !== expected) throw new Error(`${path} answered ${reply.status}: ${JSON.stringify(reply.json)}`);
    return reply.ms;
  };
  const burst: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    burst.push(...(await Promise.all(tokens.map((token) => call("clock-in", token, 201)))));
    burst.push(...(await Promise.all(tokens.map((token) => call("clock-out", token, 200)))));
  }
  const single: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const token of tokens) {
      single.push(await call("clock-in", token, 201));
      single.push(await call("clock-out", token, 200));
    }
  }
  return { burst: burst.sort((a, b) => a - b), single: single.sort((a, b) => a - b) };
}
