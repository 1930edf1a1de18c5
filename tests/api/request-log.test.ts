import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { authorized, startTestApp, testConfig, type TestApp } from "../support/api";

let t: TestApp;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  app = await buildApp({ database: t.database, config: testConfig(), clock: t.clock, logger: { level: "info", stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const requestLines = () => lines.filter((line) => line.msg === "request");

describe("request log", () => {
  it("writes one line per request with status, duration and the user", async () => {
    const token = await t.tokenFor("employee@example.com");
    lines.length = 0;
    await app.inject(authorized(token, { method: "GET", url: "/api/me" }));
    expect(requestLines()).toHaveLength(1);
    expect(requestLines()[0]).toMatchObject({ method: "GET", url: "/api/me", status: 200, user: 3 });
    expect(typeof requestLines()[0].ms).toBe("number");
  });

  it("never writes a reset token or an address from a query string", async () => {
    lines.length = 0;
    await app.inject({ method: "GET", url: "/reset-password?token=s3cr3t-token&email=employee%40example.com&lang=fr" });
    const [line] = requestLines();
    expect(line.url).toBe("/reset-password?token=***&email=***&lang=fr");
    expect(JSON.stringify(lines)).not.toContain("s3cr3t-token");
  });
});
