import { useEffect, useState } from 'react';
import { useI18n } from '../shared/i18n';

/** A pickup code as the link carries it: digits only (the kiosk's keypad takes no other). */
const PICKUP_CODE = /^\d{4,12}$/;

/**
 * `/app/{organization}/qr#{code}` (README "The screen at the wall", pickup by QR code): the page an
 * SMS's `{{pickup_qr_link}}` opens — the pickup code large and as a QR code to hold to the camera of
 * the screen at the wall. The code is read from the address's fragment, which no server receives;
 * nothing is asked of the server and no sign-in is needed (the code is what the SMS already says).
 */
export function PickupQr() {
  const { t } = useI18n();
  const code = decodeURIComponent(location.hash.slice(1)).replace(/\s/g, '');
  const valid = PICKUP_CODE.test(code);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    // the QR library loads with this page only
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(code, { margin: 2, width: 320, errorCorrectionLevel: 'M' }))
      .then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [code, valid]);

  if (!valid)
    return (
      <p className="alert error" role="alert">
        {t('pickupQr.invalid')}
      </p>
    );
  return (
    <section className="stack pickup-qr" aria-labelledby="pickup-qr-title">
      <h1 id="pickup-qr-title">{t('pickupQr.title')}</h1>
      <p className="pickup-code">
        <span className="visually-hidden">{t('pickupQr.codeLabel', { code: code.split('').join(' ') })}</span>
        <span aria-hidden="true">{code}</span>
      </p>
      {qr ? (
        <img className="qr" src={qr} width={320} height={320} alt={t('pickupQr.alt', { code })} />
      ) : (
        <p className="muted">{t('app.loading')}</p>
      )}
      <p>{t('pickupQr.hint')}</p>
    </section>
  );
}
