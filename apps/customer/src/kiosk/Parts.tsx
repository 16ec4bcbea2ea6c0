import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../shared/i18n';
import type { Translate } from './i18n';

/** The courier's recipient: a phone number or an e-mail (the server checks them). */
export function Recipient({
  t,
  phone,
  email,
  setPhone,
  setEmail,
  busy,
  onSubmit,
  onBack,
}: {
  t: Translate;
  phone: string;
  email: string;
  setPhone: (v: string) => void;
  setEmail: (v: string) => void;
  busy: boolean;
  onSubmit: () => void;
  onBack: () => void;
}) {
  return (
    <form
      className="kiosk-panel"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2>{t('recipientTitle')}</h2>
      <p>{t('recipientHint')}</p>
      <label htmlFor="rec-phone">{t('phone')}</label>
      <input
        id="rec-phone"
        className="kiosk-input"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <label htmlFor="rec-email">{t('email')}</label>
      <input
        id="rec-email"
        className="kiosk-input"
        type="email"
        inputMode="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="kiosk-button" disabled={busy || !(phone.trim() || email.trim())}>
        {t('openDoor')}
      </button>
      <button type="button" className="kiosk-button kiosk-plain" onClick={onBack}>
        {t('back')}
      </button>
    </form>
  );
}

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
