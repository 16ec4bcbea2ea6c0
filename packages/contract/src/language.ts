import { z } from 'zod';

/**
 * The console's languages: English is the default and the spec's own text;
 * Spanish and German are complete translations. A member's choice is saved on the member.
 */
export const LANGUAGES = ['en', 'es', 'de'] as const;
export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Each language named in itself, for the language select. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = { en: 'English', es: 'Español', de: 'Deutsch' };

export const isLanguage = (v: unknown): v is TLanguage =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/**
 * The first supported language of a browser's preferences: an `Accept-Language` header
 * (`de-DE,de;q=0.9,en;q=0.8`, weights honoured) or `navigator.languages` (already in order).
 * Only the primary subtag counts (`es-MX` → `es`). Nothing supported gives undefined.
 */
export function preferredLanguage(
  preferences: string | readonly string[] | undefined | null,
): TLanguage | undefined {
  if (!preferences) return undefined;
  const ranked =
    typeof preferences === 'string'
      ? preferences
          .split(',')
          .map((part, i) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            const weight = q ? Number(q.slice(2)) : 1;
            return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, i };
          })
          .filter((p) => p.tag && p.weight > 0)
          .sort((a, b) => b.weight - a.weight || a.i - b.i)
          .map((p) => p.tag)
      : preferences;
  for (const tag of ranked) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** `preferredLanguage`, else English (the console's start, a download's language). */
export const negotiateLanguage = (preferences: string | readonly string[] | undefined | null): TLanguage =>
  preferredLanguage(preferences) ?? DEFAULT_LANGUAGE;
