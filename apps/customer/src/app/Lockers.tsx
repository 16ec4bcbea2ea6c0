import type { TCustomerLocker, TCustomerParcel, TLiteAppSettings } from '@lockerops/contract';
import { useEffect, useRef, useState } from 'react';
import { call, newIdempotencyKey, urlOf } from '../shared/api';
import { formatDateTime, formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { WallPicture } from '../shared/WallPicture';
import { ReturnRental } from './Rentals';
import { MyReservations } from './Reserve';
import { SandboxBadge } from './SandboxBadge';

/** The customer's locker in use: "Door 12 is open", open again, end and pay. */
export function OpenDoor({
  organization,
  locker,
  onChanged,
}: {
  organization: string;
  locker: TCustomerLocker;
  onChanged: (l: TCustomerLocker) => void;
}) {
  const { t, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const door = String(locker.locker_number ?? '');
  const act = async (name: 'openAgain' | 'end') => {
    setBusy(true);
    setError('');
    try {
      onChanged(await call(name, { params: { organization, id: locker.id } }));
    } catch {
      setError(t('door.notOpened'));
    } finally {
      setBusy(false);
    }
  };
  if (locker.status !== 'in_progress')
    return (
      <section className="card stack" aria-live="polite">
        <p className="big">
          {locker.total && Number(locker.total) > 0
            ? t('door.ended', {
                amount: formatMoney(Number(locker.total), (locker.currency ?? 'usd').toUpperCase(), language),
              })
            : t('door.endedFree')}
        </p>
        {locker.sandbox && Number(locker.total ?? 0) > 0 && <SandboxBadge />}
      </section>
    );
  return (
    <section className="card stack" aria-live="polite">
      <p className="big" role="status">
        {t('door.open', { door })}
      </p>
      <p className="muted">
        {locker.location}
        {locker.started_at &&
          ` · ${t('mine.since', { when: formatDateTime(locker.started_at, locker.time_zone, language) })}`}
      </p>
      {locker.wall ? (
        <WallPicture
          wide={locker.wall.qty_wide}
          tall={locker.wall.qty_tall}
          doors={[{ id: locker.id, x: locker.wall.x - 1, y: locker.wall.y - 1, label: door }]}
          highlight={locker.id}
          label={t('door.where', { door })}
        />
      ) : (
        <div
          className="wall"
          role="img"
          aria-label={t('door.where', { door })}
          style={{ gridTemplateColumns: '1fr' }}
        >
          <div className="wall-door wall-door-on">{door}</div>
        </div>
      )}
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="button" className="secondary" disabled={busy} onClick={() => void act('openAgain')}>
          {t('door.openAgain')}
        </button>
        <button type="button" disabled={busy} onClick={() => void act('end')}>
          {t('door.end')}
        </button>
      </div>
    </section>
  );
}

/**
 * The parcels waiting for the customer in a locker: each opened with a tap (no code to type).
 * A tap keeps its idempotency key until it is answered, so a retry opens the door once.
 */
export function Parcels({ organization, onOpened }: { organization: string; onOpened: () => void }) {
  const { t, language } = useI18n();
  const [items, setItems] = useState<TCustomerParcel[]>([]);
  const [busy, setBusy] = useState('');
  const [opened, setOpened] = useState('');
  const [error, setError] = useState('');
  const keys = useRef(new Map<string, string>());
  const load = () => call('parcels', { params: { organization } }).then((r) => setItems(r.items));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per organization
  useEffect(() => {
    void load().catch(() => undefined);
  }, [organization]);
  const open = async (p: TCustomerParcel) => {
    const key = keys.current.get(p.id) ?? newIdempotencyKey();
    keys.current.set(p.id, key);
    setBusy(p.id);
    setError('');
    try {
      const done = await call('openParcel', { params: { organization, id: p.id }, idempotencyKey: key });
      keys.current.delete(p.id);
      setOpened(String(done.locker_number ?? ''));
      await load();
      onOpened();
    } catch {
      setError(t('door.notOpened'));
    } finally {
      setBusy('');
    }
  };
  if (items.length === 0 && !opened) return null;
  return (
    <section className="stack" aria-labelledby="parcels-title">
      <h2 id="parcels-title">{t('mine.parcels')}</h2>
      {opened && (
        <p className="card big" role="status">
          {t('mine.parcelOpened', { door: opened })}
        </p>
      )}
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((p) => (
          <li key={p.id} className="card stack">
            <strong>{t('mine.parcel', { door: String(p.locker_number ?? '') })}</strong>
            <p className="muted">
              {p.location}
              {p.pickup_by &&
                ` · ${t('mine.pickupBy', { when: formatDateTime(p.pickup_by, p.time_zone, language) })}`}
            </p>
            <button type="button" disabled={busy !== ''} onClick={() => void open(p)}>
              {t('mine.openParcel')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Deliveries show as parcels (waiting) or in the history (ended), never as a locker in use. */
const isWaitingDelivery = (l: TCustomerLocker) =>
  l.type === 'delivery' && (l.status === 'in_progress' || l.status === 'awaiting_user_pickup');

/** My lockers: the parcels waiting, what runs now (open, end) and the history with each receipt's total. */
export function Mine({ organization, settings }: { organization: string; settings: TLiteAppSettings }) {
  const { t, language } = useI18n();
  const [items, setItems] = useState<TCustomerLocker[] | null>(null);
  const load = () => call('lockers', { params: { organization } }).then((r) => setItems(r.items));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per organization
  useEffect(() => {
    void load();
  }, [organization]);
  if (!items) return <p className="muted">{t('app.loading')}</p>;
  const running = items.filter((l) => l.status === 'in_progress' && l.type !== 'delivery');
  const history = items.filter((l) => l.status !== 'in_progress' && !isWaitingDelivery(l));
  return (
    <section className="stack" aria-labelledby="mine-title">
      <Parcels organization={organization} onOpened={() => void load()} />
      <h2 id="mine-title">{t('mine.title')}</h2>
      {running.length === 0 && <p className="muted">{t('mine.none')}</p>}
      {running.map((l) =>
        l.type === 'rental' ? (
          <ReturnRental
            key={l.id}
            organization={organization}
            locker={l}
            settings={settings}
            onDone={() => void load()}
          />
        ) : (
          <OpenDoor key={l.id} organization={organization} locker={l} onChanged={() => void load()} />
        ),
      )}
      <MyReservations organization={organization} />
      {history.length > 0 && <h2>{t('mine.history')}</h2>}
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {history.map((l) => (
          <li key={l.id} className="card">
            <div className="spread">
              <strong>
                {l.product ? `${l.product} · ` : ''}
                {t('mine.door', { door: String(l.locker_number ?? ''), place: l.location ?? '' })}
              </strong>
              <span>{t('mine.status', { status: l.status })}</span>
            </div>
            {l.ended_at && <p className="muted">{formatDateTime(l.ended_at, l.time_zone, language)}</p>}
            {l.photo && (
              <img
                className="photo"
                src={urlOf('/customer/:organization/lockers/:id/photo', { organization, id: l.id })}
                alt={t('rent.photoTaken')}
              />
            )}
            {l.total !== null && (
              <p className="row">
                {t('mine.receipt', {
                  amount: formatMoney(Number(l.total), (l.currency ?? 'usd').toUpperCase(), language),
                })}
                {l.invoice_id && <span className="muted">#{l.invoice_id}</span>}
                {l.sandbox && <SandboxBadge />}
                {l.ended_at && (
                  <a
                    href={urlOf(
                      '/customer/:organization/lockers/:id/receipt',
                      { organization, id: l.id },
                      { lang: language },
                    )}
                    target="_blank"
                    rel="noopener"
                  >
                    {t('mine.receiptPdf')}
                  </a>
                )}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
