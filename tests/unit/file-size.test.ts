/** File sizes as the spec shows them (section 9): Bytes, KB, MB, GB, TB; two decimals; base 1024; in the reader's language. */
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import cn from "../../locales/cn.json";
import en from "../../locales/en.json";
import fr from "../../locales/fr.json";
import jp from "../../locales/jp.json";
import { formatFileSize } from "../../src/i18n/fileSize";

await i18next.init({ lng: "en", resources: { en: { translation: en }, fr: { translation: fr }, jp: { translation: jp }, cn: { translation: cn } }, interpolation: { escapeValue: false } });

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const TB = GB * 1024;

describe("formatFileSize", () => {
  it("counts whole bytes below a kilobyte", () => {
    expect(formatFileSize(0, "en")).toBe("0 Bytes");
    expect(formatFileSize(1, "en")).toBe("1 Byte");
    expect(formatFileSize(1023, "en")).toBe("1,023 Bytes");
  });

  it("goes up a unit at each 1024, with two decimals", () => {
    expect(formatFileSize(1024, "en")).toBe("1.00 KB");
    expect(formatFileSize(1536, "en")).toBe("1.50 KB");
    expect(formatFileSize(MB, "en")).toBe("1.00 MB");
    expect(formatFileSize(2.25 * GB, "en")).toBe("2.25 GB");
    expect(formatFileSize(TB, "en")).toBe("1.00 TB");
  });

  it("rounds into the next unit rather than showing 1024.00 of this one", () => {
    expect(formatFileSize(MB - 1, "en")).toBe("1.00 MB");
    expect(formatFileSize(MB - 6, "en")).toBe("1,023.99 KB");
  });

  it("stays in terabytes past them", () => {
    expect(formatFileSize(1024 * TB, "en")).toBe("1,024.00 TB");
    expect(formatFileSize(5 * 1024 * 1024 * TB, "en")).toBe("5,242,880.00 TB");
  });

  it("writes the number and the unit as the reader's language does", () => {
    // French groups with a narrow no-break space and writes octets, Ko, Mo, Go, To.
    expect(formatFileSize(0, "fr")).toBe("0 octet");
    expect(formatFileSize(1023, "fr")).toBe("1\u202f023 octets");
    expect(formatFileSize(1536, "fr")).toBe("1,50 Ko");
    expect(formatFileSize(3 * MB, "fr")).toBe("3,00 Mo");
    expect(formatFileSize(GB, "fr")).toBe("1,00 Go");
    expect(formatFileSize(TB, "fr")).toBe("1,00 To");
    expect(formatFileSize(512, "jp")).toBe("512 バイト");
    expect(formatFileSize(512, "cn")).toBe("512 字节");
    expect(formatFileSize(1536, "jp")).toBe("1.50 KB");
  });
});
