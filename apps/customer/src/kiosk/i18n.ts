import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGES, type Language } from '../shared/i18n';
import { de, en, es, type KioskKey } from './locales';

const CATALOGS: Record<Language, Record<KioskKey, string>> = { en, es, de };
const cache = new Map<string, IntlMessageFormat>();

export type Translate = (key: KioskKey, values?: Record<string, string | number>) => string;

/** `t` for one language (ICU plurals by CLDR rules). */
export function kioskTranslator(language: Language): Translate {
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

/** The screen's own language, the one it returns to after each person: the tablet's, else English. */
export function screenLanguage(): Language {
  const base = (globalThis.navigator?.language ?? 'en').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}
