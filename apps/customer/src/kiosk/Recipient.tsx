import type { TKioskRecipient } from '@lockerops/contract';
import { type ReactNode, useEffect, useState } from 'react';
import type { Translate } from './i18n';
import type { KioskKey } from './locales';

/** What the courier's search found: people, too many to show, or nobody. */
type Found = { items: TKioskRecipient[]; more: boolean } | null;

/**
 * The courier's recipient: a person found by name, e-mail or phone number among the
 * organization's customers (shown as a short name and a masked contact), or a phone number or an
 * e-mail typed in full. The search waits for a pause in the typing and three characters.
 */
export function Recipient({
  t,
  phone,
  email,
  chosen,
  setPhone,
  setEmail,
  setChosen,
  search,
  busy,
  dropped,
  onSubmit,
  onBack,
  submitLabel = 'openDoor',
  label,
  parcel,
}: {
  t: Translate;
  phone: string;
  email: string;
  chosen: TKioskRecipient | null;
  setPhone: (v: string) => void;
  setEmail: (v: string) => void;
  setChosen: (v: TKioskRecipient | null) => void;
  search: (q: string) => Promise<Found>;
  busy: boolean;
  dropped: number;
  onSubmit: () => void;
  onBack: () => void;
  /** the submit button's words (batch mode: "Add to the list") */
  submitLabel?: KioskKey;
  /** the parcel's label entry, above the recipient */
  label?: ReactNode;
  /** the parcel expected under the label read: its recipient is taken, none is asked */
  parcel?: boolean;
}) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found>(null);
  useEffect(() => {
    if (q.trim().length < 3) {
      setFound(null);
      return;
    }
    let current = true;
    const h = setTimeout(async () => {
      const r = await search(q.trim()).catch(() => null);
      if (current) setFound(r);
    }, 500);
    return () => {
      current = false;
      clearTimeout(h);
    };
  }, [q, search]);
  const outcome: KioskKey | null = !found
    ? null
    : found.more
      ? 'searchMore'
      : found.items.length === 0
        ? 'noneFound'
        : null;
  return (
    <form
      className="kiosk-panel"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <p role="status">{t('dropped', { count: dropped })}</p>
      {label}
      {!parcel && (
        <>
          <h2>{t('recipientTitle')}</h2>
          <label htmlFor="rec-search">{t('findRecipient')}</label>
          <input
            id="rec-search"
            className="kiosk-input"
            type="search"
            autoComplete="off"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <div aria-live="polite">
            {outcome && <p>{t(outcome)}</p>}
            {found && found.items.length > 0 && (
              <ul className="kiosk-found" aria-label={t('foundPeople')}>
                {found.items.map((r) => (
                  <li key={r.recipient}>
                    <button
                      type="button"
                      className="kiosk-button kiosk-secondary"
                      aria-pressed={chosen?.recipient === r.recipient}
                      onClick={() => setChosen(chosen?.recipient === r.recipient ? null : r)}
                    >
                      {r.name}
                      <span className="kiosk-sub">{r.contact}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {chosen ? (
            <p className="kiosk-ok">{t('chosen', { name: chosen.name, contact: chosen.contact })}</p>
          ) : (
            <>
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
            </>
          )}
        </>
      )}
      <button
        type="submit"
        className="kiosk-button"
        disabled={busy || !(parcel || chosen || phone.trim() || email.trim())}
      >
        {t(submitLabel)}
      </button>
      <button type="button" className="kiosk-button kiosk-plain" onClick={onBack}>
        {t('back')}
      </button>
    </form>
  );
}
