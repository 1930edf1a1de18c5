import { describe, expect, it } from "vitest";
import { describeFailure } from "../../src/lib/http";

const en: Record<string, string> = {
  "errors.network": "Network Error: Unable to connect to the server",
  "errors.unauthenticated": "Please log in.",
  "errors.forbidden": "You do not have permission.",
  "errors.notFound": "The resource does not exist.",
  "errors.expired": "The page has expired.",
  "errors.server": "Something went wrong.",
  "errors.other": "An error occurred.",
  "validation.invalid": "Value is not valid",
};
const t = (key: string) => en[key] ?? key;

describe("the spec's response handling (section 8)", () => {
  it("names a missing answer as a network error", () => {
    expect(describeFailure(0, undefined, t)).toBe("Network Error: Unable to connect to the server");
  });

  it("uses the catalogue's words for 401, 403, 404, 419 and 500 when the server says nothing", () => {
    expect(describeFailure(401, undefined, t)).toBe("Please log in.");
    expect(describeFailure(403, undefined, t)).toBe("You do not have permission.");
    expect(describeFailure(404, undefined, t)).toBe("The resource does not exist.");
    expect(describeFailure(419, { message: "x" }, t)).toBe("The page has expired.");
    expect(describeFailure(500, { message: "SQL leaked?" }, t)).toBe("Something went wrong.");
  });

  it("prefers the server's message for 401 and other statuses", () => {
    expect(describeFailure(401, { message: "Session over" }, t)).toBe("Session over");
    expect(describeFailure(429, { message: "Too many attempts." }, t)).toBe("Too many attempts.");
    expect(describeFailure(418, undefined, t)).toBe("An error occurred.");
  });

  it("reads a 422 from its first field error, else its message", () => {
    expect(describeFailure(422, { message: "m", errors: { password: ["Passwords must match", "x"] } }, t)).toBe("Passwords must match");
    expect(describeFailure(422, { message: "Invalid credentials" }, t)).toBe("Invalid credentials");
  });
});
