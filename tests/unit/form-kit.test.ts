/**
 * The form kit's rules say what the server would say about the same value,
 * in the same words, from the same zod contracts; a server 422 lands on the
 * fields it names.
 */
import type { FormInstance, FormRule } from "antd";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import en from "../../locales/en.json" with { type: "json" };
import { forgotPasswordBody } from "../../contracts/auth";
import { roleBody } from "../../contracts/roles";
import { checkNewPassword, newPasswordFields, whenPasswordTyped } from "../../contracts/validation";
import { showServerErrors } from "../../src/components/form/serverErrors";
import { zodObjectRule, zodRule, zodRules } from "../../src/components/form/zodRules";
import { ApiError } from "../../src/lib/http";

beforeAll(async () => {
  await i18next.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

type Values = Record<string, unknown>;

/** What antd would show under the field: the rule's message, or null when it passes. */
async function verdict(rule: FormRule, value: unknown, values: Values = {}): Promise<string | null> {
  const object = typeof rule === "function" ? rule({ getFieldsValue: () => values } as unknown as FormInstance) : rule;
  try {
    await object.validator!({}, value, () => {});
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("rules from the contracts", () => {
  const rules = zodRules(forgotPasswordBody.shape);

  it("translates the contract's message keys", async () => {
    expect(await verdict(rules.email[0], undefined)).toBe("Value is required");
    expect(await verdict(rules.email[0], "   ")).toBe("Value is required");
    expect(await verdict(rules.email[0], "no-at-sign")).toBe("Value is not a valid email address");
    expect(await verdict(rules.email[0], " someone@example.com ")).toBeNull();
  });

  it("fills in the limit the issue carries", async () => {
    expect(await verdict(zodRule(roleBody.shape.name), "x".repeat(81))).toBe("This field should be at most 80 characters long");
  });

  it("says 'not valid' for zod's own English messages, as the server does", async () => {
    expect(await verdict(zodRule(z.string().min(3)), "ab")).toBe("Value is not valid");
    expect(await verdict(zodRule(z.number()), "1")).toBe("Value has the wrong type");
  });
});

describe("rules across fields", () => {
  const block = z.object(newPasswordFields).superRefine(checkNewPassword, whenPasswordTyped);
  const password = zodObjectRule(block, "password");
  const confirmation = zodObjectRule(block, "password_confirmation");

  it("reports the first password rule broken, with its parameters", async () => {
    expect(await verdict(password, "", { password: "" })).toBe("Value is required");
    expect(await verdict(password, "short", { password: "short" })).toBe("This field should be at least 8 characters long");
    expect(await verdict(password, "abcdefgh1!", { password: "abcdefgh1!" })).toBe("Password must contain at least one uppercase letter");
  });

  it("checks the confirmation against the password, ignoring the form's other fields", async () => {
    const values = { email: "x", password: "Abcdefg1!", password_confirmation: "Abcdefg1?" };
    expect(await verdict(confirmation, values.password_confirmation, values)).toBe("Passwords must match");
    expect(await verdict(password, values.password, values)).toBeNull();
    expect(await verdict(confirmation, "Abcdefg1!", { ...values, password_confirmation: "Abcdefg1!" })).toBeNull();
  });
});

describe("server errors on fields", () => {
  const form = () => {
    const set: { name: (string | number)[]; errors: string[] }[] = [];
    const focused: unknown[] = [];
    const instance = {
      setFields: (fields: typeof set) => set.push(...fields),
      getFieldsError: () => set,
      scrollToField: (name: unknown, options: { focus?: boolean }) => options.focus && focused.push(name),
    };
    return { set, focused, instance: instance as unknown as FormInstance };
  };

  it("puts a 422's messages on the fields it names, list entries included", () => {
    const { set, instance } = form();
    const failure = new ApiError(422, "Value is required", { name: ["Value is required"], "permissions.0": ["Unknown permission"] });
    expect(showServerErrors(instance, failure)).toBe(true);
    expect(set).toEqual([
      { name: ["name"], errors: ["Value is required"] },
      { name: ["permissions", 0], errors: ["Unknown permission"] },
    ]);
  });

  it("takes the keyboard to the first field the 422 names", () => {
    const { focused, instance } = form();
    showServerErrors(instance, new ApiError(422, "Invalid", { email: ["Taken"], name: ["Value is required"] }));
    expect(focused).toEqual([["email"]]);
  });

  it("leaves failures that name no field to the caller", () => {
    const { set, instance } = form();
    expect(showServerErrors(instance, new ApiError(500, "Something went wrong."))).toBe(false);
    expect(showServerErrors(instance, new Error("offline"))).toBe(false);
    expect(set).toEqual([]);
  });
});
