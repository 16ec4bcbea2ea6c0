import { randomBytes } from 'node:crypto';
import {
  TOOLBOX_MESSAGES,
  type TPage,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
  type TWebhookPayload,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  type ZWebhookEndpointRequest,
} from '@lockerops/contract';
import type { z } from 'zod';
import type { TxOrg } from '../../auth/context';
import type { DbOrTx, Tx } from '../../db/client';
import type { DomainEvent, DomainEventSubscriber } from '../../domain-events';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { pageOf, pageOffset } from '../../lib/crud/paging';
import type { SecretBox } from '../../lib/secrets';
import { wireOf } from '../../lib/wire';
import {
  attemptPage,
  countEndpointsLocked,
  deleteEndpointRow,
  type EndpointRow,
  endpointOf,
  endpointPage,
  endpointsExistSql,
  insertEndpoint,
  insertMessages,
  messageOfAttempt,
  requeueMessage,
  subscribedEndpoints,
  updateEndpointRow,
} from './queries/endpoints';
import { newSigningSecret } from './service/delivery';

const toWire = (r: EndpointRow): TWebhookEndpoint => wireOf(ZWebhookEndpoint, r);

async function endpointOr404(tx: DbOrTx, organizationId: string, id: string): Promise<EndpointRow> {
  const row = await endpointOf({ tx, organizationId, id });
  if (!row) throw NotFound('Webhook endpoint not found');
  return row;
}

/**
 * 400 for a URL that WHATWG URL parsing refuses (a port past 65535, a bad host), or a private one
 * that the outbound policy (`WEBHOOK_ALLOW_PRIVATE`, `OUTBOUND_ALLOW`: `savedUrlCheck`) refuses.
 */
function checkUrl(url: string, allowed: (url: string) => boolean) {
  if (!URL.canParse(url)) throw BadRequest(TOOLBOX_MESSAGES.urlInvalid);
  if (!allowed(url)) throw BadRequest(TOOLBOX_MESSAGES.urlPrivate);
}

/** The organization's endpoints, newest first, paged (1-based). */
export async function listEndpoints({
  tx,
  organizationId,
  q,
}: {
  tx: DbOrTx;
  organizationId: string;
  q: { page: number; size: number };
}): Promise<TPage<TWebhookEndpoint>> {
  const { rows, total } = await endpointPage({
    tx,
    organizationId,
    limit: q.size,
    offset: pageOffset(q.page, q.size),
  });
  return pageOf(rows.map(toWire), total, q.page, q.size);
}

/**
 * Creates an endpoint with a new signing secret, answered this once (stored encrypted). 400 for a
 * private, loopback or link-local address unless WEBHOOK_ALLOW_PRIVATE or OUTBOUND_ALLOW names it; 409
 * `TOOLBOX_MESSAGES.webhookLimit` when the organization has `maxEndpoints` already
 * (WEBHOOK_MAX_ENDPOINTS, 20).
 */
export async function createEndpoint({
  tx,
  ...p
}: {
  tx: Tx;
  organizationId: string;
  input: z.output<typeof ZWebhookEndpointRequest>;
  secrets: SecretBox;
  /** the outbound policy's check of a saved URL (`savedUrlCheck`) */
  urlAllowed: (url: string) => boolean;
  maxEndpoints: number;
}): Promise<TWebhookEndpointWithSecret> {
  checkUrl(p.input.url, p.urlAllowed);
  const n = await countEndpointsLocked({ tx, organizationId: p.organizationId });
  if (n >= p.maxEndpoints) throw Conflict(TOOLBOX_MESSAGES.webhookLimit(p.maxEndpoints));
  const secret = newSigningSecret(randomBytes);
  const row = await insertEndpoint({
    tx,
    organizationId: p.organizationId,
    values: {
      url: p.input.url,
      description: p.input.description,
      events: p.input.events,
      enabled: p.input.enabled,
      secretEnc: p.secrets.encrypt(secret),
    },
  });
  return { ...toWire(row), secret };
}

/** Updates an endpoint's URL, description, events and switch; the secret stays. */
export async function updateEndpoint({
  tx,
  ...p
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  input: z.output<typeof ZWebhookEndpointRequest>;
  urlAllowed: (url: string) => boolean;
}): Promise<TWebhookEndpoint> {
  await endpointOr404(tx, p.organizationId, p.id);
  checkUrl(p.input.url, p.urlAllowed);
  const row = await updateEndpointRow({ tx, organizationId: p.organizationId, id: p.id, set: p.input });
  return toWire(row);
}

/** Deletes an endpoint with its messages and delivery log. */
export async function deleteEndpoint({ tx, organizationId, id }: TxOrg<{ id: string }>): Promise<void> {
  await endpointOr404(tx, organizationId, id);
  await deleteEndpointRow({ tx, organizationId, id });
}

/** Replaces the signing secret (answered this once); deliveries from now on are signed with it. */
export async function rotateSecret({
  tx,
  ...p
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  secrets: SecretBox;
}): Promise<TWebhookEndpointWithSecret> {
  await endpointOr404(tx, p.organizationId, p.id);
  const secret = newSigningSecret(randomBytes);
  const row = await updateEndpointRow({
    tx,
    organizationId: p.organizationId,
    id: p.id,
    set: { secretEnc: p.secrets.encrypt(secret) },
  });
  return { ...toWire(row), secret };
}

/** The delivery log of an endpoint: every attempt, newest first, paged. */
export async function listDeliveries({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
  page: number;
  size: number;
}): Promise<TPage<TWebhookDelivery>> {
  await endpointOr404(tx, p.organizationId, p.id);
  const { rows, total } = await attemptPage({
    tx,
    organizationId: p.organizationId,
    id: p.id,
    limit: p.size,
    offset: pageOffset(p.page, p.size),
  });
  return pageOf(
    rows.map(({ a, m }) => wireOf(ZWebhookDelivery, a, { webhook_id: m.webhookId, event_type: m.eventType })),
    total,
    p.page,
    p.size,
  );
}

/**
 * Queues the message of a delivery again (replay): it goes back to the outbox and is sent with the
 * same `webhook-id`, the current secret and a new timestamp. 409 while it is still being delivered.
 */
export async function replayDelivery({
  tx,
  ...p
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  deliveryId: string;
}): Promise<void> {
  await endpointOr404(tx, p.organizationId, p.id);
  const messageId = await messageOfAttempt({
    tx,
    organizationId: p.organizationId,
    endpointId: p.id,
    deliveryId: p.deliveryId,
  });
  if (!messageId) throw NotFound('Delivery not found');
  const m = await requeueMessage({ tx, organizationId: p.organizationId, id: messageId });
  if (!m) throw Conflict('This message is still being delivered.');
}

/**
 * The domain-event subscriber of webhooks (the outbox): in the emitting transaction, one message
 * per enabled endpoint of the organization that subscribes to the event (no events: all), while
 * the organization has the `toolbox` feature. The
 * dispatcher (worker.ts) delivers them once committed, so a rolled-back step sends nothing.
 */
export const enqueueWebhooks: DomainEventSubscriber = async ({
  tx,
  event,
}: {
  tx: Tx;
  event: DomainEvent & { id: string };
}) =>
  enqueueWebhookEvent({
    tx,
    organizationId: event.organizationId,
    eventId: event.id,
    type: event.name,
    mode: event.mode,
    subject: event.subject,
    payload: event.payload,
  });

/**
 * Puts one outbox message per enabled endpoint of the organization subscribed to `type` (no
 * events: all), while the organization has the `toolbox` feature, in the caller's transaction:
 * the domain events' subscriber, and the fleet-health alerts (`device.alert`, `device.recovered`,
 * whose `eventId` is the alert's id and state). The `webhook-id` derives from `eventId`.
 */
export async function enqueueWebhookEvent({
  tx,
  organizationId,
  eventId,
  type,
  mode,
  subject,
  payload,
}: {
  tx: Tx;
  organizationId: string;
  eventId: string;
  type: TWebhookPayload['type'];
  mode: string;
  subject: TWebhookPayload['data']['subject'];
  payload: Record<string, unknown>;
}): Promise<void> {
  const endpoints = await subscribedEndpoints({ tx, organizationId, eventName: type });
  if (!endpoints.length) return;
  await insertMessages({
    tx,
    organizationId,
    endpointIds: endpoints.map((e) => e.id),
    webhookId: `msg_${eventId.replace(/-/g, '')}`,
    eventType: type,
    payload: {
      type,
      timestamp: new Date().toISOString(),
      data: { event_id: eventId, organization_id: organizationId, mode, subject, payload },
    },
  });
}

/** Asked in the event's insert: an endpoint of the organization wants the event. */
enqueueWebhooks.interest = (event) =>
  endpointsExistSql({ organizationId: event.organizationId, eventName: event.name });
