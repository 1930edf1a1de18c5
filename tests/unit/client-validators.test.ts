import { describe, expect, it } from "vitest";
import { firstProblem, validators } from "../../src/lib/validators";
import { languageFromBrowser } from "../../src/i18n/languages";

describe("form validators", () => {
  it("requires trimmed text", () => {
    expect(validators.required("   ")).toEqual({ key: "validation.required" });
    expect(validators.required(undefined)).toEqual({ key: "validation.required" });
    expect(validators.required(" a ")).toBeNull();
  });

  it("checks e-mail addresses only once something is typed", () => {
    expect(validators.email("")).toBeNull();
    expect(validators.email("no-at-sign")).toEqual({ key: "validation.email" });
    expect(validators.email("a b@c.d")).toEqual({ key: "validation.email" });
    expect(validators.email(" a@b.co ")).toBeNull();
  });

  it("stops at the first rule that fails", () => {
    expect(firstProblem("", [validators.required, validators.email])).toEqual({ key: "validation.required" });
    expect(firstProblem("x", [validators.required, validators.email])).toEqual({ key: "validation.email" });
  });
});

describe("browser language", () => {
  it("maps browser tags to the product's codes, first match wins", () => {
    expect(languageFromBrowser(["ja-JP", "en-US"])).toBe("jp");
    expect(languageFromBrowser(["zh-Hans-CN"])).toBe("cn");
    expect(languageFromBrowser(["fil-PH"])).toBe("tl");
    expect(languageFromBrowser(["de-DE", "fr-CA"])).toBe("fr");
    expect(languageFromBrowser(["de-DE"])).toBeNull();
  });
});
