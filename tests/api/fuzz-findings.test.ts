/**
 * Failures the OpenAPI fuzzer (npm run test:fuzz) found, each kept here as
 * its smallest request so that `npm test` holds them fixed in seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, multipart, PNG_1X1 } from "../support/people";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

describe("fuzzer findings", () => {
  it("lists an unknown field named like one of Object's own (toString, constructor) as unknown, not a TypeError in the message", async () => {
    for (const field of ["toString", "constructor", "hasOwnProperty", "valueOf"]) {
      const response = await call(t, null, { method: "POST", url: "/api/password/forgot", payload: { email: "someone@example.com", [field]: "x" } });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ message: "This field is not accepted here", errors: { [field]: ["This field is not accepted here"] } });
    }
  });

  it("answers a picture upload cut short with a 422 on the file, not a 500", async () => {
    const { headers, payload } = multipart([{ name: "file", filename: "me.png", contentType: "image/png", content: PNG_1X1 }]);
    const cut = payload.subarray(0, payload.lastIndexOf("--"));
    const response = await call(t, admin, { method: "POST", url: "/api/me/profile/picture", headers, payload: cut });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["file"]);
  });
});
