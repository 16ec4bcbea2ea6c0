import type { TKioskOpened, TKioskRecipient, TKioskState } from '@lockerops/contract';
import { useCallback, useEffect, useState } from 'react';
import { kioskCall } from './api';
import type { Translate } from './i18n';
import { LabelEntry, type LabelRead } from './Label';
import type { KioskKey } from './locales';
import { failureText } from './Parts';
import { Recipient } from './Recipient';

/** One parcel of the courier's list: its label, size and recipient, and what became of it. */
interface Parcel {
  key: string;
  tracking?: string;
  parcel?: string;
  recipient?: string;
  phone?: string;
  email?: string;
  idSize: string;
  sizeName: string;
  name: string;
  contact: string;
  door?: number;
  failed?: KioskKey;
}

type Phase = 'list' | 'add' | 'run' | 'summary';

/**
 * Batch mode: the courier lists several parcels first (each scanned or typed, with its recipient
 * and size; an expected parcel brings both), then the screen opens a door for each in turn
 * ("Door 12 is open — parcel 2 of 5", with the door's problems to report) and ends with a summary.
 * Each drop-off is the single drop-off's call, with a key of its own that its retries keep.
 */
export function Batch({
  t,
  state,
  courier,
  accessible,
  search,
  lookUp,
  onOffline,
  onReport,
  onDropped,
  onDone,
}: {
  t: Translate;
  state: TKioskState | null;
  courier: string | undefined;
  accessible: boolean;
  search: (q: string) => Promise<{ items: TKioskRecipient[]; more: boolean }>;
  lookUp: (n: string) => Promise<LabelRead>;
  onOffline: (v: boolean) => void;
  onReport: (id: string, problem: 'not_opened' | 'dirty') => void;
  onDropped: () => void;
  onDone: () => void;
}) {
  const [phase, setPhase] = useState<Phase>('list');
  const [parcels, setParcels] = useState<Parcel[]>([]);
  const [read, setRead] = useState<LabelRead | null>(null);
  const [idSize, setIdSize] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<TKioskRecipient | null>(null);
  const [at, setAt] = useState(0);
  const [opened, setOpened] = useState<TKioskOpened | null>(null);
  const [busy, setBusy] = useState(false);
  const sizeName = (id: string | null) => state?.sizes.find((s) => s.id === id)?.name ?? '—';

  const startAdding = () => {
    setRead(null);
    setIdSize(null);
    setPhone('');
    setEmail('');
    setChosen(null);
    setPhase('add');
  };
  const add = (p: Omit<Parcel, 'key'>) => {
    setParcels((l) => [...l, { ...p, key: crypto.randomUUID() }]);
    setPhase('list');
  };
  const expected = read?.expected;
  const addNamed = () => {
    if (!idSize) return;
    add({
      tracking: read?.tracking_number,
      idSize,
      sizeName: sizeName(idSize),
      ...(chosen
        ? { recipient: chosen.recipient, name: chosen.name, contact: chosen.contact }
        : {
            phone: phone.trim() || undefined,
            email: email.trim() || undefined,
            name: phone.trim() || email.trim(),
            contact: '',
          }),
    });
  };

  const dropOne = useCallback(
    async (p: Parcel) => {
      setBusy(true);
      setOpened(null);
      try {
        const r = await kioskCall('drop', {
          body: {
            id_size: p.idSize,
            accessible,
            ...(p.parcel ? { parcel: p.parcel } : {}),
            ...(p.recipient ? { recipient: p.recipient } : {}),
            ...(p.phone ? { phone_number: p.phone } : {}),
            ...(p.email ? { email: p.email } : {}),
            ...(p.tracking ? { tracking_number: p.tracking } : {}),
          },
          courier,
          idempotencyKey: p.key,
          onOffline,
        });
        setOpened(r);
        onDropped();
        setParcels((l) => l.map((x) => (x.key === p.key ? { ...x, door: r.door.locker_number } : x)));
      } catch (e) {
        const failed = failureText(t, e, 'drop');
        setParcels((l) => l.map((x) => (x.key === p.key ? { ...x, failed } : x)));
      } finally {
        setBusy(false);
      }
    },
    [accessible, courier, onOffline, onDropped, t],
  );

  const current = parcels[at];
  useEffect(() => {
    if (phase === 'run' && current && current.door === undefined && !current.failed && !busy)
      void dropOne(current);
  }, [phase, current, busy, dropOne]);

  const next = () => {
    if (at + 1 < parcels.length) setAt(at + 1);
    else setPhase('summary');
  };

  if (phase === 'add')
    return (
      <div className="kiosk-panel">
        <h2>{t('addParcel')}</h2>
        <LabelEntry t={t} lookUp={lookUp} read={read} onRead={setRead} />
        {expected?.id_size ? (
          <button
            type="button"
            className="kiosk-button"
            onClick={() =>
              add({
                tracking: read?.tracking_number,
                parcel: expected.parcel,
                idSize: expected.id_size!,
                sizeName: expected.size_name ?? sizeName(expected.id_size),
                name: expected.name,
                contact: expected.contact,
              })
            }
          >
            {t('addToList')}
          </button>
        ) : (
          <>
            <h3>{t('chooseSize')}</h3>
            <div className="kiosk-sizes">
              {(state?.sizes ?? []).map((s) => (
                <button
                  key={s.id}
                  type="button"
                  className="kiosk-button kiosk-secondary"
                  aria-pressed={idSize === s.id}
                  onClick={() => setIdSize(s.id)}
                >
                  {s.name}
                  <span className="kiosk-sub">{t('free', { count: s.free })}</span>
                </button>
              ))}
            </div>
            {idSize && (
              <Recipient
                t={t}
                phone={phone}
                email={email}
                chosen={chosen}
                setPhone={setPhone}
                setEmail={setEmail}
                setChosen={setChosen}
                search={search}
                dropped={parcels.length}
                busy={false}
                submitLabel="addToList"
                onSubmit={addNamed}
                onBack={() => setPhase('list')}
              />
            )}
          </>
        )}
        {!idSize && (
          <button type="button" className="kiosk-button kiosk-plain" onClick={() => setPhase('list')}>
            {t('back')}
          </button>
        )}
      </div>
    );

  if (phase === 'run' && current)
    return (
      <div className="kiosk-panel">
        <p role="status">{t('parcelOf', { n: at + 1, count: parcels.length })}</p>
        {current.failed ? (
          <p role="alert" className="kiosk-error">
            {t(current.failed)}
          </p>
        ) : opened && current.door !== undefined ? (
          <div role="status">
            <h2 className="kiosk-door">{t('doorOpen', { door: current.door })}</h2>
            <p>{t('putParcel')}</p>
            <p>{current.name}</p>
          </div>
        ) : (
          <p>{t('opening')}</p>
        )}
        <button type="button" className="kiosk-button" disabled={busy} onClick={next}>
          {at + 1 < parcels.length ? t('nextDoor') : t('finish')}
        </button>
        {opened && current.door !== undefined && (
          <>
            <button
              type="button"
              className="kiosk-button kiosk-secondary"
              onClick={() => onReport(opened.door.id, 'not_opened')}
            >
              {t('notOpened')}
            </button>
            <button
              type="button"
              className="kiosk-button kiosk-secondary"
              onClick={() => onReport(opened.door.id, 'dirty')}
            >
              {t('dirty')}
            </button>
          </>
        )}
      </div>
    );

  const summary = phase === 'summary';
  return (
    <div className="kiosk-panel">
      <h2>
        {summary
          ? t('summaryTitle', {
              placed: parcels.filter((p) => p.door !== undefined).length,
              count: parcels.length,
            })
          : t('batchTitle')}
      </h2>
      {parcels.length === 0 && <p>{t('batchEmpty')}</p>}
      <ol className="kiosk-batch" aria-label={t('batchTitle')}>
        {parcels.map((p, i) => (
          <li key={p.key}>
            <span>
              {p.name}
              {p.contact && p.contact !== p.name && <span className="kiosk-sub">{p.contact}</span>}
              <span className="kiosk-sub">
                {[p.sizeName, p.tracking].filter(Boolean).join(' · ')}
                {summary && ` · ${p.door !== undefined ? t('inDoor', { door: p.door }) : t('notPlaced')}`}
              </span>
            </span>
            {!summary && (
              <button
                type="button"
                className="kiosk-button kiosk-plain"
                aria-label={t('removeParcel', { n: i + 1 })}
                onClick={() => setParcels((l) => l.filter((x) => x.key !== p.key))}
              >
                ✕
              </button>
            )}
          </li>
        ))}
      </ol>
      {summary ? (
        <button type="button" className="kiosk-button" onClick={onDone}>
          {t('finish')}
        </button>
      ) : (
        <>
          <button type="button" className="kiosk-button kiosk-secondary" onClick={startAdding}>
            {t('addParcel')}
          </button>
          <button
            type="button"
            className="kiosk-button"
            disabled={parcels.length === 0}
            onClick={() => {
              setAt(0);
              setPhase('run');
            }}
          >
            {t('openDoors', { count: parcels.length })}
          </button>
          <button type="button" className="kiosk-button kiosk-plain" onClick={onDone}>
            {t('back')}
          </button>
        </>
      )}
    </div>
  );
}

/** The signed-in courier's start: the sizes with their free doors, batch mode, finish. */
export function CourierSizes({
  t,
  name,
  dropped,
  sizes,
  onSize,
  onBatch,
  onFinish,
}: {
  t: Translate;
  name: string | undefined;
  dropped: number;
  sizes: TKioskState['sizes'];
  onSize: (id: string) => void;
  onBatch: () => void;
  onFinish: () => void;
}) {
  return (
    <div className="kiosk-panel">
      {name && <p>{t('signedIn', { name })}</p>}
      <p role="status">{t('dropped', { count: dropped })}</p>
      <h2>{t('chooseSize')}</h2>
      <div className="kiosk-sizes">
        {sizes.map((s) => (
          <button
            key={s.id}
            type="button"
            className="kiosk-button"
            disabled={s.free === 0}
            onClick={() => onSize(s.id)}
          >
            {s.name}
            <span className="kiosk-sub">{t('free', { count: s.free })}</span>
          </button>
        ))}
      </div>
      <button type="button" className="kiosk-button kiosk-secondary" onClick={onBatch}>
        {t('batch')}
      </button>
      <button type="button" className="kiosk-button kiosk-plain" onClick={onFinish}>
        {t('finish')}
      </button>
    </div>
  );
}
