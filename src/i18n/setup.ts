import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import dayjs from "dayjs";
import { FALLBACK_LANGUAGE, findLanguage, languageFromBrowser } from "./languages";

const LOCALE_KEY = "locale";

interface StoredLocale {
  code: string;
  language: string;
}

/** The spec's locale record: the chosen language's code and name. */
export function storedLocale(): StoredLocale | null {
  try {
    const value = JSON.parse(localStorage.getItem(LOCALE_KEY) ?? "null") as StoredLocale | null;
    return value && findLanguage(value.code) ? value : null;
  } catch {
    return null;
  }
}

function storeLocale(code: string): void {
  const language = findLanguage(code);
  if (language) localStorage.setItem(LOCALE_KEY, JSON.stringify({ code: language.code, language: language.name }));
}

/** Stored choice, else the browser's, else English. */
export function initialLanguage(): string {
  return storedLocale()?.code ?? languageFromBrowser(navigator.languages ?? [navigator.language]) ?? FALLBACK_LANGUAGE;
}

async function applyFormats(code: string): Promise<void> {
  const language = findLanguage(code);
  await language?.dayjsLocale();
  dayjs.locale(language?.dayjs ?? "en");
  document.documentElement.lang = language?.htmlLang ?? "en";
}

/**
 * Switches the whole app: date formats, messages, the page's lang, and the
 * stored choice. Dates first: the screens re-render when the messages change
 * (nothing re-renders when dayjs does), so a date written then must already
 * be in the new language.
 */
export async function changeLanguage(code: string): Promise<void> {
  await Promise.all([loadMessages(code), applyFormats(code)]);
  await i18next.changeLanguage(code);
  storeLocale(code);
}

/**
 * Messages come per language, as they are needed: the signed-out screens'
 * part of the reader's language and of English (the fallback) before the
 * first render, the rest once the signed-in shell loads, and another
 * language's parts when someone switches to it. Five whole catalogues up
 * front would cost the sign-in page most of its budget.
 */
const loadedParts = new Set<string>();
let signedIn = false;
let signedInMessages: Promise<void> | null = null;

async function loadMessages(code: string): Promise<void> {
  const entry = findLanguage(code);
  if (!entry) return;
  const parts = signedIn ? (["startup", "signedIn"] as const) : (["startup"] as const);
  await Promise.all(
    parts
      .filter((part) => !loadedParts.has(`${code}:${part}`))
      .map(async (part) => {
        const catalogue = await (part === "startup" ? entry.startupMessages() : entry.signedInMessages());
        i18next.addResourceBundle(code, "translation", catalogue.default, true, true);
        loadedParts.add(`${code}:${part}`);
      }),
  );
}

const inUse = (language: string) => [...new Set([language, FALLBACK_LANGUAGE])];

/** Resolves once the reader's language's startup messages (and English's) are in: the app renders only after that. */
export async function setupI18n(language = initialLanguage()): Promise<typeof i18next> {
  // A new start holds nothing yet (tests start again in one process).
  loadedParts.clear();
  signedIn = false;
  signedInMessages = null;
  await i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all(inUse(language).map(loadMessages));
  await applyFormats(language);
  return i18next;
}

/** The rest of the messages of the language in use (and English's), before the signed-in shell first renders. */
export function loadSignedInMessages(): Promise<void> {
  signedIn = true;
  signedInMessages ??= Promise.all(inUse(i18next.language).map(loadMessages)).then(() => undefined);
  return signedInMessages;
}
