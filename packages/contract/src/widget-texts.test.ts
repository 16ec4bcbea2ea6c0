import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishMessageOf } from './error-codes';
import { LANGUAGES } from './language';
import { WIDGET_TEXTS } from './widget-texts';

const catalog = (lang: string): Record<string, Record<string, string>> =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, `../../../apps/web/src/locales/${lang}/errors.json`), 'utf8'),
  );

describe('the widget page speaks the server messages it shows (issue 31)', () => {
  it('in English word for word, and in Spanish and German as the console does', () => {
    const codes = Object.keys(WIDGET_TEXTS.en.errors).sort();
    expect(codes.length).toBeGreaterThan(0);
    for (const lang of LANGUAGES) {
      const texts = WIDGET_TEXTS[lang].errors;
      expect(Object.keys(texts).sort(), lang).toEqual(codes);
      const console = catalog(lang);
      for (const code of codes) {
        const [area = '', key = ''] = code.split('.');
        if (lang === 'en') expect(texts[code], code).toBe(englishMessageOf(code));
        expect(texts[code], `${lang} ${code}`).toBe(console[area]?.[key]);
      }
    }
  });
});
