import { DELIVERY_TEXTS, fillMailText, type TCodeChannel } from '@lockerops/contract';
import { withQrCode } from '../../../adapters/mail/qr';
import type { AuthContext } from '../../../auth/context';
import { pickupQrUrl } from '../../../lib/app-links';
import { organizationLanguage } from '../../../lib/message-language';
import { lockerNumberOf } from '../../devices';
import { setNotification, transactionById } from '../queries';
import { appNameOf } from '../queries/lookups';
import { deliver, type TenantRunner, type TransactionDeps } from './lifecycle';

/**
 * Sends a delivery's pickup code by SMS (phone) or e-mail (`via` chooses; the e-mail also shows
 * the code as a QR code, which a kiosk's camera reads, and the SMS links to the Lite App page that
 * shows it: `/app/{organization}/qr#{code}`, the code in the fragment no server receives), in the organization's default language
 * (`DELIVERY_TEXTS`), and records the
 * outcome in `notification_status` / `notification_date`. Runs after the step committed, outside
 * any database transaction (`run` opens the short ones it needs: the adapters write their outbox
 * on their own handle); answers whether it was sent.
 */
export async function sendPickupCode(
  ctx: { run: TenantRunner; auth: AuthContext } & Pick<TransactionDeps, 'sms' | 'mail' | 'publicUrl'>,
  input: { id: string; via?: TCodeChannel },
): Promise<boolean> {
  const { run } = ctx;
  const organizationId = ctx.auth.organizationId;
  const { id, via } = input;
  const message = await run(async (tx) => {
    const t = await transactionById({ tx, organizationId, id });
    if (!t?.pickupCode) return undefined;
    const org = await appNameOf({ tx, organizationId });
    const n = await lockerNumberOf({ tx, deviceId: t.idDevice });
    // a customer has no language of their own: the organization's default one
    const w = DELIVERY_TEXTS[await organizationLanguage({ tx, organizationId })];
    const where = n !== null ? fillMailText(w.atLocker, { locker: n }) : w.atDesk;
    return {
      to: { phone: t.phoneNumber, email: t.email },
      code: t.pickupCode,
      subject: w.readySubject,
      text: fillMailText(w.ready, {
        app: org?.name ?? 'Lockerops',
        order: t.orderId,
        where,
        code: t.pickupCode,
      }),
      // an SMS carries no picture: a link to the Lite App page that shows the code as a QR code
      qrLink: pickupQrUrl(ctx.publicUrl, org?.subdomain, t.pickupCode) || undefined,
    };
  });
  if (!message) return false;
  const to =
    via === 'sms'
      ? { phone: message.to.phone, email: null }
      : via === 'email'
        ? { phone: null, email: message.to.email }
        : message.to;
  const ok = await deliver(
    ctx,
    organizationId,
    to,
    message.subject,
    message.text,
    to.email ? await withQrCode(message.text, message.code) : undefined,
    message.qrLink ? `${message.text}\n${message.qrLink}` : message.text,
  );
  await run((tx) => setNotification({ tx, organizationId, id, status: ok ? 'sent' : 'failed' }));
  return ok;
}
