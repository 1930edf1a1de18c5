import { describe, expect, it } from "vitest";
import { themeConfig } from "../../src/theme/presets";

describe("theme", () => {
  it("animates unless the person's system asks for reduced motion", () => {
    expect(themeConfig("aura", false).token?.motion).toBe(true);
    expect(themeConfig("aura", false, true).token?.motion).toBe(false);
    expect(themeConfig("lara", true, true).token?.motion).toBe(false);
  });

  it("keeps each preset's look whatever the motion", () => {
    expect(themeConfig("lara", false, true).token).toMatchObject({ colorPrimary: "#4f46e5", borderRadius: 4 });
    expect(themeConfig("aura", true).token).toMatchObject({ colorPrimary: "#0f9d74", borderRadius: 10 });
  });
});
