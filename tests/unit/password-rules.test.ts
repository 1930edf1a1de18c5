import { describe, expect, it } from "vitest";
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES, passwordProblems, passwordStrength } from "../../contracts/password";

const keys = (password: string) => passwordProblems(password).map((rule) => rule.key);

describe("password rules", () => {
  it("accepts a password that meets every rule", () => {
    expect(keys("Abcdef1!")).toEqual([]);
    expect(keys("Zz9#Zz9#Zz9#")).toEqual([]);
  });

  it("requires 8 characters, naming the minimum in the params", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(keys("Abcd1!x")).toEqual(["validation.minLength"]);
    expect(keys("Abcd1!xy")).toEqual([]);
    expect(passwordProblems("Ab1!")[0].params).toEqual({ min: 8 });
  });

  it.each([
    ["abcdef1!", "password.rules.uppercase"],
    ["ABCDEF1!", "password.rules.lowercase"],
    ["Abcdefg!", "password.rules.number"],
    ["Abcdefg1", "password.rules.special"],
  ])("refuses %j with %s only", (password, key) => {
    expect(keys(password)).toEqual([key]);
  });

  it.each(["#", "?", "!", "@", "$", "%", "^", "&", "*", "-"])("counts %j as a special character", (special) => {
    expect(keys(`Abcdefg1${special}`)).toEqual([]);
  });

  it.each(["_", " ", ".", "+", "=", "(", "é", "~"])("does not count %j: it is not in the spec's list", (other) => {
    expect(keys(`Abcdefg1${other}`)).toEqual(["password.rules.special"]);
  });

  it("lists the broken rules in the checklist's order", () => {
    expect(PASSWORD_RULES.map((rule) => rule.key)).toEqual([
      "validation.minLength",
      "password.rules.uppercase",
      "password.rules.lowercase",
      "password.rules.number",
      "password.rules.special",
    ]);
    expect(keys("")).toEqual(PASSWORD_RULES.map((rule) => rule.key));
    expect(keys("abc")).toEqual(["validation.minLength", "password.rules.uppercase", "password.rules.number", "password.rules.special"]);
    expect(keys("1234567!")).toEqual(["password.rules.uppercase", "password.rules.lowercase"]);
  });
});

describe("passwordStrength", () => {
  it("calls short or one-class passwords weak", () => {
    expect(passwordStrength("")).toBe("weak");
    expect(passwordStrength("abcdefgh")).toBe("weak");
    expect(passwordStrength("ABCDEFGHIJ")).toBe("weak");
    expect(passwordStrength("12345678")).toBe("weak");
    // Symbols do not count among the medium classes.
    expect(passwordStrength("abcdef!!")).toBe("weak");
  });

  it("needs 6 characters for medium: 5 is weak, 6 is medium", () => {
    expect(passwordStrength("abc12")).toBe("weak");
    expect(passwordStrength("abc123")).toBe("medium");
    expect(passwordStrength("ABCde")).toBe("weak");
    expect(passwordStrength("ABCdef")).toBe("medium");
    expect(passwordStrength("ABC123")).toBe("medium");
  });

  it("needs 8 characters for strong: 7 is medium, 8 is strong", () => {
    expect(passwordStrength("Abc12!x")).toBe("medium");
    expect(passwordStrength("Abc12!xy")).toBe("strong");
  });

  it("needs all four classes for strong", () => {
    expect(passwordStrength("Abcdefgh1")).toBe("medium");
    expect(passwordStrength("abcdefg1!")).toBe("medium");
    expect(passwordStrength("ABCDEFG1!")).toBe("medium");
    expect(passwordStrength("Abcdefgh!")).toBe("medium");
    expect(passwordStrength("abcdefgh!")).toBe("weak");
  });

  it("counts any non-alphanumeric character for strong, not only the rule's specials", () => {
    expect(passwordStrength("Abcdef1_")).toBe("strong");
    expect(passwordStrength("Abcdef1 ")).toBe("strong");
  });
});
