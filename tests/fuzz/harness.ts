/**
 * The app the fuzzer runs against (a fresh copy of the seeded test database,
 * its error log kept so a 5xx can be reported with the server's own line) and
 * the callers it fuzzes as: the administrator, an employee, and nobody.
 *
 * Fuzzed requests may sign a caller out, change their password or e-mail,
 * archive them, demote an employee's role or block their sign-in with wrong
 * passwords. Before a caller's next request after any successful write its
 * session is checked (GET /api/me); a caller that lost it signs in again
 * (moving the test clock past a sign-in block if there is one), and one that
 * can no longer sign in at all, or is no longer what it was (an employee made
 * administrator), is replaced by a new account of the same kind, created the
 * way the seed and the CLI create accounts. Each replacement is reported.
 */
import { Writable } from "node:stream";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { ACCESS_LEVEL } from "../../contracts/permissions";
import { buildApp } from "../../server/app";
import { DEMO_LOGINS } from "../../server/db/seed";
import { createUserRecord } from "../../server/modules/users/service";
import { TestClock, testConfig } from "../support/test-config";
import { openTestDatabase, type TestDatabase } from "../support/test-database";

export interface LogLine {
  level: number;
  msg: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

export interface FuzzApp {
  app: FastifyInstance;
  clock: TestClock;
  database: TestDatabase;
  /** Warnings and errors the server logged, in order. */
  log: LogLine[];
  close(): Promise<void>;
}

export async function startFuzzApp(): Promise<FuzzApp> {
  const clock = new TestClock();
  const database = await openTestDatabase("seeded");
  const log: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        try {
          log.push(JSON.parse(line));
        } catch {
          log.push({ level: 50, msg: line });
        }
      }
      done();
    },
  });
  const app = await buildApp({ database, config: testConfig(), clock, logger: { level: "warn", stream } });
  await app.ready();
  return {
    app,
    clock,
    database,
    log,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

export type ActorKind = "admin" | "employee" | "anonymous";

export interface Actor {
  kind: ActorKind;
  id: number | null;
  email: string;
  password: string;
  token: string | null;
}

/** Where the fuzzer's own sign-ins come from: not an address fuzzed requests use, so their throttling is apart. */
const OWN_ADDRESS = "127.0.0.1";
const LEVEL: Record<Exclude<ActorKind, "anonymous">, 0 | 1 | 2> = { admin: ACCESS_LEVEL.SUPER_ADMIN, employee: ACCESS_LEVEL.EMPLOYEE };
const REPLACEMENT_PASSWORD = "Fuzz-Actor-123!";

export class Actors {
  readonly admin: Actor;
  readonly employee: Actor;
  readonly anonymous: Actor = { kind: "anonymous", id: null, email: "", password: "", token: null };
  /** Why callers had to sign in again or be replaced, in order. */
  readonly events: string[] = [];
  private dirty = false;
  private replacements = 0;

  private constructor(private readonly fuzz: FuzzApp) {
    const [admin, , employee] = DEMO_LOGINS;
    this.admin = { kind: "admin", id: null, email: admin.email, password: admin.password, token: null };
    this.employee = { kind: "employee", id: null, email: employee.email, password: employee.password, token: null };
  }

  static async start(fuzz: FuzzApp): Promise<Actors> {
    const actors = new Actors(fuzz);
    for (const actor of [actors.admin, actors.employee]) {
      if (!(await actors.signIn(actor))) throw new Error(`the fuzzer could not sign in as ${actor.email}`);
      await actors.check(actor);
    }
    return actors;
  }

  of(kind: ActorKind): Actor {
    return this[kind];
  }

  /** The seed's people and the callers as they are now: values a fuzzed e-mail or password field is drawn from. */
  knownLogins(): { email: string; password: string }[] {
    return [...DEMO_LOGINS.map(({ email, password }) => ({ email, password })), this.admin, this.employee];
  }

  /** Something may have changed who the callers are: check each before its next request. */
  markDirty(): void {
    this.dirty = true;
  }

  /** A request as the caller, its session checked first when a write may have touched it. */
  async ready(actor: Actor): Promise<void> {
    if (actor.kind === "anonymous") return;
    if (this.dirty) {
      this.dirty = false;
      await this.check(this.admin);
      await this.check(this.employee);
    }
  }

  /** The caller's session answered 401: sign in again, or replace the caller. */
  async lostSession(actor: Actor, why: string): Promise<void> {
    if (actor.kind === "anonymous") return;
    await this.check(actor, why);
  }

  /** A fresh session for the caller, apart from the one the fuzzer uses (to be signed out by POST /api/logout). */
  async spareToken(actor: Actor): Promise<string | null> {
    if (actor.kind === "anonymous") return null;
    const response = await this.login(actor.email, actor.password);
    return response.statusCode === 200 ? (response.json().token as string) : actor.token;
  }

  private async check(actor: Actor, why?: string, attempt = 0): Promise<void> {
    if (attempt > 2) throw new Error(`${actor.kind} ${actor.email}: signed in, yet GET /api/me keeps refusing the new session`);
    const me = actor.token ? await this.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${actor.token}` } }) : null;
    if (me?.statusCode === 200) {
      const data = me.json().data as { id: number; email: string; access_level: number; is_active: boolean };
      if (data.access_level === LEVEL[actor.kind as keyof typeof LEVEL] && data.is_active) {
        actor.id = data.id;
        actor.email = data.email;
        return;
      }
      return this.replace(actor, `${actor.kind} ${actor.email} became access level ${data.access_level}${data.is_active ? "" : ", inactive"}`);
    }
    if (await this.signIn(actor)) {
      this.events.push(`${actor.kind} signed in again (${why ?? `session answered ${me?.statusCode ?? "none"}`})`);
      return this.check(actor, why, attempt + 1);
    }
    return this.replace(actor, `${actor.kind} ${actor.email} could not sign in again${why ? ` after ${why}` : ""}`);
  }

  private async signIn(actor: Actor): Promise<boolean> {
    let response = await this.login(actor.email, actor.password);
    if (response.statusCode === 429) {
      // A fuzzed run of wrong passwords blocked the account: let the block pass on the test clock.
      this.fuzz.clock.advanceMinutes(16);
      this.events.push(`${actor.kind} ${actor.email}: sign-in blocked (429), test clock moved 16 minutes`);
      response = await this.login(actor.email, actor.password);
    }
    if (response.statusCode !== 200) return false;
    actor.token = response.json().token as string;
    return true;
  }

  private async replace(actor: Actor, why: string): Promise<void> {
    const n = ++this.replacements;
    const email = `fuzz-${actor.kind}-${n}@example.com`;
    const user = await createUserRecord(
      this.fuzz.database.db,
      {
        first_name: "Fuzz",
        last_name: `${actor.kind} ${n}`,
        email,
        password: REPLACEMENT_PASSWORD,
        access_level: LEVEL[actor.kind as keyof typeof LEVEL],
        role_id: null,
        currency: "USD",
      },
      testConfig().passwordHashing,
      this.fuzz.clock.now(),
    );
    Object.assign(actor, { id: user.id, email, password: REPLACEMENT_PASSWORD, token: null });
    this.events.push(`${why}: replaced by ${email} (id ${user.id})`);
    if (!(await this.signIn(actor))) throw new Error(`the replacement ${actor.kind} ${email} could not sign in`);
  }

  private login(email: string, password: string): Promise<LightMyRequestResponse> {
    return this.inject({ method: "POST", url: "/api/login", payload: { email, password } });
  }

  private inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.fuzz.app.inject({ ...options, remoteAddress: OWN_ADDRESS });
  }
}
