import type { TKioskParcel } from '@lockerops/contract';
import { useCallback, useState } from 'react';
import type { Translate } from './i18n';
import { canScan, Scanner } from './Scanner';

/** A parcel's label: its tracking number and the parcel expected under it here (or none). */
export type LabelRead = TKioskParcel;

/**
 * The parcel's label at a courier's drop-off: "Scan label" reads its barcode with the camera, or
 * the courier types the tracking number; either is looked up (`lookUp`) and `onRead` gets the
 * tracking number with the parcel the organization expects under it, if any.
 */
export function LabelEntry({
  t,
  lookUp,
  read,
  onRead,
}: {
  t: Translate;
  lookUp: (trackingNumber: string) => Promise<LabelRead>;
  read: LabelRead | null;
  onRead: (v: LabelRead | null) => void;
}) {
  const [number, setNumber] = useState(read?.tracking_number ?? '');
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState<'noCamera' | 'badTracking' | null>(null);
  const find = useCallback(
    async (value: string) => {
      setFailed(null);
      const v = value.trim();
      if (!v) return onRead(null);
      try {
        onRead(await lookUp(v));
      } catch {
        onRead(null);
        setFailed('badTracking');
      }
    },
    [lookUp, onRead],
  );
  const onCode = useCallback(
    (v: string) => {
      setScanning(false);
      setNumber(v);
      void find(v);
    },
    [find],
  );
  const onFail = useCallback(() => {
    setScanning(false);
    setFailed('noCamera');
  }, []);
  const expected = read?.expected;
  return (
    <div className="kiosk-label">
      <label htmlFor="label-number">{t('trackingLabel')}</label>
      <div className="kiosk-row">
        <input
          id="label-number"
          className="kiosk-input"
          autoComplete="off"
          autoCapitalize="characters"
          value={number}
          onChange={(e) => {
            setNumber(e.target.value);
            if (read) onRead(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find(number);
            }
          }}
        />
        <button type="button" className="kiosk-button kiosk-secondary" onClick={() => find(number)}>
          {t('lookUp')}
        </button>
      </div>
      {scanning ? (
        <>
          <p>{t('scanLabelHint')}</p>
          <Scanner kind="label" label={t('scanLabel')} onCode={onCode} onFail={onFail} />
          <button type="button" className="kiosk-button kiosk-secondary" onClick={() => setScanning(false)}>
            {t('scanStop')}
          </button>
        </>
      ) : (
        canScan() && (
          <button type="button" className="kiosk-button kiosk-secondary" onClick={() => setScanning(true)}>
            {t('scanLabel')}
          </button>
        )
      )}
      <div aria-live="polite">
        {failed && <p className="kiosk-error">{t(failed)}</p>}
        {read &&
          (expected ? (
            <p className="kiosk-ok">
              {t('expectedParcel', {
                name: expected.name,
                contact: expected.contact,
                size: expected.size_name ?? '—',
              })}
            </p>
          ) : (
            <p>{t('notExpected', { number: read.tracking_number })}</p>
          ))}
      </div>
    </div>
  );
}
