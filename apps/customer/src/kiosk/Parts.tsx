import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../shared/i18n';
import type { Translate } from './i18n';

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
