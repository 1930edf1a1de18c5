import en from "../../locales/en.json" with { type: "json" };
import jp from "../../locales/jp.json" with { type: "json" };
import cn from "../../locales/cn.json" with { type: "json" };
import tl from "../../locales/tl.json" with { type: "json" };
import fr from "../../locales/fr.json" with { type: "json" };
import { LANGUAGE_CODES, type LanguageCode } from "../../contracts/auth";

type Messages = { [key: string]: string | Messages };
const catalogues: Record<LanguageCode, Messages> = { en, jp, cn, tl, fr };

/** Standard language tags mapped to the product's own codes. */
const ALIASES: Record<string, LanguageCode> = { ja: "jp", zh: "cn", fil: "tl" };

/** Messages of one language; `locale` is its Intl tag, for the dates and numbers put into them. */
export type Translate = ((key: string, params?: Record<string, unknown>) => string) & { readonly locale: string };

/** Picks the product language from an Accept-Language header (first match wins). */
export function languageFromHeader(header: string | undefined): LanguageCode {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0].trim().toLowerCase();
    const base = tag.split("-")[0];
    const code = (LANGUAGE_CODES as readonly string[]).includes(base) ? (base as LanguageCode) : ALIASES[base];
    if (code) return code;
  }
  return "en";
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The product's codes as the language tags Intl knows (plural rules, names of currencies and countries). */
const INTL_LOCALE: Record<LanguageCode, string> = { en: "en", jp: "ja", cn: "zh", tl: "tl", fr: "fr" };

export const intlLocale = (language: LanguageCode): string => INTL_LOCALE[language];

/** Same {{name}} and {{name, number}} interpolation and key_one/key_other plurals as i18next, so one catalogue serves both sides. */
export function translator(language: LanguageCode): Translate {
  const plurals = new Intl.PluralRules(INTL_LOCALE[language]);
  const find = (key: string) => lookup(catalogues[language], key) ?? lookup(catalogues.en, key);
  const numbers = new Intl.NumberFormat(INTL_LOCALE[language]);
  // "{{distance, number}}": the value in the language's number format, as i18next's built-in formatter writes it in the app.
  const put = (value: unknown, format: string | undefined) => (format === "number" && typeof value === "number" ? numbers.format(value) : String(value));
  const translate = (key: string, params: Record<string, unknown> = {}) => {
    const plural = typeof params.count === "number" ? find(`${key}_${plurals.select(params.count)}`) ?? find(`${key}_other`) : undefined;
    const text = plural ?? find(key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (match, name: string, format: string | undefined) =>
      name in params ? put(params[name], format) : match,
    );
  };
  return Object.assign(translate, { locale: INTL_LOCALE[language] });
}
