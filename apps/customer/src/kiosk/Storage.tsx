import type { TKioskHold, TKioskOpened, TKioskState, TKioskStorage } from '@lockerops/contract';
import { AsYouType, type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useEffect, useRef, useState } from 'react';
import { isApiFailure } from '../shared/api';
import { formatMoney } from '../shared/format';
import { kioskCall } from './api';
import type { Translate } from './i18n';
import { Keypad } from './Keypad';
import type { KioskKey } from './locales';

/** A country's name in the screen's language (`DE` → "Germany"), or a blank line. */
function countryName(code: string | undefined, language: string): string {
  return (code && new Intl.DisplayNames([language], { type: 'region' }).of(code)) || '\u00a0';
}

/**
 * The phone number as typed, grouped the way of its country (`+49 1511 2345678`), and that country
 * as soon as the digits tell it (`+49` → DE); a number typed without "+" is of `country`.
 */
function formatted(digits: string, country: CountryCode | undefined) {
  const typing = new AsYouType(country);
  const shown = typing.input(digits);
  return { shown, country: typing.getCountry() ?? (digits.startsWith('+') ? undefined : country) };
}

/** Seconds between two looks at a payment on the phone. */
const POLL_MS = 2000;
const newKey = () => crypto.randomUUID();

type Step =
  | { name: 'phone' }
  | { name: 'code'; phone: string }
  | { name: 'choose' }
  | { name: 'pay'; hold: TKioskHold; qr: string };

/**
 * Storage at the screen (README "Storage at the screen"), loaded only when a customer asks for it:
 * the phone number on a large keypad (the organization's country by default), the code sent to
 * it, then "Store something" — a size of the place's free storage doors with its price; a priced
 * one is paid on the phone through a QR code while the screen waits — or "Collect my things": the
 * customer's storages here, one tap ends one. The door that opens is shown by the caller.
 */
export function Storage({
  t,
  language,
  state,
  collect,
  accessible,
  onOpened,
  onBack,
  onOffline,
  onWaiting,
}: {
  t: Translate;
  language: string;
  state: TKioskState;
  /** "Collect my things" (else "Store something") */
  collect: boolean;
  accessible: boolean;
  onOpened: (opened: TKioskOpened, note: KioskKey) => void;
  onBack: () => void;
  onOffline: (offline: boolean) => void;
  /** true while the screen waits for a payment on the customer's phone (no idle reset then) */
  onWaiting: (waiting: boolean) => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [digits, setDigits] = useState('');
  const [session, setSession] = useState('');
  const [choices, setChoices] = useState<TKioskStorage | null>(null);
  const [error, setError] = useState<KioskKey | null>(null);
  const [busy, setBusy] = useState(false);
  const country = (state.country ?? undefined) as CountryCode | undefined;
  const typed = parsePhoneNumberFromString(digits, country);
  const asTyped = formatted(digits, country);
  const failed = (e: unknown, wrong: KioskKey = 'error') => {
    const status = isApiFailure(e) ? e.status : -1;
    setError(status === 429 ? 'tooMany' : status === 409 ? 'noFreeDoor' : status === 400 ? wrong : 'error');
  };
  const run = async (fn: () => Promise<void>, wrong?: KioskKey) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      failed(e, wrong);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () =>
    run(async () => {
      if (!typed?.isValid()) throw { status: 400, detail: '' };
      await kioskCall('customerCode', { body: { phone_number: typed.number }, onOffline });
      setStep({ name: 'code', phone: typed.number });
      setDigits('');
    }, 'badPhone');
  const signIn = (phone: string) =>
    run(async () => {
      const s = await kioskCall('customerSession', {
        body: { phone_number: phone, code: digits },
        onOffline,
      });
      setSession(s.session);
      setChoices(await kioskCall('storage', { customer: s.session, onOffline }));
      setStep({ name: 'choose' });
    }, 'wrongCode');
  const choose = (size: TKioskStorage['sizes'][number]) =>
    run(async () => {
      const body = { id_size: size.id, accessible };
      if (!size.price) {
        const opened = await kioskCall('storageStart', {
          body,
          customer: session,
          idempotencyKey: newKey(),
          onOffline,
        });
        onOpened(opened, 'putThings');
        return;
      }
      const hold = await kioskCall('storageHold', { body, customer: session, onOffline });
      const { toDataURL } = await import('qrcode');
      setStep({ name: 'pay', hold, qr: await toDataURL(hold.pay_url, { margin: 1, width: 480 }) });
    });
  const end = (id: string) =>
    run(async () => {
      const ended = await kioskCall('storageEnd', {
        id,
        customer: session,
        idempotencyKey: newKey(),
        onOffline,
      });
      onOpened(ended, 'takeThings');
    });

  // the payment on the phone: the screen looks until the door opened, the hold ended, or Back
  const hold = step.name === 'pay' ? step.hold : null;
  const opened = useRef(onOpened);
  opened.current = onOpened;
  useEffect(() => {
    if (!hold) return;
    let stop = false;
    const look = async () => {
      if (stop) return;
      try {
        const s = await kioskCall('holdState', {
          id: hold.id,
          query: { id_device: hold.id_device },
          customer: session,
        });
        if (s.state === 'started' && s.opened) return opened.current(s.opened, 'putThings');
        if (s.state === 'ended') {
          setError('holdEnded');
          setStep({ name: 'choose' });
          return;
        }
      } catch {
        // a network cut: look again
      }
      setTimeout(look, POLL_MS);
    };
    const h = setTimeout(look, POLL_MS);
    return () => {
      stop = true;
      clearTimeout(h);
    };
  }, [hold, session]);
  // while the customer pays on their phone nobody touches the screen: it does not count as idle
  const waiting = useRef(onWaiting);
  waiting.current = onWaiting;
  useEffect(() => {
    waiting.current(hold !== null);
    return () => waiting.current(false);
  }, [hold]);
  // the held door is let go when the customer gives up here (Cancel, or Back to the start)
  const release = () => {
    if (hold) void kioskCall('holdCancel', { id: hold.id, customer: session }).catch(() => undefined);
  };
  const giveUp = () => {
    release();
    setStep({ name: 'choose' });
  };
  const price = (p: NonNullable<TKioskStorage['sizes'][number]['price']>) =>
    t(p.unit === 'day' ? 'perDay' : 'perHour', {
      price: formatMoney(Number(p.amount), p.currency.toUpperCase(), language),
    });

  return (
    <div className="kiosk-panel">
      <h2>{t(collect ? 'collect' : 'store')}</h2>
      {error && (
        <p role="alert" className="kiosk-error">
          {t(error)}
        </p>
      )}
      {step.name === 'phone' && (
        <>
          <p>{t('phoneHint')}</p>
          <p className="kiosk-sub">{t('phonePlus')}</p>
          <Keypad
            t={t}
            label={t('phoneLabel')}
            value={digits}
            shown={asTyped.shown}
            caption={countryName(asTyped.country, language)}
            plus
            max={16}
            onChange={setDigits}
            onSubmit={sendCode}
            busy={busy}
          />
        </>
      )}
      {step.name === 'code' && (
        <>
          <p>{t('codeSent')}</p>
          <Keypad
            t={t}
            label={t('codeLabel')}
            value={digits}
            onChange={(v) => setDigits(v.slice(0, 6))}
            onSubmit={() => signIn(step.phone)}
            busy={busy}
          />
        </>
      )}
      {step.name === 'choose' && choices && !collect && (
        <>
          <h3>{t('chooseStorage')}</h3>
          <div className="kiosk-sizes">
            {choices.sizes.map((s) => (
              <button
                key={s.id}
                type="button"
                className="kiosk-button"
                disabled={s.free === 0 || busy}
                onClick={() => choose(s)}
              >
                {s.name}
                <span className="kiosk-sub">
                  {/* the price is a free door's: with none, there is none to show */}
                  {s.free > 0 && `${s.price ? price(s.price) : t('freeOfCharge')} · `}
                  {t('free', { count: s.free })}
                </span>
              </button>
            ))}
          </div>
          {choices.sandbox && choices.sizes.some((s) => s.price) && (
            <p className="kiosk-sub">{t('sandbox')}</p>
          )}
        </>
      )}
      {step.name === 'choose' && choices && collect && (
        <>
          <h3>{t('yourStorages')}</h3>
          {choices.lockers.length === 0 && <p>{t('noStorages')}</p>}
          <div className="kiosk-sizes kiosk-list">
            {choices.lockers.map((l) => (
              <button
                key={l.id}
                type="button"
                className="kiosk-button"
                disabled={busy}
                onClick={() => end(l.id)}
              >
                {t('endDoor', { door: l.locker_number ?? '' })}
              </button>
            ))}
          </div>
        </>
      )}
      {step.name === 'pay' && (
        <>
          <p>{t('payOnPhone', { door: step.hold.locker_number ?? '' })}</p>
          <img className="kiosk-qr" src={step.qr} alt={t('payQr')} width={480} height={480} />
          <p role="status">{t('waitingPayment')}</p>
          <button type="button" className="kiosk-button kiosk-secondary" onClick={giveUp}>
            {t('cancelPayment')}
          </button>
        </>
      )}
      <button
        type="button"
        className="kiosk-button kiosk-plain"
        onClick={() => {
          release();
          onBack();
        }}
      >
        {t('back')}
      </button>
    </div>
  );
}
