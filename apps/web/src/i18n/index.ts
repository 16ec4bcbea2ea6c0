import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  negotiateLanguage,
  type TLanguage,
} from '@lockerops/contract';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';

/**
 * The console's message catalogs: i18next with ICU messages
 * (i18next-icu: `{count, plural, one {# day} other {# days}}`), one JSON file per language and
 * namespace under `src/locales/<lang>/<namespace>.json`. `common` holds the shell, shared
 * components, enum labels and buttons; `errors` the server's error codes; every console area has
 * its own namespace, loaded with its page (each file is its own chunk).
 */

const loaders = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

/** Reads `locales/<lng>/<ns>.json` on first use; a file a language lacks reads as empty. */
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** localStorage key of the language last shown, so the next start (and the sign-in page) uses it. */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The language a console starts in: the one last shown on this browser, else the browser's
 * preferences (`navigator.languages`, the same list its Accept-Language header sends).
 */
export function initialLanguage(): TLanguage {
  const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(saved)) return saved;
  return negotiateLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/**
 * Missing keys seen in the browser, also on `window.__i18nMissing` for the browser tests; tests
 * under Vitest throw instead.
 */
export const missingKeys: string[] = [];
if (typeof window !== 'undefined') (window as { __i18nMissing?: string[] }).__i18nMissing = missingKeys;

export class MissingTranslationError extends Error {}

export interface I18nOptions {
  language?: TLanguage;
  /** every catalog bundled in (tests): no lazy loading, no Suspense */
  resources?: Record<string, Record<string, ResourceKey>>;
  /** throw on a key no catalog has (tests) instead of recording it */
  strict?: boolean;
}

/**
 * Initialises the one i18next instance. English is the fallback, so a key a translation lacks
 * shows the spec's English text in production; the catalog test requires every key in every
 * language, and a key missing from English calls `missingKeyHandler` (throws when `strict`).
 */
export async function initI18n({
  language = initialLanguage(),
  resources,
  strict = false,
}: I18nOptions = {}) {
  if (!resources) i18next.use(lazyCatalogs);
  // an instance: i18next reads the plugin's type from the object it is given
  i18next.use(new ICU()).use(initReactI18next);
  await i18next.init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['common', 'errors'],
    defaultNS: 'common',
    fallbackNS: false,
    resources,
    partialBundledLanguages: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => {
      const id = `${ns}:${key}`;
      if (strict) throw new MissingTranslationError(`Missing translation: ${id}`);
      if (!missingKeys.includes(id)) missingKeys.push(id);
      console.error(`Missing translation: ${id}`);
    },
    react: { useSuspense: !resources },
  });
  applyLanguage(i18next.language as TLanguage);
  return i18next;
}

type LanguageListener = (language: TLanguage) => void;
const listeners = new Set<LanguageListener>();

/**
 * Calls `listener` with every language the console switches to (and now with the current one).
 * The number and date formats subscribe here: `lib/format.ts`'s `setDisplayLocale` is called
 * with the language so `Intl` formats follow it. Returns the unsubscribe function.
 */
export function onLanguageChange(listener: LanguageListener): () => void {
  listeners.add(listener);
  if (isLanguage(i18next.language)) listener(i18next.language);
  return () => listeners.delete(listener);
}

function applyLanguage(language: TLanguage) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const l of listeners) l(language);
}

/** Switches the console's language (loads its catalogs first), remembers it in this browser. */
export async function setLanguage(language: TLanguage): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  applyLanguage(language);
}

export const currentLanguage = (): TLanguage =>
  isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;

export { i18next };
