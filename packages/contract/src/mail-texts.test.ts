import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language';
import { fillMailText, formatMailDuration, MAIL_TEXTS, mailLanguage, messageLanguage } from './mail-texts';
import { REPORT_TEXTS } from './report-texts';

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v, `${prefix}${k}.`)),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the system e-mails’ catalogs', () => {
  it.each([
    ['MAIL_TEXTS', MAIL_TEXTS],
    ['REPORT_TEXTS', REPORT_TEXTS],
  ] as const)('%s: every language has every text, with the English placeholders', (_name, catalog) => {
    const en = flat(catalog.en as unknown as Tree);
    for (const language of LANGUAGES) {
      const other = flat(catalog[language] as unknown as Tree);
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(other[key], `${language} ${key}`).toBeTruthy();
        expect(placeholders(other[key]!), `${language} ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('fills placeholders, keeps unknown ones, and formats durations through Intl', () => {
    expect(fillMailText('Hello {name}, {x}', { name: 'Ada' })).toBe('Hello Ada, {x}');
    expect(formatMailDuration(60, 'minute', 'en')).toBe('60 minutes');
    expect(formatMailDuration(24, 'hour', 'de')).toBe('24 Stunden');
    expect(formatMailDuration(60, 'minute', 'es')).toBe('60 minutos');
    expect(mailLanguage('de')).toBe('de');
    expect(mailLanguage(null)).toBe('en');
    expect(mailLanguage('fr')).toBe('en');
  });

  it("speaks the recipient's own language, else the organization's default one, else English", () => {
    expect(messageLanguage('es', 'de')).toBe('es');
    expect(messageLanguage(null, 'de')).toBe('de');
    expect(messageLanguage('fr', 'de')).toBe('de');
    expect(messageLanguage(undefined, undefined)).toBe('en');
    expect(messageLanguage(null, 'xx')).toBe('en');
  });
});
