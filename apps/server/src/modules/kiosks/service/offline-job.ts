import { randomUUID } from 'node:crypto';
import { fillMailText, KIOSK_ALERT_TEXTS } from '@lockerops/contract';
import type { Db, Tx } from '../../../db/client';
import type { JobDefinition } from '../../../lib/job-runner';
import { recipientLanguages } from '../../../lib/message-language';
import { type QueuedDelivery, queueDeliveries } from '../../notifications';
import { enqueueWebhookEvent } from '../../webhooks';
import {
  kiosksWhoseOutageChanged,
  outageRecipients,
  type QuietKiosk,
  setOfflineSince,
} from '../queries/offline';

/**
 * The screens' offline alert (README: The screen at the wall): a paired screen calls every
 * minute; one not seen for longer than its organization's `kiosk_offline_minutes` (else
 * `KIOSK_OFFLINE_MINUTES`, 10) is reported once per outage — the team's e-mails (the members who
 * receive reported issues, else the admins, each in their language, else the organization's
 * default one) and an SMS to the support phone (the organization's default language), through the notification engine's queue, and the `kiosk.offline` webhook — and when it
 * calls again, `kiosk.online` and the team's message that it is back.
 */

/** Tells the team and the webhooks about one screen's outage, in the sweep's transaction. */
async function tell(tx: Tx, k: QuietKiosk, state: 'offline' | 'online') {
  const organizationId = k.organizationId;
  const to = await outageRecipients({ tx, organizationId });
  const values = { name: k.name, place: k.locationName, minutes: k.minutes };
  const languageOf = await recipientLanguages({ tx, organizationIds: [organizationId] });
  const text = (language: string | null) =>
    fillMailText(KIOSK_ALERT_TEXTS[languageOf(organizationId, language)][state], values);
  const rows: QueuedDelivery[] = to.members.map((m) => ({
    organizationId,
    channel: 'email',
    kind: 'member',
    recipient: m.email,
    subject: text(m.language),
    body: text(m.language),
  }));
  if (to.phone)
    rows.push({ organizationId, channel: 'sms', kind: 'member', recipient: to.phone, body: text(null) });
  if (rows.length) await queueDeliveries({ tx, rows });
  await enqueueWebhookEvent({
    tx,
    organizationId,
    eventId: randomUUID(),
    type: state === 'offline' ? 'kiosk.offline' : 'kiosk.online',
    mode: 'kiosk',
    subject: { type: 'kiosk', id: k.id },
    payload: {
      name: k.name,
      id_location: k.idLocation,
      location: k.locationName,
      state,
      last_seen_at: k.lastSeenAt?.toISOString() ?? null,
      offline_minutes: k.minutes,
    },
  });
}

/**
 * One sweep at `now`: reports the screens that went quiet and those that came back, in one
 * transaction (a rolled-back sweep tells nobody). Answers the counts.
 */
export async function sweepKioskOutages({
  db,
  now,
  defaultMinutes,
}: {
  db: Db;
  now: Date;
  defaultMinutes: number;
}): Promise<{ offline: number; online: number }> {
  return db.transaction(async (tx) => {
    const quiet = await kiosksWhoseOutageChanged({ tx, now, defaultMinutes, state: 'offline' });
    for (const k of quiet) {
      await setOfflineSince({ tx, organizationId: k.organizationId, id: k.id, at: now });
      await tell(tx, k, 'offline');
    }
    const back = await kiosksWhoseOutageChanged({ tx, now, defaultMinutes, state: 'online' });
    for (const k of back) {
      await setOfflineSince({ tx, organizationId: k.organizationId, id: k.id, at: null });
      await tell(tx, k, 'online');
    }
    return { offline: quiet.length, online: back.length };
  });
}

/** The sweep every minute, with the environment's default limit (`KIOSK_OFFLINE_MINUTES`). */
export const kioskOfflineJob = (opts: { defaultMinutes: number }): JobDefinition => ({
  name: 'kiosk-offline',
  cron: '* * * * *',
  handler: (ctx) => sweepKioskOutages({ db: ctx.db, now: ctx.now(), defaultMinutes: opts.defaultMinutes }),
});
