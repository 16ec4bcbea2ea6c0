import {
  NOTIFICATION_MESSAGES as M,
  SAMPLE_TEMPLATE_DATA,
  TEST_SEND_LIMITS,
  type TLanguage,
  type ZNotificationTestRequest,
} from '@lockerops/contract';
import type { z } from 'zod';
import type { AuthContext, TxAuth } from '../../auth/context';
import type { Tx } from '../../db/client';
import { BadRequest, HttpError } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { recipientLanguage } from '../../lib/message-language';
import { recentTestSends, testRecipients } from './queries';
import {
  type DeliveryInsert,
  findNotification,
  insertDeliveries,
  insertNotificationCopy,
  lockNotification,
  notificationAuditImage,
  updateDelivery,
  updateNotification,
} from './queries/templates';
import { type NotificationRow, notificationsToWire, setNotificationLocations } from './resource';
import { type DeliveryRow, renderEmail, renderSms, type SenderDeps, sendOne } from './service/engine';

/** Runs `fn` in one tenant transaction (`req.withTenant`). */
type TenantRun = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Copies a template (messages, channels, timing, locations, member, images) as '{name} (copy)',
 * never as a default, with an audit entry `create` naming the source (`cloned_from`); answers the
 * copy's row. 404 'Notification not found' for an id of another organization. spec: console §7.
 */
export async function cloneNotification({ tx, auth, id }: TxAuth<{ id: string }>): Promise<NotificationRow> {
  const source = await findNotification({ tx, auth, id });
  const { id: _id, createdAt: _c, updatedAt: _u, organizationId: _o, ...rest } = source;
  const copy = await insertNotificationCopy({
    tx,
    auth,
    values: { ...rest, name: `${source.name} (copy)`, isDefault: false },
  });
  const [wire] = await notificationsToWire([source], tx);
  await setNotificationLocations({ tx, auth, id: copy!.id, ids: wire!.locations.map((l) => l.id) });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'notification',
      entityId: copy!.id,
      action: 'create',
      after: { ...notificationAuditImage(copy), cloned_from: source.id },
    },
  });
  return copy!;
}

/**
 * Sets the stored image addresses of a template (`headerImage`, `bodyImage`, `footerImage`; those
 * not given stay) with an audit entry `update`, and answers the updated row. 404 for an id of
 * another organization. spec: console §7.
 */
export async function setNotificationImages({
  tx,
  auth,
  id,
  urls,
}: TxAuth<{ id: string; urls: Record<string, string> }>): Promise<NotificationRow> {
  const before = await lockNotification({ tx, auth, id });
  const after = await updateNotification({ tx, auth, id: before.id, set: urls });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'notification',
      entityId: before.id,
      action: 'update',
      before: notificationAuditImage(before),
      after: notificationAuditImage(after),
    },
  });
  return after!;
}

/**
 * Send test: renders the template with the sample values of the variables and records one delivery
 * (kind `test`) per address given — the e-mail to `email`, the SMS to `phone_number` — in one
 * transaction, then sends each at once through its adapter, outside any transaction, and records
 * it as sent or failed with the provider's answer. Answers the recorded deliveries. 404
 * 'Notification not found' for an id of another organization. spec: console §7.
 *
 * Send test is no relay: the e-mail goes only to the caller's own address or the organization's
 * contact e-mail, the SMS only to the organization's contact phone (else 400
 * `testRecipientNotAllowed`), and at most `TEST_SEND_LIMITS` messages an hour go out per sender and
 * per organization (else 429 `testLimitReached`), counted from the delivery log.
 */
export async function sendTestNotification(
  run: TenantRun,
  deps: Pick<SenderDeps, 'mail' | 'sms'>,
  auth: AuthContext,
  id: string,
  to: z.output<typeof ZNotificationTestRequest>,
): Promise<DeliveryRow[]> {
  const queued = await run(async (tx) => {
    const n = await findNotification({ tx, auth, id });
    const language = await checkTestRecipients(tx, auth, to);
    const wanted = (to.email ? 1 : 0) + (to.phone_number ? 1 : 0);
    const sent = await recentTestSends({ tx, organizationId: auth.organizationId, sender: auth.actor.id });
    if (
      sent.bySender + wanted > TEST_SEND_LIMITS.perSenderPerHour ||
      sent.byOrganization + wanted > TEST_SEND_LIMITS.perOrganizationPerHour
    ) {
      throw new HttpError(429, M.testLimitReached);
    }
    const data = SAMPLE_TEMPLATE_DATA;
    const rows: DeliveryInsert[] = [];
    const base = {
      idNotification: n.id,
      kind: 'test' as const,
      sentBy: auth.actor.id,
      status: 'sending' as const,
      attempts: 1,
    };
    if (to.email) {
      const mail = renderEmail(n, data, n.locationMessage);
      rows.push({
        ...base,
        channel: 'email',
        recipient: to.email,
        subject: mail.subject,
        body: mail.text,
        html: mail.html,
      });
    }
    if (to.phone_number) {
      rows.push({
        ...base,
        channel: 'sms',
        recipient: to.phone_number,
        body: renderSms(n, data, n.locationMessage) || n.name,
      });
    }
    return { language, rows: await insertDeliveries({ tx, auth, rows }) };
  });
  const done: DeliveryRow[] = [];
  for (const d of queued.rows) {
    let set: Partial<DeliveryRow>;
    try {
      set = { status: 'sent', providerAnswer: await sendOne(deps, d, queued.language), sentAt: new Date() };
    } catch (err) {
      set = {
        status: 'failed',
        providerAnswer: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      };
    }
    const row = await run((tx) => updateDelivery({ tx, auth, id: d.id, set }));
    done.push(row!);
  }
  return done;
}

/** The digits of a phone number, for comparing a typed E.164 number with the stored contact phone. */
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * 400 `testRecipientNotAllowed` unless every address of `to` is one Send test may reach; answers
 * the caller's saved language (else the organization's default), which the mail's layout speaks
 * (the template stays as written).
 */
async function checkTestRecipients(
  tx: Tx,
  auth: AuthContext,
  to: z.output<typeof ZNotificationTestRequest>,
): Promise<TLanguage> {
  const allowed = await testRecipients({ tx, organizationId: auth.organizationId, memberId: auth.memberId });
  const emailOk = !to.email || allowed.emails.includes(to.email.trim().toLowerCase());
  const phoneOk =
    !to.phone_number ||
    allowed.phones.some((p) => {
      const d = digitsOf(p);
      return d.length >= 7 && digitsOf(to.phone_number!).endsWith(d);
    });
  if (!emailOk || !phoneOk) throw BadRequest(M.testRecipientNotAllowed);
  return recipientLanguage({ tx, organizationId: auth.organizationId, own: allowed.language });
}
