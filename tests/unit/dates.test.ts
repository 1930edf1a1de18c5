/**
 * Moments in the reader's language, to the minute (issue 9 §5): the shared
 * helper every page uses, for each of the five languages' dayjs locales.
 */
import dayjs from "dayjs";
import "dayjs/locale/ja";
import "dayjs/locale/zh-cn";
import "dayjs/locale/fr";
import { afterEach, describe, expect, it } from "vitest";
import { DAYJS_TAGALOG } from "../../src/i18n/dayjsTagalog";
import { LANGUAGES } from "../../src/i18n/languages";
import { displayDateFormat } from "../../src/components/list/dateFormat";
import { formatDateTime } from "../../src/lib/dates";

/** Local time (no zone): the same wall clock wherever the tests run. */
const AT_TEN_FIVE = "2026-11-23T10:05:00";
const AT_TEN_FIFTY = "2026-11-23T10:50:00";
const AFTERNOON = "2026-11-23T15:07:00";

const dayjsOf = (code: string) => LANGUAGES.find((language) => language.code === code)!.dayjs;

describe("formatDateTime", () => {
  afterEach(() => {
    dayjs.locale("en");
  });

  it.each([
    ["en", "Nov 23, 2026 10:05 AM", "Nov 23, 2026 3:07 PM"],
    ["jp", "2026年11月23日 10:05", "2026年11月23日 15:07"],
    ["cn", "2026年11月23日 10:05", "2026年11月23日 15:07"],
    ["fr", "23 nov. 2026 10:05", "23 nov. 2026 15:07"],
    ["tl", "Nob 23, 2026 10:05", "Nob 23, 2026 15:07"],
  ])("writes a moment as %s readers do, with its minutes", (code, morning, afternoon) => {
    dayjs.locale(dayjsOf(code));
    expect(formatDateTime(AT_TEN_FIVE)).toBe(morning);
    expect(formatDateTime(AFTERNOON)).toBe(afternoon);
  });

  it.each(["en", "jp", "cn", "tl", "fr"])("tells two events in the same hour apart in %s", (code) => {
    const locale = dayjsOf(code);
    expect(formatDateTime(AT_TEN_FIVE, locale)).not.toBe(formatDateTime(AT_TEN_FIFTY, locale));
  });

  it("keeps English in the spec's 'MMM D, YYYY hA' order, minutes added", () => {
    expect(formatDateTime(AT_TEN_FIVE, "en")).toBe(dayjs(AT_TEN_FIVE).format("MMM D, YYYY h:mm A"));
  });

  it("never shows the English pattern's pieces in another language", () => {
    for (const code of ["jp", "cn", "fr", "tl"]) {
      const text = formatDateTime(AT_TEN_FIVE, dayjsOf(code));
      expect(text, code).not.toMatch(/AM|PM|午前|上午|Nov\b/);
    }
  });

  it("takes a locale without switching the global one", () => {
    expect(formatDateTime(AT_TEN_FIVE, "fr")).toBe("23 nov. 2026 10:05");
    expect(dayjs.locale()).toBe("en");
  });

  it("gives an unreadable value back as it came", () => {
    expect(formatDateTime("not a date")).toBe("not a date");
  });
});

describe("Tagalog dates", () => {
  it("have Filipino names and Sunday-first weeks (the spec's), under the name antd's tl_PH picker finds", () => {
    expect(DAYJS_TAGALOG).toBe("tl");
    const locale = dayjs.Ls.tl;
    expect(locale.weekdaysMin).toEqual(["Li", "Lu", "Ma", "Mi", "Hu", "Bi", "Sab"]);
    expect(locale.weekStart).toBe(0);
    expect(dayjs("2026-01-05").locale("tl").format("MMMM")).toBe("Enero");
  });

  it("keep the spec's mm/dd/yy input order, as English does, shown with four-digit years", () => {
    expect(displayDateFormat("tl")).toBe(displayDateFormat("en"));
    expect(displayDateFormat("tl")).toBe("MM/DD/YYYY");
  });
});
