import type { TCustomerAppConfig, TCustomerMe } from '@lockerops/contract';
import { useState } from 'react';
import { call, isApiFailure } from '../shared/api';
import { useI18n } from '../shared/i18n';

/**
 * Sign-in by one-time code: the contact the customizer's sign-in method allows (the server says
 * which in `contacts`), the code sent to it, then the session cookie the server sets.
 */
export function SignIn({
  organization,
  config,
  preview = false,
  onSignedIn,
}: {
  organization: string;
  config: TCustomerAppConfig;
  /** the customizer's preview: the form shows, nothing is sent */
  preview?: boolean;
  onSignedIn: (me: TCustomerMe) => void;
}) {
  const { t, language } = useI18n();
  const [chosen, setKind] = useState<'email' | 'phone'>(config.contacts[0] ?? 'email');
  // the contacts may change under the form (the preview's sign-in method)
  const kind = config.contacts.includes(chosen) ? chosen : (config.contacts[0] ?? 'email');
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const body = kind === 'email' ? { email: contact } : { phone_number: contact };
  const params = { organization };

  const fail = (e: unknown) =>
    setError(
      isApiFailure(e) && e.status === 429
        ? t('signIn.tooMany')
        : isApiFailure(e) && e.status === 400 && sent
          ? t('signIn.codeInvalid')
          : isApiFailure(e) && e.detail
            ? e.detail
            : t('app.error'),
    );

  const send = async () => {
    setBusy(true);
    setError('');
    try {
      await call('requestCode', { params, body, headers: { 'accept-language': language } });
      setSent(true);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const verify = async () => {
    setBusy(true);
    setError('');
    try {
      onSignedIn(
        await call('signIn', { params, body: { ...body, code }, headers: { 'accept-language': language } }),
      );
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{t('signIn.title')}</h2>
      <p className="muted">{t('signIn.intro')}</p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void (sent ? verify() : send());
        }}
      >
        <div>
          <label htmlFor="contact">{kind === 'email' ? t('signIn.email') : t('signIn.phone')}</label>
          <input
            id="contact"
            type={kind === 'email' ? 'email' : 'tel'}
            autoComplete={kind === 'email' ? 'email' : 'tel'}
            inputMode={kind === 'email' ? 'email' : 'tel'}
            required
            value={contact}
            disabled={sent}
            onChange={(e) => setContact(e.target.value)}
          />
        </div>
        {sent && (
          <>
            <p className="alert ok" role="status">
              {t('signIn.codeSent')}
            </p>
            <div>
              <label htmlFor="code">{t('signIn.code')}</label>
              <input
                id="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                required
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
            </div>
          </>
        )}
        {error && (
          <p className="alert error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="full" disabled={busy || preview}>
          {sent ? t('signIn.verify') : t('signIn.send')}
        </button>
      </form>
      {sent ? (
        <button
          type="button"
          className="link"
          onClick={() => {
            setSent(false);
            setCode('');
          }}
        >
          {t('signIn.again')}
        </button>
      ) : (
        config.contacts.length > 1 && (
          <button
            type="button"
            className="link"
            onClick={() => setKind(kind === 'email' ? 'phone' : 'email')}
          >
            {kind === 'email' ? t('signIn.usePhone') : t('signIn.useEmail')}
          </button>
        )
      )}
    </section>
  );
}
