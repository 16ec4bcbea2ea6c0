import type {
  TCustomerHold,
  TCustomerLocation,
  TCustomerLocker,
  TLiteAppSettings,
} from '@lockerops/contract';
import { useEffect, useRef, useState } from 'react';
import { call, isApiFailure, newIdempotencyKey } from '../shared/api';
import { formatDateTime } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { usePriceText } from './Find';
import { RentHere } from './Rentals';
import { Reserve } from './Reserve';
import { SandboxBadge } from './SandboxBadge';

/** The local sandbox provider's card: a payment method the sandbox charges without a real card. */
const SANDBOX_CARD = 'pm_sandbox_card';

/**
 * One place: its sizes with the free doors and the price; "Store here" starts a storage on a door
 * of the chosen size — a priced door after the card step (the sandbox's test card, labelled),
 * one idempotency key per tap so a double tap or a retry opens one door once.
 */
export function Place({
  organization,
  id,
  device,
  settings,
  onStarted,
}: {
  organization: string;
  settings: TLiteAppSettings;
  /** The place; or, from a door's QR code, `device` and the place is that door's. */
  id?: string;
  device?: string;
  onStarted: (l: TCustomerLocker) => void;
}) {
  const { t, language } = useI18n();
  const priceText = usePriceText();
  const [place, setPlace] = useState<TCustomerLocation | null | undefined>();
  const [size, setSize] = useState<string>('');
  const [paying, setPaying] = useState(false);
  const [hold, setHold] = useState<TCustomerHold | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const key = useRef(newIdempotencyKey());

  useEffect(() => {
    call('locations', { params: { organization }, query: { device } }).then(
      (r) => setPlace(r.items.find((l) => device || l.id === id) ?? null),
      () => setPlace(null),
    );
  }, [organization, id, device]);

  if (place === undefined) return <p className="muted">{t('app.loading')}</p>;
  if (place === null) return <p className="alert error">{t('app.notFound')}</p>;
  const chosen = place.sizes.find((s) => s.id === size);

  const start = async (payment_method?: string) => {
    setBusy(true);
    setError('');
    try {
      const locker = await call('startStorage', {
        params: { organization },
        body: { id_location: place.id, id_size: size, payment_method, id_hold: hold?.id },
        idempotencyKey: key.current,
      });
      key.current = newIdempotencyKey();
      onStarted(locker);
    } catch (e) {
      if (isApiFailure(e) && e.status === 409) {
        setError(hold ? t('hold.ended') : t('door.noFreeDoor'));
        setHold(null);
        setPaying(false);
        key.current = newIdempotencyKey();
      } else setError(t('door.notOpened'));
    } finally {
      setBusy(false);
    }
  };

  /** A priced door waits for its customer's payment: held 5 minutes for them, then free again. */
  const holdAndPay = async () => {
    setBusy(true);
    setError('');
    try {
      setHold(
        await call('hold', { params: { organization }, body: { id_location: place.id, id_size: size } }),
      );
      setPaying(true);
    } catch {
      setError(t('door.noFreeDoor'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stack" aria-labelledby="place-title">
      <h2 id="place-title">{place.name}</h2>
      {place.address && <p className="muted">{place.address}</p>}
      <fieldset className="card stack" style={{ border: '1px solid var(--border)' }}>
        <legend>{t('place.title')}</legend>
        {place.sizes.map((s) => (
          <label key={s.id} className="spread" style={{ fontWeight: 400 }}>
            <span className="row">
              <input
                type="radio"
                name="size"
                value={s.id}
                checked={size === s.id}
                disabled={s.free === 0}
                onChange={() => {
                  setSize(s.id);
                  setPaying(false);
                  setHold(null);
                }}
                style={{ width: 24, minHeight: 24 }}
              />
              <strong>{s.name}</strong>
            </span>
            <span className="muted">
              {priceText(s.price)} · {t('find.free', { count: s.free })}
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      {chosen && !paying && (
        <button
          type="button"
          className="full"
          disabled={busy}
          onClick={() => void (chosen.price ? holdAndPay() : start())}
        >
          {t('place.start')}
        </button>
      )}
      {chosen?.price && paying && (
        <section className="card stack" aria-labelledby="pay-title">
          <div className="spread">
            <h3 id="pay-title" style={{ margin: 0 }}>
              {t('pay.title')}
            </h3>
            <SandboxBadge />
          </div>
          <p>{priceText(chosen.price)}</p>
          {hold && (
            <p className="muted" role="status">
              {t('hold.until', {
                door: String(hold.locker_number ?? ''),
                when: formatDateTime(hold.held_until, place.time_zone, language),
              })}
            </p>
          )}
          <p className="muted">{t('pay.note')}</p>
          <p>
            <span className="muted">{t('pay.card')}: </span>
            {t('pay.sandboxCard')} •••• 4242
          </p>
          <button type="button" className="full" disabled={busy} onClick={() => void start(SANDBOX_CARD)}>
            {busy ? t('door.opening') : t('pay.authorize')}
          </button>
        </section>
      )}
      <RentHere organization={organization} place={place.id} settings={settings} />
      {settings.allow_reservations && place.sizes.length > 0 && (
        <Reserve organization={organization} place={place} />
      )}
    </section>
  );
}
