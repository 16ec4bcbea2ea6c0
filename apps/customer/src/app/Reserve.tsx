import type { TCustomerLocation, TCustomerReservation } from '@lockerops/contract';
import { useEffect, useState } from 'react';
import { call, isApiFailure } from '../shared/api';
import { formatDateTime, wallClockToIso, zoneName } from '../shared/format';
import { useI18n } from '../shared/i18n';

/**
 * Reserve a locker ahead at a place (the organization's "Allow users to reserve a locker"): a
 * size and a window typed as the place's wall clock, said so beside the fields, and sent with the
 * place's offset; the server's reservations refuse a locker already booked for it.
 */
export function Reserve({ organization, place }: { organization: string; place: TCustomerLocation }) {
  const { t, language } = useI18n();
  const [size, setSize] = useState(place.sizes[0]?.id ?? '');
  const [from, setFrom] = useState({ date: '', time: '' });
  const [until, setUntil] = useState({ date: '', time: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<TCustomerReservation | null>(null);
  const zone = place.time_zone;
  const complete = size && from.date && from.time && until.date && until.time;

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setBusy(true);
    setError('');
    try {
      setDone(
        await call('reserve', {
          params: { organization },
          body: {
            id_location: place.id,
            id_size: size,
            start: wallClockToIso(from.date, from.time, zone),
            end: wallClockToIso(until.date, until.time, zone),
          },
        }),
      );
    } catch (e) {
      setError(isApiFailure(e) && e.status === 409 ? t('reserve.taken') : t('reserve.failed'));
    } finally {
      setBusy(false);
    }
  };

  const field = (
    id: string,
    label: string,
    type: 'date' | 'time',
    value: string,
    set: (v: string) => void,
  ) => (
    <div className="stack">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} required value={value} onChange={(ev) => set(ev.target.value)} />
    </div>
  );

  return (
    <form className="card stack" aria-labelledby="reserve-title" onSubmit={(ev) => void submit(ev)}>
      <h2 id="reserve-title" style={{ margin: 0 }}>
        {t('reserve.title')}
      </h2>
      <div className="stack">
        <label htmlFor="reserve-size">{t('reserve.size')}</label>
        <select id="reserve-size" value={size} onChange={(ev) => setSize(ev.target.value)}>
          {place.sizes.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <p className="muted" id="reserve-zone">
        {t('reserve.zone', { zone: zoneName(zone, language) })}
      </p>
      {field('reserve-from-date', t('reserve.startDate'), 'date', from.date, (date) =>
        setFrom({ ...from, date }),
      )}
      {field('reserve-from-time', t('reserve.startTime'), 'time', from.time, (time) =>
        setFrom({ ...from, time }),
      )}
      {field('reserve-until-date', t('reserve.endDate'), 'date', until.date, (date) =>
        setUntil({ ...until, date }),
      )}
      {field('reserve-until-time', t('reserve.endTime'), 'time', until.time, (time) =>
        setUntil({ ...until, time }),
      )}
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="alert ok" role="status">
          {t('reserve.done', {
            door: String(done.locker_number ?? ''),
            from: formatDateTime(done.starts_at, done.time_zone, language),
            until: formatDateTime(done.ends_at, done.time_zone, language),
          })}
        </p>
      )}
      <button type="submit" className="full" disabled={busy || !complete}>
        {t('reserve.submit')}
      </button>
    </form>
  );
}

/** The customer's reservations, in My lockers: each window on its place's clock; an active one can be canceled. */
export function MyReservations({ organization }: { organization: string }) {
  const { t, language } = useI18n();
  const [items, setItems] = useState<TCustomerReservation[]>([]);
  const [busy, setBusy] = useState('');
  const [notice, setNotice] = useState('');
  const [failed, setFailed] = useState(false);
  const load = () =>
    call('reservations', { params: { organization } }).then(
      (r) => setItems(r.items),
      () => setItems([]),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per organization
  useEffect(() => {
    void load();
  }, [organization]);
  const cancel = async (id: string) => {
    setBusy(id);
    setFailed(false);
    try {
      await call('cancelReservation', { params: { organization, id } });
      setNotice(t('reserve.canceled'));
      await load();
    } catch {
      setFailed(true);
    } finally {
      setBusy('');
    }
  };
  if (items.length === 0 && !notice) return null;
  return (
    <section className="stack" aria-labelledby="reservations-title">
      <h2 id="reservations-title">{t('reserve.mine')}</h2>
      {notice && (
        <p className="alert ok" role="status">
          {notice}
        </p>
      )}
      {failed && (
        <p className="alert error" role="alert">
          {t('app.error')}
        </p>
      )}
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((r) => (
          <li key={r.id} className="card stack">
            <div className="spread">
              <strong>
                {t('mine.door', { door: String(r.locker_number ?? ''), place: r.location ?? '' })}
              </strong>
              <span>{t('reserve.status', { status: r.status })}</span>
            </div>
            <p className="muted">
              {t('reserve.window', {
                from: formatDateTime(r.starts_at, r.time_zone, language),
                until: formatDateTime(r.ends_at, r.time_zone, language),
              })}
            </p>
            {r.status === 'active' && (
              <button
                type="button"
                className="secondary"
                disabled={busy !== ''}
                onClick={() => void cancel(r.id)}
              >
                {t('reserve.cancel')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
