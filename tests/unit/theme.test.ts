import { theme } from "antd";
import { describe, expect, it } from "vitest";
import { PRESETS, STATE_COLOURS, themeConfig } from "../../src/theme/presets";

/** An sRGB colour as antd writes them (#rgb, #rrggbb, rgb(), rgba()), laid over `under` when translucent. */
function rgb(colour: string, under: [number, number, number] = [255, 255, 255]): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
  }
  const parts = /^rgba?\(([^)]+)\)$/.exec(colour)?.[1].split(",").map((part) => Number(part.trim()));
  if (!parts) throw new Error(`not a colour: ${colour}`);
  const alpha = parts[3] ?? 1;
  return [0, 1, 2].map((index) => parts[index] * alpha + under[index] * (1 - alpha)) as [number, number, number];
}

/** WCAG 2.1 contrast ratio of text `fore` on `back`. */
function contrast(fore: string, back: string): number {
  const background = rgb(back);
  const luminance = ([r, g, b]: [number, number, number]) => {
    const [lr, lg, lb] = [r, g, b].map((value) => {
      const channel = value / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [light, dark] = [luminance(rgb(fore, background)), luminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

describe("theme", () => {
  it("animates unless the person's system asks for reduced motion", () => {
    expect(themeConfig("aura", false).token?.motion).toBe(true);
    expect(themeConfig("aura", false, true).token?.motion).toBe(false);
    expect(themeConfig("lara", true, true).token?.motion).toBe(false);
  });

  it.each(Object.entries(STATE_COLOURS))("carries white text at 4.5:1 on the %s state tag", (_, colour) => {
    expect(contrast("#ffffff", colour)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps each preset's look whatever the motion", () => {
    expect(themeConfig("lara", false, true).token).toMatchObject({ colorPrimary: "#4f46e5", borderRadius: 4 });
    expect(themeConfig("aura", true).token).toMatchObject({ colorPrimary: "#087f5d", borderRadius: 10 });
  });

  describe.each(PRESETS.flatMap((preset) => [false, true].map((dark) => [preset, dark ? "dark" : "light", dark] as const)))("%s, %s: text reaches WCAG AA (4.5:1)", (preset, _mode, dark) => {
    const config = themeConfig(preset, dark);
    const token = theme.getDesignToken(config);
    const menu = config.components!.Menu!;
    const surfaces = { container: token.colorBgContainer, layout: dark ? token.colorBgLayout : "#f4f6f8", elevated: token.colorBgElevated };

    it("on the primary button", () => {
      expect(contrast(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    });

    it.each(Object.entries(surfaces))("links, secondary and description text on the %s surface", (_, surface) => {
      for (const text of [token.colorLink, token.colorText, token.colorTextSecondary, token.colorTextTertiary, token.colorTextDescription]) {
        expect(contrast(text, surface), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    });

    it.each(Object.entries(surfaces))("a danger button's words on the %s surface", (_, surface) => {
      expect(contrast(token.colorError, surface)).toBeGreaterThanOrEqual(4.5);
    });

    it("on a filled danger button", () => {
      const words = config.components?.Button?.dangerColor ?? token.colorTextLightSolid;
      expect(contrast(words, token.colorError)).toBeGreaterThanOrEqual(4.5);
    });

    it.each(Object.entries(surfaces))("the selected, hovered and pressed tab on the %s surface", (_, surface) => {
      const tabs = config.components!.Tabs!;
      for (const text of [tabs.itemSelectedColor!, tabs.itemHoverColor!, tabs.itemActiveColor!]) expect(contrast(text, surface), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    });

    it("on the selected menu entry", () => {
      expect(contrast(menu.itemSelectedColor!, menu.itemSelectedBg!)).toBeGreaterThanOrEqual(4.5);
    });
  });
});
