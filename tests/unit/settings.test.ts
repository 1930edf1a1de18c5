/**
 * The settings contract: decimal figures kept as exact strings within their
 * bounds, whole numbers within theirs, and notification channels merged by
 * type and channel (the company's defaults, then each person's own choices).
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY, effectiveDelivery } from "../../contracts/notification-types";
import { payrollSettings, systemSettings } from "../../contracts/settings";
import { mergePreferences } from "../../contracts/users";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0].message);

describe("payroll figures", () => {
  const hours = payrollSettings.shape.hours_per_day;
  const multiplier = payrollSettings.shape.overtime_multiplier;

  it.each(["8", "7.5", "7.25", " 8 ", "24", "1"])("takes %j as hours per day, exactly as written", (value) => {
    expect(hours.parse(value)).toBe(value.trim());
  });

  it.each([
    ["7.555", "validation.decimal"],
    ["1e1", "validation.decimal"],
    ["-8", "validation.decimal"],
    ["8,5", "validation.decimal"],
    ["", "validation.decimal"],
    ["0.5", "validation.between"],
    ["24.01", "validation.between"],
  ])("refuses %j as hours per day with %s, one message only", (value, message) => {
    const result = hours.safeParse(value);
    expect(firstMessage(result)).toBe(message);
    expect(result.error?.issues).toHaveLength(1);
  });

  it("takes a multiplier to four places, and refuses a number (decimals travel as strings)", () => {
    expect(multiplier.parse("1.3333")).toBe("1.3333");
    expect(firstMessage(multiplier.safeParse("1.33333"))).toBe("validation.decimal");
    expect(firstMessage(multiplier.safeParse(1.25))).toBe("validation.invalidType");
  });
});

describe("system figures", () => {
  it("takes whole numbers within bounds and says the bounds otherwise", () => {
    const hours = systemSettings.shape.session_hours;
    expect(hours.parse(720)).toBe(720);
    const refused = hours.safeParse(0);
    expect(firstMessage(refused)).toBe("validation.between");
    expect((refused.error!.issues[0] as { params?: unknown }).params).toEqual({ min: 1, max: 720 });
    expect(firstMessage(hours.safeParse(1.5))).toBe("validation.wholeNumber");
  });

  it("takes a blank administrator contact as none", () => {
    expect(systemSettings.shape.admin_contact.parse("  ")).toBeNull();
  });
});

describe("notification channels", () => {
  it("give each person the company's defaults where they chose nothing, their own choice where they did", () => {
    const mine = effectiveDelivery(DEFAULT_DELIVERY, { system: { email: true }, password_changed: { in_app: false } });
    expect(mine.system).toEqual({ in_app: DEFAULT_DELIVERY.system.in_app, email: true });
    expect(mine.password_changed).toEqual({ in_app: false, email: DEFAULT_DELIVERY.password_changed.email });
    expect(mine.access_changed).toEqual(DEFAULT_DELIVERY.access_changed);
    expect(effectiveDelivery(DEFAULT_DELIVERY, undefined)).toEqual(DEFAULT_DELIVERY);
  });

  it("keep one channel's choice when the other is saved later", () => {
    const first = mergePreferences({ language: "fr" }, { notifications: { system: { email: true } } });
    const second = mergePreferences(first, { notifications: { system: { in_app: false } } });
    expect(second).toEqual({ language: "fr", notifications: { system: { email: true, in_app: false } } });
  });
});
