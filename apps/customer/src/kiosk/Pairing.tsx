import { useState } from 'react';
import { isApiFailure } from '../shared/api';
import { KIOSK_VERSION, kioskCall, saveToken } from './api';
import type { Translate } from './i18n';
import type { KioskKey } from './locales';

/** The first screen of an unpaired tablet: the pairing code made in the console. */
export function Pairing({ t, onPaired }: { t: Translate; onPaired: (token: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<KioskKey | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const r = await kioskCall('pair', { body: { code, app_version: KIOSK_VERSION } });
      saveToken(r.token);
      onPaired(r.token);
    } catch (err) {
      setError(isApiFailure(err) && err.status === 429 ? 'tooMany' : 'badPairing');
    }
  };
  return (
    <main className="kiosk">
      <h1>{t('pairTitle')}</h1>
      <form className="kiosk-panel" onSubmit={submit}>
        <p>{t('pairIntro')}</p>
        <label htmlFor="pair-code">{t('pairCode')}</label>
        <input
          id="pair-code"
          className="kiosk-input"
          value={code}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
        />
        {error && (
          <p role="alert" className="kiosk-error">
            {t(error)}
          </p>
        )}
        <button type="submit" className="kiosk-button" disabled={!code.trim()}>
          {t('pairButton')}
        </button>
      </form>
    </main>
  );
}
