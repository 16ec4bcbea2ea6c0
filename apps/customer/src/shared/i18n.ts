import { IntlMessageFormat } from 'intl-messageformat';
import { createContext, useContext } from 'react';
import { de } from './locales/de';
import { en, type MessageKey } from './locales/en';
import { es } from './locales/es';

/** The languages of the customer's screens (the console's three). */
export const LANGUAGES = ['en', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
const CATALOGS: Record<Language, Record<MessageKey, string>> = { en, es, de };
const STORAGE_KEY = 'lockerops.customer.language';

/** The saved choice, else the browser's first supported language, else English. */
export function initialLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  for (const l of globalThis.navigator?.languages ?? []) {
    const base = l.slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return 'en';
}

/** Remembers the customer's choice on this device. */
export function saveLanguage(language: Language): void {
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const cache = new Map<string, IntlMessageFormat>();

/** `t` for one language: the catalog's ICU message formatted with `values` (plurals by CLDR rules). */
export function translator(language: Language): Translate {
  return (key, values) => {
    const id = `${language}:${key}`;
    let f = cache.get(id);
    if (!f) {
      f = new IntlMessageFormat(CATALOGS[language][key], language);
      cache.set(id, f);
    }
    return String(f.format(values));
  };
}

export interface I18n {
  language: Language;
  t: Translate;
  setLanguage: (l: Language) => void;
}

export const I18nContext = createContext<I18n>({
  language: 'en',
  t: translator('en'),
  setLanguage: () => {},
});

/** The language, its `t` and the switch, from the nearest provider. */
export const useI18n = () => useContext(I18nContext);

/** The languages' own names, shown in the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', de: 'Deutsch' };
