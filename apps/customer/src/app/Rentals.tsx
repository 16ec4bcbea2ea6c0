import type { TCustomerLocker, TCustomerRentable, TLiteAppSettings } from '@lockerops/contract';
import { useEffect, useRef, useState } from 'react';
import { call, isApiFailure, newIdempotencyKey } from '../shared/api';
import { useI18n } from '../shared/i18n';
import { usePriceText } from './Find';
import { SandboxBadge } from './SandboxBadge';

/** The local sandbox provider's card: a payment method the sandbox charges without a real card. */
const SANDBOX_CARD = 'pm_sandbox_card';

/**
 * Rent a product at a place: the products free in its doors, one at a time — or several with the
 * organization's "Allow multiple assets" — then the doors open. A priced door takes the sandbox's
 * test card (labelled). One idempotency key per tap, so a double tap rents once.
 */
export function RentHere({
  organization,
  place,
  settings,
}: {
  organization: string;
  place: string;
  settings: TLiteAppSettings;
}) {
  const { t } = useI18n();
  const priceText = usePriceText();
  const [items, setItems] = useState<TCustomerRentable[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [opened, setOpened] = useState<TCustomerLocker[]>([]);
  const key = useRef(newIdempotencyKey());
  const many = settings.allow_multiple_assets;

  const load = () =>
    call('rentables', { params: { organization, id: place } }).then(
      (r) => setItems(r.items),
      () => setItems([]),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per place
  useEffect(() => {
    void load();
  }, [organization, place]);

  // a place with nothing to rent shows nothing of renting (until a rental just opened its doors)
  if (!items || (items.length === 0 && opened.length === 0)) return null;
  const picked = items.filter((i) => chosen.includes(i.id_device));
  const priced = picked.some((i) => i.price);
  const toggle = (id: string) =>
    setChosen((c) => (many ? (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]) : [id]));

  const rent = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await call('startRentals', {
        params: { organization },
        body: { id_devices: chosen, payment_method: priced ? SANDBOX_CARD : undefined },
        idempotencyKey: key.current,
      });
      key.current = newIdempotencyKey();
      setOpened(r.items);
      setChosen([]);
      await load();
    } catch (e) {
      key.current = newIdempotencyKey();
      setError(isApiFailure(e) && e.status === 409 ? t('rent.oneAtATime') : t('door.notOpened'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stack" aria-labelledby="rent-title">
      <h2 id="rent-title">{t('rent.title')}</h2>
      {opened.length > 0 && (
        <p className="card big" role="status">
          {t('rent.opened', {
            count: opened.length,
            doors: opened.map((o) => String(o.locker_number ?? '')).join(', '),
          })}
        </p>
      )}
      {items.length > 0 && (
        <fieldset className="card stack" style={{ border: '1px solid var(--border)' }}>
          <legend>{t('rent.choose')}</legend>
          {items.map((i) => (
            <label key={i.id_device} className="spread" style={{ fontWeight: 400 }}>
              <span className="row">
                <input
                  type={many ? 'checkbox' : 'radio'}
                  name="rentable"
                  value={i.id_device}
                  checked={chosen.includes(i.id_device)}
                  onChange={() => toggle(i.id_device)}
                  style={{ width: 24, minHeight: 24 }}
                />
                <strong>{i.product.name}</strong>
              </span>
              <span className="muted">
                {priceText(i.price)} · {t('rent.door', { door: String(i.locker_number ?? '') })}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      {picked.length > 0 && (
        <>
          {priced && (
            <p className="row">
              <span className="muted">{t('pay.card')}: </span>
              {t('pay.sandboxCard')} •••• 4242
              <SandboxBadge />
            </p>
          )}
          <button type="button" className="full" disabled={busy} onClick={() => void rent()}>
            {busy ? t('door.opening') : t('rent.start', { count: picked.length })}
          </button>
        </>
      )}
    </section>
  );
}

/**
 * A rental in progress, in My lockers: its return into the door — with a photo of the product
 * while the organization asks for one, and the product's condition while it tracks conditions.
 */
export function ReturnRental({
  organization,
  locker,
  settings,
  onDone,
}: {
  organization: string;
  locker: TCustomerLocker;
  settings: TLiteAppSettings;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [conditions, setConditions] = useState<{ id: string; name: string }[]>([]);
  const [condition, setCondition] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const key = useRef(newIdempotencyKey());
  const photoId = `photo-${locker.id}`;
  const conditionId = `condition-${locker.id}`;

  useEffect(() => {
    if (settings.track_conditions)
      call('conditions', { params: { organization } }).then(
        (r) => setConditions(r.items),
        () => setConditions([]),
      );
  }, [organization, settings.track_conditions]);

  const ready = (!settings.photo_to_end_rental || photo) && (!settings.track_conditions || condition);
  const giveBack = async () => {
    setBusy(true);
    setError('');
    const form = new FormData();
    if (condition) form.set('id_condition', condition);
    if (photo) form.set('photo', photo);
    try {
      await call('returnRental', {
        params: { organization, id: locker.id },
        form,
        idempotencyKey: key.current,
      });
      onDone();
    } catch {
      key.current = newIdempotencyKey();
      setError(t('rent.notReturned'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby={`return-${locker.id}`}>
      <h3 id={`return-${locker.id}`} style={{ margin: 0 }}>
        {t('rent.returnTitle', { product: locker.product ?? '', door: String(locker.locker_number ?? '') })}
      </h3>
      {settings.photo_to_end_rental && (
        <div className="stack">
          <label htmlFor={photoId}>{t('rent.photo')}</label>
          <p className="muted">{t('rent.photoHint')}</p>
          <input
            id={photoId}
            type="file"
            accept="image/*"
            capture="environment"
            required
            onChange={(ev) => setPhoto(ev.target.files?.[0] ?? null)}
          />
        </div>
      )}
      {settings.track_conditions && (
        <div className="stack">
          <label htmlFor={conditionId}>{t('rent.condition')}</label>
          <select
            id={conditionId}
            required
            value={condition}
            onChange={(ev) => setCondition(ev.target.value)}
          >
            <option value="">{t('rent.chooseCondition')}</option>
            {conditions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      <button type="button" disabled={busy || !ready} onClick={() => void giveBack()}>
        {busy ? t('door.opening') : t('rent.return')}
      </button>
    </section>
  );
}
