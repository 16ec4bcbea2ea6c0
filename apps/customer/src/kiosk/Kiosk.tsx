import type { TKioskOpened, TKioskRecipient, TKioskState } from '@lockerops/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiFailure } from '../shared/api';
import type { Language } from '../shared/i18n';
import { kioskCall, savedToken, saveToken } from './api';
import { Batch, CourierSizes } from './Batch';
import { DoorOpened } from './DoorOpened';
import { KioskHome, LazyStorage } from './Home';
import { kioskTranslator, screenLanguage, type Translate } from './i18n';
import { useIdleReset } from './idle';
import { Keypad } from './Keypad';
import { LabelEntry, type LabelRead } from './Label';
import type { KioskKey } from './locales';
import { Pairing } from './Pairing';
import { failureText, KioskFooter } from './Parts';
import { Recipient } from './Recipient';
import { canScan, Scanner } from './Scanner';

type Screen =
  | { name: 'home' }
  | { name: 'pickup'; scanning?: boolean }
  | { name: 'opened'; opened: TKioskOpened; courier: boolean; idSize?: string; note?: KioskKey }
  | { name: 'storage'; collect: boolean }
  | { name: 'courierSignIn' }
  | { name: 'courierSize' }
  | { name: 'recipient'; idSize: string }
  | { name: 'batch' };

const newKey = () => crypto.randomUUID();

/** The screen at the wall (`/kiosk`): pairing, walk-up pickup, couriers' drop-offs. */
export function Kiosk() {
  const [token, setToken] = useState(savedToken());
  const [language, setLanguage] = useState<Language>(screenLanguage());
  const t = useMemo(() => kioskTranslator(language), [language]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  if (!token) return <Pairing t={t} onPaired={(v) => setToken(v)} />;
  return <Session t={t} language={language} setLanguage={setLanguage} onUnpaired={() => setToken(null)} />;
}

function Session({
  t,
  language,
  setLanguage,
  onUnpaired,
}: {
  t: Translate;
  language: Language;
  setLanguage: (l: Language) => void;
  onUnpaired: () => void;
}) {
  const [state, setState] = useState<TKioskState | null>(null);
  const [screen, setScreen] = useState<Screen>({ name: 'home' });
  const [accessible, setAccessible] = useState(false);
  const [offline, setOffline] = useState(!navigator.onLine);
  const [code, setCode] = useState('');
  const [error, setError] = useState<KioskKey | null>(null);
  const [notice, setNotice] = useState<KioskKey | null>(null);
  const [busy, setBusy] = useState(false);
  // a payment on the customer's phone under way (storage at the screen): not idle
  const [waiting, setWaiting] = useState(false);
  const [courier, setCourier] = useState<{ session: string; name: string } | null>(null);
  const [dropped, setDropped] = useState(0);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<TKioskRecipient | null>(null);
  const [label, setLabel] = useState<LabelRead | null>(null);
  const home = useRef(language);

  const refresh = useCallback(async () => {
    try {
      setState(await kioskCall('state', { onOffline: setOffline }));
    } catch (e) {
      if (isApiFailure(e) && e.status === 401) {
        saveToken(null);
        onUnpaired();
      }
    }
  }, [onUnpaired]);
  useEffect(() => {
    void refresh();
    const h = setInterval(refresh, 60_000);
    const on = () => setOffline(false);
    const off = () => setOffline(true);
    addEventListener('online', on);
    addEventListener('offline', off);
    return () => {
      clearInterval(h);
      removeEventListener('online', on);
      removeEventListener('offline', off);
    };
  }, [refresh]);

  const reset = useCallback(() => {
    setScreen({ name: 'home' });
    setAccessible(false);
    setCode('');
    setError(null);
    setNotice(null);
    setCourier(null);
    setDropped(0);
    setPhone('');
    setEmail('');
    setChosen(null);
    setLabel(null);
    setLanguage(home.current);
  }, [setLanguage]);

  // the idle timeout: back to the start, everything forgotten
  useIdleReset(reset, busy || waiting);

  const go = (s: Screen) => {
    setError(null);
    setNotice(null);
    setCode('');
    setScreen(s);
  };

  const pickup = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      const opened = await kioskCall('pickup', {
        body: { code: value },
        idempotencyKey: newKey(),
        onOffline: setOffline,
      });
      setScreen({ name: 'opened', opened, courier: false });
    } catch (e) {
      setError(failureText(t, e, 'pickup'));
    } finally {
      setCode('');
      setBusy(false);
    }
  };

  const courierSignIn = async () => {
    setBusy(true);
    try {
      const s = await kioskCall('courierSession', { body: { code }, onOffline: setOffline });
      setCourier(s);
      void refresh();
      go({ name: 'courierSize' });
    } catch (e) {
      setError(failureText(t, e, 'courier'));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const drop = async (idSize: string) => {
    setBusy(true);
    setError(null);
    try {
      const opened = await kioskCall('drop', {
        body: {
          id_size: label?.expected?.id_size ?? idSize,
          accessible,
          ...(label ? { tracking_number: label.tracking_number } : {}),
          ...(label?.expected ? { parcel: label.expected.parcel } : {}),
          ...(chosen && !label?.expected ? { recipient: chosen.recipient } : {}),
          ...(!chosen && phone.trim() ? { phone_number: phone } : {}),
          ...(!chosen && email.trim() ? { email } : {}),
        },
        courier: courier?.session,
        idempotencyKey: newKey(),
        onOffline: setOffline,
      });
      setDropped((n) => n + 1);
      setPhone('');
      setEmail('');
      setChosen(null);
      setLabel(null);
      setScreen({ name: 'opened', opened, courier: true, idSize });
      void refresh();
    } catch (e) {
      if (isApiFailure(e) && e.status === 401) {
        setCourier(null);
        go({ name: 'courierSignIn' });
      }
      setError(failureText(t, e, 'drop'));
    } finally {
      setBusy(false);
    }
  };

  const report = async (id: string, problem: 'not_opened' | 'dirty') => {
    try {
      await kioskCall('report', { id, body: { problem }, idempotencyKey: newKey(), onOffline: setOffline });
      setNotice('reported');
    } catch {
      setError('error');
    }
  };

  // the scanner's callback stays the same while the pickup it calls is the latest
  const pickupNow = useRef(pickup);
  pickupNow.current = pickup;
  const onCode = useCallback((v: string) => {
    setScreen({ name: 'pickup' });
    void pickupNow.current(v.replace(/\D/g, ''));
  }, []);
  const session = courier?.session;
  const searchRecipients = useCallback(
    (q: string) => kioskCall('recipients', { query: { q }, courier: session, onOffline: setOffline }),
    [session],
  );
  const lookUp = useCallback(
    (n: string) =>
      kioskCall('parcel', { query: { tracking_number: n }, courier: session, onOffline: setOffline }),
    [session],
  );
  const onNoCamera = useCallback(() => {
    setScreen({ name: 'pickup' });
    setError('noCamera');
  }, []);

  const door = screen.name === 'opened' ? screen.opened.door : null;
  const wall = door ? state?.walls.find((w) => w.id === door.id_locker_wall) : undefined;

  return (
    <div className={`kiosk-root${accessible ? ' kiosk-accessible' : ''}`}>
      {offline && (
        <div className="kiosk-offline" role="status">
          {t('offline')}
        </div>
      )}
      <header className="kiosk-top">
        <h1>{state ? `${state.organization_name} · ${state.location_name}` : t('title')}</h1>
      </header>
      <main className="kiosk" aria-busy={busy}>
        {error && (
          <p role="alert" className="kiosk-error">
            {t(error)}
          </p>
        )}
        {notice && (
          <p role="status" className="kiosk-ok">
            {t(notice)}
          </p>
        )}
        {screen.name === 'home' && (
          <KioskHome
            t={t}
            storage={Boolean(state?.storage)}
            onPickup={() => go({ name: 'pickup' })}
            onCourier={() => go({ name: courier ? 'courierSize' : 'courierSignIn' })}
            onStorage={(collect) => go({ name: 'storage', collect })}
          />
        )}
        {screen.name === 'storage' && state && (
          <LazyStorage
            t={t}
            language={language}
            state={state}
            collect={screen.collect}
            accessible={accessible}
            onOpened={(opened, note) => {
              setScreen({ name: 'opened', opened, courier: false, note });
              void refresh();
            }}
            onBack={reset}
            onOffline={setOffline}
            onWaiting={setWaiting}
          />
        )}
        {screen.name === 'pickup' && (
          <div className="kiosk-panel">
            <h2 id="pickup-title">{t('pickupTitle')}</h2>
            {screen.scanning ? (
              <>
                <p>{t('scanHint')}</p>
                <Scanner label={t('scan')} onCode={onCode} onFail={onNoCamera} />
                <button
                  type="button"
                  className="kiosk-button kiosk-secondary"
                  onClick={() => setScreen({ name: 'pickup' })}
                >
                  {t('scanStop')}
                </button>
              </>
            ) : (
              <>
                <Keypad
                  t={t}
                  label={t('codeLabel')}
                  value={code}
                  onChange={setCode}
                  onSubmit={() => pickup(code)}
                  busy={busy}
                />
                {canScan() && (
                  <button
                    type="button"
                    className="kiosk-button kiosk-secondary"
                    onClick={() => setScreen({ name: 'pickup', scanning: true })}
                  >
                    {t('scan')}
                  </button>
                )}
              </>
            )}
            <button type="button" className="kiosk-button kiosk-plain" onClick={reset}>
              {t('back')}
            </button>
          </div>
        )}
        {screen.name === 'courierSignIn' && (
          <div className="kiosk-panel">
            <h2>{t('courierTitle')}</h2>
            <Keypad
              t={t}
              label={t('codeLabel')}
              value={code}
              onChange={setCode}
              onSubmit={courierSignIn}
              busy={busy}
            />
            <button type="button" className="kiosk-button kiosk-plain" onClick={reset}>
              {t('back')}
            </button>
          </div>
        )}
        {screen.name === 'courierSize' && (
          <CourierSizes
            t={t}
            name={courier?.name}
            dropped={dropped}
            sizes={state?.sizes ?? []}
            onSize={(idSize) => go({ name: 'recipient', idSize })}
            onBatch={() => go({ name: 'batch' })}
            onFinish={reset}
          />
        )}
        {screen.name === 'batch' && (
          <Batch
            t={t}
            state={state}
            courier={session}
            accessible={accessible}
            search={searchRecipients}
            lookUp={lookUp}
            onOffline={setOffline}
            onReport={report}
            onDropped={() => {
              setDropped((n) => n + 1);
              void refresh();
            }}
            onDone={() => go({ name: 'courierSize' })}
          />
        )}
        {screen.name === 'recipient' && (
          <Recipient
            t={t}
            phone={phone}
            email={email}
            chosen={chosen}
            setPhone={setPhone}
            setEmail={setEmail}
            setChosen={setChosen}
            search={searchRecipients}
            dropped={dropped}
            busy={busy}
            label={<LabelEntry t={t} lookUp={lookUp} read={label} onRead={setLabel} />}
            parcel={Boolean(label?.expected)}
            onSubmit={() => drop(screen.idSize)}
            onBack={() => go({ name: 'courierSize' })}
          />
        )}
        {screen.name === 'opened' && door && (
          <DoorOpened
            t={t}
            door={door}
            wall={wall}
            courier={screen.courier}
            dropped={dropped}
            onNext={() => go({ name: 'courierSize' })}
            onSameSize={screen.idSize ? () => go({ name: 'recipient', idSize: screen.idSize! }) : undefined}
            onDone={reset}
            onReport={(problem) => report(door.id, problem)}
            note={screen.name === 'opened' ? screen.note : undefined}
          />
        )}
      </main>
      <KioskFooter
        t={t}
        accessible={accessible}
        onAccessible={() => setAccessible((a) => !a)}
        language={language}
        setLanguage={setLanguage}
      />
    </div>
  );
}
