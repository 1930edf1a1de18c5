import { describe, expect, it } from "vitest";
import { languageFromHeader, translator } from "../../server/lib/i18n";

describe("languageFromHeader", () => {
  it.each([
    ["fr-FR,fr;q=0.9", "fr"],
    ["fr", "fr"],
    ["ja", "jp"],
    ["ja-JP,ja;q=0.9,en;q=0.8", "jp"],
    ["zh-CN", "cn"],
    ["zh-Hans-CN", "cn"],
    ["fil", "tl"],
    ["fil-PH", "tl"],
    ["tl", "tl"],
    ["EN-us", "en"],
    ["de", "en"],
    ["*", "en"],
    ["", "en"],
    ["de-DE,fr;q=0.5", "fr"],
    ["  ja ; q=1 , en", "jp"],
  ])("reads %j as %s", (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });

  it("answers en when the header is missing", () => {
    expect(languageFromHeader(undefined)).toBe("en");
  });
});

describe("translator", () => {
  const t = translator("en");

  it("looks up nested keys", () => {
    expect(t("auth.invalidCredentials")).toBe("Invalid credentials");
    expect(t("errors.unauthenticated")).toBe("Please log in.");
  });

  it("interpolates {{min}} and other parameters", () => {
    expect(t("validation.minLength", { min: 8 })).toBe("This field should be at least 8 characters long");
  });

  it.each([
    ["en", "Too many attempts. Try again in 1 minute.", "Too many attempts. Try again in 14 minutes."],
    ["fr", "Trop de tentatives. Réessayez dans 1 minute.", "Trop de tentatives. Réessayez dans 14 minutes."],
    ["jp", "試行回数が上限を超えました。1 分後にもう一度お試しください。", "試行回数が上限を超えました。14 分後にもう一度お試しください。"],
    ["cn", "尝试次数过多。请在 1 分钟后重试。", "尝试次数过多。请在 14 分钟后重试。"],
    ["tl", "Masyadong maraming pagtatangka. Subukang muli pagkalipas ng 1 minuto.", "Masyadong maraming pagtatangka. Subukang muli pagkalipas ng 14 minuto."],
  ] as const)("says the throttle's minutes with %s plurals, never \"minute(s)\"", (language, one, many) => {
    const say = translator(language);
    expect(say("auth.throttled", { count: 1 })).toBe(one);
    expect(say("auth.throttled", { count: 14 })).toBe(many);
  });

  it("writes {{value, number}} in the language's number format, as the app's i18next does", () => {
    const params = { name: "Makati HQ", distance: 12_345, radius: 150 };
    expect(translator("en")("attendance.outside", params)).toBe("You are 12,345 m from Makati HQ, outside its 150 m area. Clock in when you are there.");
    expect(translator("fr")("attendance.outside", params).replace(/\u202f/g, " ")).toContain("à 12 345 m de Makati HQ");
  });

  it("leaves a placeholder whose parameter is missing as it is", () => {
    expect(t("validation.minLength")).toBe("This field should be at least {{min}} characters long");
  });

  it("falls back to the key when no catalogue has it", () => {
    expect(t("no.such.key")).toBe("no.such.key");
    expect(translator("fr")("no.such.key")).toBe("no.such.key");
    // A key that names a group, not a message, is not a message either.
    expect(t("auth")).toBe("auth");
  });

  it("answers every language with a message, never the key, for known keys", () => {
    for (const language of ["en", "jp", "cn", "tl", "fr"] as const) {
      const message = translator(language)("validation.minLength", { min: 8 });
      expect(message).not.toBe("validation.minLength");
      expect(message).toContain("8");
      expect(message).not.toContain("{{");
    }
  });
});
