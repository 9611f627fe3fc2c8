import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@gerbang/contract';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localStore } from './local-store';

/** One namespace per JSON file in src/locales/<language>/<namespace>.json. */
export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'accountSecurity',
  'users',
  'devices',
  'proxies',
  'wallets',
  'merchants',
  'deposit',
  'apiTokens',
  'merchantDashboard',
  'paymentSessions',
  'depositTransfers',
  'payoutExceptions',
  'paymentLinks',
  'withdrawals',
  'withdraw',
  'audit',
  'permissions',
  'alerts',
  'console',
  'team',
  'claims',
  'apiLogs',
  'webhooks',
  'analytics',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Loaded before the first render: the shell, API errors and the sign-in page (where every
 * session starts). Any other namespace loads with the first component that asks for it;
 * react-i18next suspends that component until then.
 */
export const STARTUP_NAMESPACES: readonly Namespace[] = ['common', 'errors', 'auth'];

/** Shown only on the customer pages (their own document and catalog), never by a console. */
export const CUSTOMER_PAGE_NAMESPACES: readonly Namespace[] = ['deposit', 'withdraw'];

/** <html lang> needs a BCP 47 tag; the app's "ph" (Filipino) is "fil" there. */
export const HTML_LANG: Record<Language, string> = { en: 'en', id: 'id', ph: 'fil' };

/**
 * Where a language's namespace downloads from. Each entry point names its own catalog
 * (src/locales/*-catalog.ts): the consoles fetch their startup namespaces as one file, a customer
 * page only the namespaces it shows.
 */
export type TranslationCatalog = (language: string, namespace: string) => Promise<ResourceKey>;
let catalog: TranslationCatalog | undefined;

export function setTranslationCatalog(next: TranslationCatalog): void {
  catalog = next;
}

const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!catalog) {
      callback(new Error('No translation catalog: call setTranslationCatalog first'), false);
      return;
    }
    catalog(language, namespace).then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Starts downloading namespaces now, in the language i18next will ask for and its fallback (a
 * page's, beside the page's code, before i18next has started); i18next later reads them from the
 * module cache instead of waiting a round trip more.
 */
export function prefetchTranslations(namespaces: readonly Namespace[]): void {
  if (!catalog) return;
  const languages = new Set([i18n.resolvedLanguage ?? getStoredLanguage(), DEFAULT_LANGUAGE]);
  for (const language of languages) {
    for (const namespace of namespaces) void catalog(language, namespace).catch(() => undefined);
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function getStoredLanguage(): Language {
  const stored = localStore.get(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function syncHtmlLang(language: string): void {
  if (isLanguage(language)) document.documentElement.lang = HTML_LANG[language];
}

let initialized: Promise<typeof i18n> | null = null;

/**
 * Starts i18next with the stored language (default and fallback: en) and the namespaces the first
 * screen needs (the consoles': the shell, API errors, sign-in). Safe to call twice.
 */
export function initI18n(
  language: Language = getStoredLanguage(),
  namespaces: readonly Namespace[] = STARTUP_NAMESPACES,
): Promise<typeof i18n> {
  if (initialized) return initialized;
  i18n.on('languageChanged', syncHtmlLang);
  initialized = i18n
    .use(catalogBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .then(() => {
      syncHtmlLang(i18n.language);
      return i18n;
    });
  return initialized;
}

/** Loads the language's bundles for every namespace in use, then switches. */
export async function changeLanguage(language: Language, { persist = true } = {}): Promise<void> {
  await i18n.changeLanguage(language);
  if (persist) localStore.set(LANGUAGE_STORAGE_KEY, language);
}

export { i18n };
