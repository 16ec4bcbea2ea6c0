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
