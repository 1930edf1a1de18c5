import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call } from "../support/people";

/** A built app of one page, so the static side's own caching can be seen beside the API's. */
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-static-"));
fs.writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>Paydesk</title>");
/** A built chunk (named by its content's hash) with the compressed copies the build writes beside it. */
const chunk = "export const greeting = 'hello';\n".repeat(64);
fs.mkdirSync(path.join(staticDir, "assets"));
fs.writeFileSync(path.join(staticDir, "assets", "app-Bx7q2Lk9.js"), chunk);
fs.writeFileSync(path.join(staticDir, "assets", "app-Bx7q2Lk9.js.br"), zlib.brotliCompressSync(chunk));
fs.writeFileSync(path.join(staticDir, "assets", "app-Bx7q2Lk9.js.gz"), zlib.gzipSync(chunk));
fs.writeFileSync(path.join(staticDir, "theme-boot.js"), "document.documentElement.dataset.theme = 'light';\n");

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ config: { staticDir } });
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe("Cache-Control on API replies", () => {
  it.each<[string, () => InjectOptions]>([
    ["a sign-in with its token", () => ({ method: "POST", url: "/api/login", payload: ADMIN })],
    ["a refused sign-in", () => ({ method: "POST", url: "/api/login", payload: { ...ADMIN, password: "Wrong123!" } })],
    ["the signed-in person", () => ({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${admin}` } })],
    ["the people list", () => ({ method: "GET", url: "/api/users", headers: { authorization: `Bearer ${admin}` } })],
    ["a refusal without a token", () => ({ method: "GET", url: "/api/me" })],
    ["an unknown API path", () => ({ method: "GET", url: "/api/no-such-thing" })],
    ["a method the path does not take", () => ({ method: "DELETE", url: "/api/login" })],
  ])("forbids storing %s", async (_label, request) => {
    const response = await t.app.inject(request());
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("a picture by signed link is not kept either", async () => {
    const picture = (await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${admin}` } })).json().data.profile_picture_url;
    // The demo administrator has no picture: any signed-link answer (403 for a bad link) goes through the same hook.
    const response = await t.app.inject({ method: "GET", url: picture ?? "/api/files/1?expires=1&signature=x" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers a URL that cannot be routed (broken escape, over-long id) in the same shape, not Fastify's", async () => {
    for (const url of ["/api/jobs/%E0%A4%A", `/api/users/${"9".repeat(400)}`]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json(), url).toEqual({ message: "The request could not be understood." });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("asks the browser to check the app's page every time, without forbidding it", async () => {
    const page = await t.app.inject({ method: "GET", url: "/login" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
  });
});

describe("the built app's files", () => {
  it("lets the browser keep a chunk named by its hash for good, so a reload asks for none", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/app-Bx7q2Lk9.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body).toBe(chunk);
  });

  it("has a file outside assets/ (its name stays the same from build to build) checked again", async () => {
    const response = await t.app.inject({ method: "GET", url: "/theme-boot.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=0");
  });

  it.each([
    ["br, gzip", "br", (body: Buffer) => zlib.brotliDecompressSync(body)],
    ["gzip", "gzip", (body: Buffer) => zlib.gunzipSync(body)],
  ])("sends the compressed copy the browser accepts (%s)", async (accepted, encoding, decode) => {
    const response = await t.app.inject({ method: "GET", url: "/assets/app-Bx7q2Lk9.js", headers: { "accept-encoding": accepted } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers.vary).toContain("accept-encoding");
    expect(decode(response.rawPayload).toString()).toBe(chunk);
  });
});

describe("a known API path with a method it does not take", () => {
  const allowOf = (header: unknown) => String(header).split(", ").sort();

  it.each([
    ["DELETE", "/api/login", ["POST"]],
    ["POST", "/api/me", ["GET", "HEAD"]],
    ["PATCH", "/api/users/1", ["DELETE", "GET", "HEAD", "PUT"]],
  ])("answers %s %s with 405, the allowed methods and a message", async (method, url, allowed) => {
    const response = await call(t, admin, { method: method as InjectOptions["method"], url });
    expect(response.statusCode).toBe(405);
    expect(allowOf(response.headers.allow)).toEqual(allowed);
    expect(response.json()).toEqual({ message: `The ${method} method is not allowed here. Use ${response.headers.allow}.` });
  });

  it("answers in the reader's language", async () => {
    const response = await t.app.inject({ method: "DELETE", url: "/api/login", headers: { "accept-language": "fr" } });
    expect(response.statusCode).toBe(405);
    expect(response.json().message).toBe("La méthode DELETE n'est pas autorisée ici. Utilisez POST.");
  });

  it("keeps 404 for a path no route takes, with any method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await call(t, admin, { method, url: "/api/no-such-thing" });
      expect(response.statusCode).toBe(404);
      expect(response.headers.allow).toBeUndefined();
      expect(response.json()).toEqual({ message: "The resource does not exist." });
    }
  });
});
