import { randomUUID } from 'node:crypto';
import { ALERT_TEXTS, fillMailText, type TAlertKind } from '@lockerops/contract';
import type { Tx } from '../../../db/client';
import { availableIfMaintained } from '../../devices';
import { upsertAlertIssue } from '../../issues';
import { enqueueWebhookEvent } from '../../webhooks';
import { type AlertRow, insertAlert, lastAlertOf, updateAlert } from '../queries/alerts';
import { queueTeamAlert } from './notify';

/** What an alert is about: a door, or a bridge (every door behind it). */
export interface AlertSubject {
  /** The device id, or `bridge:<vendor>:<host>:<port>`. */
  key: string;
  idDevice: string | null;
  idLocation: string | null;
  /** How people name it: the locker number, or the bridge's address. */
  label: string;
  place: string;
}

/** The English sentence of an alert (the issue's description and the webhook's `detail`). */
export const alertDetail = (kind: TAlertKind, s: AlertSubject): string => {
  const what = fillMailText(ALERT_TEXTS.en.kinds[kind], { door: s.label, place: s.place });
  return `${s.place}: ${what}`;
};

const webhookSubject = (s: AlertSubject) =>
  s.idDevice ? { type: 'device' as const, id: s.idDevice } : { type: 'bridge' as const, id: s.key };

const payloadOf = (a: AlertRow, s: AlertSubject) => ({
  alert_id: a.id,
  kind: a.kind,
  state: a.state,
  locker_number: s.idDevice ? s.label : null,
  bridge: s.idDevice ? null : s.label,
  location: s.place,
  id_location: s.idLocation,
  detail: a.detail,
  id_issue: a.idIssue,
});

/**
 * Raises an alert in the caller's transaction (README "Door health, alerts and simulator faults":
 * an alert is one issue, one notification, one webhook): the open alert row (nothing when one of that subject and kind is
 * already open), its issue (the previous alert's of the same subject and kind when it still
 * exists, pending again, else a new one), the team's messages and the `device.alert` webhook.
 * Answers whether it was raised.
 */
export async function raiseAlert({
  tx,
  organizationId,
  subject,
  kind,
  now,
}: {
  tx: Tx;
  organizationId: string;
  subject: AlertSubject;
  kind: TAlertKind;
  now: Date;
}): Promise<boolean> {
  const previous = await lastAlertOf({ tx, organizationId, subject: subject.key, kind });
  const detail = alertDetail(kind, subject);
  const row = await insertAlert({
    tx,
    values: {
      organizationId,
      subject: subject.key,
      kind,
      idDevice: subject.idDevice,
      idLocation: subject.idLocation,
      detail,
      openedAt: now,
      updatedAt: now,
    },
  });
  if (!row) return false;
  const idIssue = await upsertAlertIssue({
    tx,
    organizationId,
    issueId: previous?.idIssue ?? null,
    description: detail,
    locationId: subject.idLocation,
  });
  await updateAlert({ tx, organizationId, id: row.id, set: { idIssue } });
  await queueTeamAlert({ tx, organizationId, kind, door: subject.label, place: subject.place });
  await enqueueWebhookEvent({
    tx,
    organizationId,
    eventId: randomUUID(),
    type: 'device.alert',
    mode: 'health',
    subject: webhookSubject(subject),
    payload: payloadOf({ ...row, idIssue }, subject),
  });
  return true;
}

/**
 * Resolves an open alert whose condition cleared, in the caller's transaction: the alert
 * `resolved`, its issue resolved, the `device.recovered` webhook; a door that went to maintenance
 * after failed unlocks is available again (its test unlock opened it).
 */
export async function resolveAlert({
  tx,
  organizationId,
  alert,
  subject,
  now,
}: {
  tx: Tx;
  organizationId: string;
  alert: AlertRow;
  subject: AlertSubject;
  now: Date;
}): Promise<void> {
  await updateAlert({
    tx,
    organizationId,
    id: alert.id,
    set: { state: 'resolved', resolvedAt: now, updatedAt: now },
  });
  await upsertAlertIssue({
    tx,
    organizationId,
    issueId: alert.idIssue,
    description: alert.detail,
    locationId: alert.idLocation,
    resolved: true,
  });
  if (alert.kind === 'unlock_failures' && alert.idDevice)
    await availableIfMaintained({ tx, organizationId, deviceId: alert.idDevice });
  await enqueueWebhookEvent({
    tx,
    organizationId,
    eventId: randomUUID(),
    type: 'device.recovered',
    mode: 'health',
    subject: webhookSubject(subject),
    payload: payloadOf({ ...alert, state: 'resolved' }, subject),
  });
}
