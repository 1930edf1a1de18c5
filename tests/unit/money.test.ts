import { describe, expect, it } from "vitest";
import { formatMoney, minorDigits, minorToMajorText, parseMajorToMinor } from "../../contracts/money";

describe("money in minor units", () => {
  it("knows each currency's minor digits", () => {
    expect(minorDigits("USD")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("PHP")).toBe(2);
  });

  it("parses typed amounts exactly, refusing more decimals than the currency has", () => {
    expect(parseMajorToMinor("1,234.5", "USD")).toBe(123450);
    expect(parseMajorToMinor("0.07", "USD")).toBe(7);
    expect(parseMajorToMinor("19.99", "USD")).toBe(1999);
    expect(parseMajorToMinor("1.005", "USD")).toBeNull();
    expect(parseMajorToMinor("1500", "JPY")).toBe(1500);
    expect(parseMajorToMinor("15.5", "JPY")).toBeNull();
    expect(parseMajorToMinor("-1", "USD")).toBeNull();
    expect(parseMajorToMinor("abc", "USD")).toBeNull();
    expect(parseMajorToMinor("99999999999999999999", "USD")).toBeNull();
  });

  it("writes amounts back for input boxes and for reading", () => {
    expect(minorToMajorText(123450, "USD")).toBe("1234.50");
    expect(minorToMajorText(7, "USD")).toBe("0.07");
    expect(minorToMajorText(1500, "JPY")).toBe("1500");
    expect(formatMoney(123450, "USD", "en-US")).toBe("$1,234.50");
    expect(formatMoney(1500, "JPY", "en-US")).toBe("¥1,500");
  });
});
