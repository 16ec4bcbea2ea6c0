import type { TCustomerHandover, TCustomerLocker } from '@lockerops/contract';
import { useEffect, useState } from 'react';
import { call, newIdempotencyKey } from '../shared/api';
import { formatDateTime } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { usePriceText } from './Find';
import { SandboxBadge } from './SandboxBadge';

/** The local sandbox provider's card: a payment method the sandbox charges without a real card. */
const SANDBOX_CARD = 'pm_sandbox_card';

/**
 * `/app/{organization}/pay#{token}` (README "Storage at the screen"): the phone that read a
 * screen's QR code pays for the door held there for the customer — the door, its place and price,
 * until when it is held, then the card (the sandbox's test card, labelled) and the app's own start
 * with the hold: the door opens at the screen. The token stays in the address's fragment.
 */
export function Pay({ organization }: { organization: string }) {
  const { t, language } = useI18n();
  const priceText = usePriceText();
  const token = location.hash.slice(1);
  const [held, setHeld] = useState<TCustomerHandover | null | undefined>();
  const [started, setStarted] = useState<TCustomerLocker | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call('handover', { params: { organization }, body: { token } }).then(setHeld, () => setHeld(null));
  }, [organization, token]);

  if (held === undefined) return <p className="muted">{t('app.loading')}</p>;
  if (held === null)
    return (
      <p className="alert error" role="alert">
        {t('hold.ended')}
      </p>
    );
  if (started)
    return (
      <p className="alert ok" role="status">
        {t('door.open', { door: String(started.locker_number ?? '') })}
      </p>
    );

  const pay = async () => {
    setBusy(true);
    try {
      setStarted(
        await call('handoverStart', {
          params: { organization },
          body: { token, payment_method: SANDBOX_CARD },
          idempotencyKey: newIdempotencyKey(),
        }),
      );
    } catch {
      setHeld(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="pay-title">
      <div className="spread">
        <h2 id="pay-title" style={{ margin: 0 }}>
          {t('pay.title')}
        </h2>
        {held.sandbox && <SandboxBadge />}
      </div>
      <p>
        <strong>{held.location}</strong> · {held.size}
      </p>
      <p>{priceText(held.price)}</p>
      <p className="muted" role="status">
        {t('hold.until', {
          door: String(held.locker_number ?? ''),
          when: formatDateTime(held.held_until, held.time_zone, language),
        })}
      </p>
      <p className="muted">{t('pay.note')}</p>
      <p>
        <span className="muted">{t('pay.card')}: </span>
        {t('pay.sandboxCard')} •••• 4242
      </p>
      <button type="button" className="full" disabled={busy} onClick={() => void pay()}>
        {busy ? t('door.opening') : t('pay.authorize')}
      </button>
    </section>
  );
}
