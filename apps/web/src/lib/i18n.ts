import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@gerbang/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** One namespace per JSON file in src/locales/<language>/<namespace>.json. */
export const NAMESPACES = ['common', 'errors', 'auth', 'users'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** <html lang> needs a BCP 47 tag; the app's "ph" (Filipino) is "fil" there. */
export const HTML_LANG: Record<Language, string> = { en: 'en', id: 'id', ph: 'fil' };

type Bundle = Record<string, unknown>;

// English is the fallback, so it ships with the shell; the other languages load on demand.
const englishBundles = import.meta.glob<Bundle>('../locales/en/*.json', { eager: true, import: 'default' });
const lazyBundles = import.meta.glob<Bundle>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' });

function namespaceOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function getStoredLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return;
  const prefix = `../locales/${language}/`;
  const entries = Object.entries(lazyBundles).filter(([path]) => path.startsWith(prefix));
  await Promise.all(
    entries.map(async ([path, load]) => {
      i18n.addResourceBundle(language, namespaceOf(path), await load(), true, true);
    }),
  );
}

function syncHtmlLang(language: string): void {
  if (isLanguage(language)) document.documentElement.lang = HTML_LANG[language];
}

let initialized: Promise<typeof i18n> | null = null;

/** Starts i18next with the stored language (default and fallback: en). Safe to call twice. */
export function initI18n(language: Language = getStoredLanguage()): Promise<typeof i18n> {
  if (initialized) return initialized;
  const resources: Record<string, Record<string, Bundle>> = { en: {} };
  for (const [path, bundle] of Object.entries(englishBundles)) {
    const english = resources.en as Record<string, Bundle>;
    english[namespaceOf(path)] = bundle;
  }
  i18n.on('languageChanged', syncHtmlLang);
  initialized = i18n
    .use(initReactI18next)
    .init({
      resources,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .then(async () => {
      await changeLanguage(language, { persist: false });
      syncHtmlLang(i18n.language);
      return i18n;
    });
  return initialized;
}

export async function changeLanguage(language: Language, { persist = true } = {}): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  if (persist) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

export { i18n };
