import { type ComponentProps, lazy, Suspense } from 'react';
import type { Translate } from './i18n';

// storage at the screen, with its phone numbers and QR codes, loads only when asked for: the
// first screen stays light
const Storage = lazy(() => import('./Storage').then((m) => ({ default: m.Storage })));

/** The storage flow (`Storage.tsx`), loaded on its first use. */
export function LazyStorage(props: ComponentProps<typeof Storage>) {
  return (
    <Suspense fallback={<p role="status">{props.t('loading')}</p>}>
      <Storage {...props} />
    </Suspense>
  );
}

/**
 * The screen's start: pick up a parcel, the couriers' way in and, where the organization offers
 * it (README "Storage at the screen"), "Store something" and "Collect my things".
 */
export function KioskHome({
  t,
  storage,
  onPickup,
  onCourier,
  onStorage,
}: {
  t: Translate;
  storage: boolean;
  onPickup: () => void;
  onCourier: () => void;
  onStorage: (collect: boolean) => void;
}) {
  return (
    <div className="kiosk-panel kiosk-choices">
      <button type="button" className="kiosk-button kiosk-huge" onClick={onPickup}>
        {t('pickup')}
      </button>
      <button type="button" className="kiosk-button kiosk-huge kiosk-secondary" onClick={onCourier}>
        {t('courier')}
      </button>
      {storage && (
        <>
          <button type="button" className="kiosk-button kiosk-huge" onClick={() => onStorage(false)}>
            {t('store')}
          </button>
          <button
            type="button"
            className="kiosk-button kiosk-huge kiosk-secondary"
            onClick={() => onStorage(true)}
          >
            {t('collect')}
          </button>
        </>
      )}
    </div>
  );
}
