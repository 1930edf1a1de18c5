import type { Locale } from "antd/es/locale";
import type { LanguageCode } from "../../contracts/auth";

export interface Language {
  code: LanguageCode;
  /** The language's own name, as people look for it in a list. */
  name: string;
  /** The page's lang attribute (BCP 47), for screen readers, fonts and hyphenation. */
  htmlLang: string;
  /** dayjs locale (Tagalog: dayjs' Filipino words with Sunday-first weeks, see dayjsTagalog.ts). */
  dayjs: string;
  /** Loads the dayjs locale's definitions (English is built in). */
  dayjsLocale: () => Promise<unknown>;
  antd: () => Promise<{ default: Locale }>;
  /** The sections the signed-out screens use (loaded before the first render for the reader's language and English). */
  startupMessages: () => Promise<{ default: Record<string, unknown> }>;
  /** Everything else, loaded with the signed-in shell (another language's when someone switches to it). */
  signedInMessages: () => Promise<{ default: Record<string, unknown> }>;
}

export const LANGUAGES: readonly Language[] = [
  { code: "en", name: "English", htmlLang: "en", dayjs: "en", dayjsLocale: async () => undefined, antd: () => import("antd/es/locale/en_US"), startupMessages: () => import("../../locales/en.json?startup"), signedInMessages: () => import("../../locales/en.json?signed-in") },
  { code: "jp", name: "日本語", htmlLang: "ja", dayjs: "ja", dayjsLocale: () => import("dayjs/locale/ja"), antd: () => import("antd/es/locale/ja_JP"), startupMessages: () => import("../../locales/jp.json?startup"), signedInMessages: () => import("../../locales/jp.json?signed-in") },
  { code: "cn", name: "中文", htmlLang: "zh-CN", dayjs: "zh-cn", dayjsLocale: () => import("dayjs/locale/zh-cn"), antd: () => import("antd/es/locale/zh_CN"), startupMessages: () => import("../../locales/cn.json?startup"), signedInMessages: () => import("../../locales/cn.json?signed-in") },
  { code: "tl", name: "Tagalog", htmlLang: "tl", dayjs: "tl", dayjsLocale: () => import("./dayjsTagalog"), antd: () => import("./antdTagalog"), startupMessages: () => import("../../locales/tl.json?startup"), signedInMessages: () => import("../../locales/tl.json?signed-in") },
  { code: "fr", name: "Français", htmlLang: "fr", dayjs: "fr", dayjsLocale: () => import("dayjs/locale/fr"), antd: () => import("antd/es/locale/fr_FR"), startupMessages: () => import("../../locales/fr.json?startup"), signedInMessages: () => import("../../locales/fr.json?signed-in") },
];

export const FALLBACK_LANGUAGE: LanguageCode = "en";

/** Browser tags (ja-JP, zh-Hans, fil) mapped to the product's codes. */
const BROWSER_TAGS: Record<string, LanguageCode> = { en: "en", ja: "jp", jp: "jp", zh: "cn", cn: "cn", tl: "tl", fil: "tl", fr: "fr" };

export function languageFromBrowser(tags: readonly string[]): LanguageCode | null {
  for (const tag of tags) {
    const code = BROWSER_TAGS[tag.toLowerCase().split("-")[0]];
    if (code) return code;
  }
  return null;
}

export function findLanguage(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.code === code);
}
