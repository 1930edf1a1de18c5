import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import dayjs from "dayjs";
import { FALLBACK_LANGUAGE, findLanguage, LANGUAGES, languageFromBrowser } from "./languages";

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
  await applyFormats(code);
  await i18next.changeLanguage(code);
  storeLocale(code);
}

/** Resolves once every language's startup messages are in: the app renders only after that. */
export async function setupI18n(language = initialLanguage()): Promise<typeof i18next> {
  const catalogues = await Promise.all(LANGUAGES.map((entry) => entry.startupMessages()));
  const resources = Object.fromEntries(
    LANGUAGES.map((entry, index) => [entry.code, { translation: catalogues[index].default }]),
  );
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await applyFormats(language);
  return i18next;
}

let signedInMessages: Promise<void> | null = null;

/** The rest of every language's messages, before the signed-in shell first renders. */
export function loadSignedInMessages(): Promise<void> {
  signedInMessages ??= Promise.all(LANGUAGES.map((entry) => entry.signedInMessages())).then((catalogues) => {
    LANGUAGES.forEach((entry, index) => i18next.addResourceBundle(entry.code, "translation", catalogues[index].default, true, true));
  });
  return signedInMessages;
}
