import { englishMessageOf, LANGUAGES, WIDGET_TEXTS } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';

type Tree = Record<string, Record<string, string>>;
const files = import.meta.glob<Tree>('../locales/*/errors.json', { eager: true, import: 'default' });

describe('the widget page speaks the server messages it shows', () => {
  it('in English word for word, and in Spanish and German as the console does', () => {
    const codes = Object.keys(WIDGET_TEXTS.en.errors).sort();
    expect(codes.length).toBeGreaterThan(0);
    for (const lang of LANGUAGES) {
      const texts = WIDGET_TEXTS[lang].errors;
      expect(Object.keys(texts).sort(), lang).toEqual(codes);
      const console = files[`../locales/${lang}/errors.json`]!;
      for (const code of codes) {
        const [area = '', key = ''] = code.split('.');
        if (lang === 'en') expect(texts[code], code).toBe(englishMessageOf(code));
        expect(texts[code], `${lang} ${code}`).toBe(console[area]?.[key]);
      }
    }
  });
});

describe('the widget page counts in each language', () => {
  // the page picks a unit's word by Intl.PluralRules, as it does here
  const limit = (lang: (typeof LANGUAGES)[number], n: number, unit: 'hours' | 'days' | 'weeks') => {
    const t = WIDGET_TEXTS[lang];
    const word = t.units[unit][new Intl.PluralRules(lang).select(n) === 'one' ? 'one' : 'other'];
    return t.limit.replace('{n}', String(n)).replace('{unit}', word);
  };
  it('says 0, 1, 2 and 5 of a unit in English, Spanish and German', () => {
    expect([0, 1, 2, 5].map((n) => limit('en', n, 'days'))).toEqual([
      'A reservation can last at most 0 days.',
      'A reservation can last at most 1 day.',
      'A reservation can last at most 2 days.',
      'A reservation can last at most 5 days.',
    ]);
    expect([0, 1, 2, 5].map((n) => limit('es', n, 'hours'))).toEqual([
      'Una reserva puede durar como máximo 0 horas.',
      'Una reserva puede durar como máximo 1 hora.',
      'Una reserva puede durar como máximo 2 horas.',
      'Una reserva puede durar como máximo 5 horas.',
    ]);
    expect([0, 1, 2, 5].map((n) => limit('de', n, 'weeks'))).toEqual([
      'Eine Reservierung dauert höchstens 0 Wochen.',
      'Eine Reservierung dauert höchstens 1 Woche.',
      'Eine Reservierung dauert höchstens 2 Wochen.',
      'Eine Reservierung dauert höchstens 5 Wochen.',
    ]);
  });
});
