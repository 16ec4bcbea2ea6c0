import { type ApiFailure, isApiFailure } from '../shared/api';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../shared/i18n';
import type { Translate } from './i18n';
import { en, type KioskKey } from './locales';

/** Accessible mode and the three languages, one tap each, at the foot of every screen. */
export function KioskFooter({
  t,
  accessible,
  onAccessible,
  language,
  setLanguage,
}: {
  t: Translate;
  accessible: boolean;
  onAccessible: () => void;
  language: Language;
  setLanguage: (l: Language) => void;
}) {
  return (
    <footer className="kiosk-foot">
      <button
        type="button"
        className="kiosk-button kiosk-plain"
        aria-pressed={accessible}
        onClick={onAccessible}
      >
        {t(accessible ? 'accessibleOn' : 'accessible')}
      </button>
      <nav aria-label={t('language')} className="kiosk-languages">
        {LANGUAGES.map((l) => (
          <button
            key={l}
            type="button"
            lang={l}
            className="kiosk-button kiosk-plain"
            aria-pressed={l === language}
            onClick={() => setLanguage(l)}
          >
            {LANGUAGE_NAMES[l]}
          </button>
        ))}
      </nav>
    </footer>
  );
}

/** What a refused call means to the person at the screen. */
export function failureText(
  t: Translate,
  e: unknown,
  where: 'pickup' | 'courier' | 'drop' | 'other',
): KioskKey {
  const f = isApiFailure(e) ? (e as ApiFailure) : { status: -1, detail: '' };
  if (f.status === 429) return 'tooMany';
  if (where === 'pickup' && (f.status === 409 || f.status === 400)) return 'wrongCode';
  if (where === 'courier' && (f.status === 401 || f.status === 400)) return 'wrongCode';
  if (where === 'drop' && f.status === 409) return 'noFreeDoor';
  // the server's English message names the one refusal the courier can act on: search again
  if (where === 'drop' && f.status === 400 && f.detail === en.recipientGone) return 'recipientGone';
  if (where === 'drop' && f.status === 400 && f.detail === en.parcelGone) return 'parcelGone';
  void t;
  return 'error';
}
