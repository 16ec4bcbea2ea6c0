import {
  endpoints,
  TOOLBOX_MESSAGES,
  WEBHOOK_EVENTS,
  ZIdParams,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookPayload,
  zPage,
} from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, routeOf } from '../../lib/openapi';
import { savedUrlCheck } from '../../lib/outbound';
import { requireFeature } from '../organizations';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  rotateSecret,
  updateEndpoint,
} from './service';

/** What each event means, for the document and the console. spec: console §4 events per mode. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  on_start: 'A transaction started (a locker was opened for a rental, storage, delivery or service).',
  on_reservation: 'A reservation was created (console, API or reservation widget).',
  on_service_pickup: 'A service order was picked up from the locker by the operator.',
  on_service_charge: 'A service order was charged (by weight or amount).',
  on_service_dropoff: 'A finished service order was put back in a locker.',
  on_complete: 'A transaction ended.',
  non_locker_delivery: 'A delivery was handed over outside a locker.',
  on_expired: 'A delivery expired before its recipient picked it up.',
  'device.alert':
    'A door or bridge raised an alert (door left open, forced open, unlock not confirmed, lock or bridge offline, battery low, failed unlocks in a row).',
  'device.recovered': 'The condition of an alert cleared: the alert resolved itself.',
  'kiosk.offline':
    'A paired screen at a locker wall has not called for longer than its organization allows (KIOSK_OFFLINE_MINUTES, or the setting kiosk_offline_minutes); once per outage.',
  'kiosk.online': 'A screen reported offline calls again: its outage ended.',
};

const ZEventDoc = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  description: z.string(),
  example: ZWebhookPayload,
});
const ZDeliveryParams = ZIdParams.extend({ deliveryId: z.uuid() });

const SIGNING =
  'Every delivery is a JSON POST signed as the Standard Webhooks specification describes: headers `webhook-id` (the same on every retry and replay: use it to deduplicate), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed with the base64 part of the `whsec_` secret). Any 2xx answer is a success; anything else (or no answer within WEBHOOK_TIMEOUT_MS, 5 s) is retried with exponential backoff (from WEBHOOK_RETRY_DELAY_SECONDS, doubled per attempt, at most an hour apart) up to WEBHOOK_MAX_ATTEMPTS (12) attempts within 24 hours. Deliveries are shared fairly between organizations: each organization has at most WEBHOOK_ORG_CONCURRENCY (4) in flight, and at most WEBHOOK_MAX_QUEUED (10,000) messages waiting — beyond, its oldest waiting messages are dropped (logged as such; replayable). Private, loopback and link-local addresses are refused unless the server runs with WEBHOOK_ALLOW_PRIVATE=true; redirects are followed (at most 3) only to allowed addresses.';

/**
 * Webhooks on the API page: endpoints (URL, description, events, enabled) with a
 * signing secret shown once and rotatable, the delivery log with replay, and the event catalogue
 * with example payloads. Admin only, `toolbox` flag.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireFeature('toolbox'));
  const tags = ['webhooks'];
  const { secrets, config: cfg } = app.ctx;
  const urlAllowed = savedUrlCheck(cfg);
  const e = endpoints.webhooks;

  app.route({
    ...routeOf(e.events, {
      tags,
      summary: 'Webhook events and their payloads',
      description: `Each domain event an endpoint may subscribe to, with an example of the JSON body it receives. ${SIGNING}`,
      response: z.array(ZEventDoc),
      errors: errors(401, 403),
    }),
    handler: async () =>
      WEBHOOK_EVENTS.map((type) => ({
        type,
        description: WEBHOOK_EVENT_DESCRIPTIONS[type],
        example: {
          type,
          timestamp: '2026-01-01T12:00:00.000Z',
          data: {
            event_id: '00000000-0000-4000-8000-000000000001',
            organization_id: '00000000-0000-4000-8000-000000000002',
            mode: type.startsWith('on_service') ? 'service' : type.startsWith('kiosk.') ? 'kiosk' : 'storage',
            subject: {
              type: type.startsWith('device.')
                ? ('device' as const)
                : type.startsWith('kiosk.')
                  ? ('kiosk' as const)
                  : type === 'on_reservation'
                    ? ('reservation' as const)
                    : ('transaction' as const),
              id: '00000000-0000-4000-8000-000000000003',
            },
            payload: type.startsWith('device.')
              ? {
                  alert_id: '00000000-0000-4000-8000-000000000004',
                  kind: 'door_left_open',
                  state: type === 'device.alert' ? 'open' : 'resolved',
                  locker_number: 12,
                  location: 'Main Street',
                  detail: 'Door 12 was left open after it was unlocked',
                }
              : type.startsWith('kiosk.')
                ? {
                    name: 'Lobby screen',
                    id_location: '00000000-0000-4000-8000-000000000005',
                    location: 'Main Street',
                    state: type === 'kiosk.offline' ? 'offline' : 'online',
                    last_seen_at: '2026-01-01T11:48:00.000Z',
                    offline_minutes: 10,
                  }
                : type === 'on_reservation'
                  ? {
                      tracking_number: 'W4K7P2M9QX',
                      locker_number: 12,
                      location: 'Main Street',
                      starts_at: '2026-01-02T09:00:00.000Z',
                      ends_at: '2026-01-02T17:00:00.000Z',
                    }
                  : {
                      invoice_id: 'INV-1001',
                      order_id: 'ORD-1001',
                      locker_number: 12,
                      location: 'Main Street',
                    },
          },
        },
      })),
  });

  app.route({
    ...routeOf(e.list, {
      tags,
      summary: 'Webhook endpoints',
      description: "The organization's endpoints, newest first (paged, 1-based). Secrets are never listed.",
      response: zPage(ZWebhookEndpoint),
      errors: errors(401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) => listEndpoints({ tx, organizationId: req.auth.organizationId, q: req.query })),
  });

  app.route({
    ...routeOf(e.create, {
      tags,
      summary: 'Create a webhook endpoint',
      description: `Answers the endpoint with its signing secret \`whsec_…\`, shown this once. \`events\` empty: every event. 400 '${TOOLBOX_MESSAGES.urlPrivate}' for a private address (unless OUTBOUND_ALLOW names it). 409 '${TOOLBOX_MESSAGES.webhookLimit(cfg.webhookMaxEndpoints)}' beyond WEBHOOK_MAX_ENDPOINTS endpoints. ${SIGNING}`,
      errors: errors(400, 401, 403, 409),
    }),
    handler: async (req, reply) => {
      const created = await req.withTenant((tx) =>
        createEndpoint({
          tx,
          organizationId: req.auth.organizationId,
          input: req.body,
          secrets,
          urlAllowed,
          maxEndpoints: cfg.webhookMaxEndpoints,
        }),
      );
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...routeOf(e.update, {
      tags,
      summary: 'Update a webhook endpoint',
      description: 'URL, description, events and the enabled switch; the secret stays.',
      errors: errors(400, 401, 403, 404),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        updateEndpoint({
          tx,
          organizationId: req.auth.organizationId,
          id: req.params.id,
          input: req.body,
          urlAllowed,
        }),
      ),
  });

  app.route({
    ...routeOf(e.remove, {
      tags,
      summary: 'Delete a webhook endpoint',
      description: 'With its queued messages and delivery log.',
      errors: errors(401, 403, 404),
    }),
    handler: async (req) => {
      await req.withTenant((tx) =>
        deleteEndpoint({ tx, organizationId: req.auth.organizationId, id: req.params.id }),
      );
      return { detail: TOOLBOX_MESSAGES.webhookDeleted };
    },
  });

  app.route({
    ...routeOf(e.rotateSecret, {
      tags,
      summary: "Rotate an endpoint's signing secret",
      description: 'Answers the new secret, shown this once; deliveries from now on are signed with it.',
      errors: errors(401, 403, 404),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        rotateSecret({ tx, organizationId: req.auth.organizationId, id: req.params.id, secrets }),
      ),
  });

  app.route({
    ...routeOf(e.deliveries, {
      tags,
      summary: 'Delivery log of an endpoint',
      description:
        'Every attempt, newest first (paged): webhook-id, event, attempt number (per dispatch; `replay` marks a replayed one), status code, latency (ms), success, response excerpt (1,000 characters) or error.',
      response: zPage(ZWebhookDelivery),
      errors: errors(401, 403, 404),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        listDeliveries({ tx, organizationId: req.auth.organizationId, id: req.params.id, ...req.query }),
      ),
  });

  app.route({
    ...routeOf(e.replayDelivery, {
      tags,
      summary: 'Replay a delivery',
      description:
        "Sends the delivery's message again with the same `webhook-id` (a new timestamp and the current secret). 409 while the message is still being delivered.",
      params: ZDeliveryParams,
      errors: errors(401, 403, 404, 409),
    }),
    handler: async (req, reply) => {
      await req.withTenant((tx) =>
        replayDelivery({
          tx,
          organizationId: req.auth.organizationId,
          id: req.params.id,
          deliveryId: req.params.deliveryId,
        }),
      );
      return reply.status(202).send({ detail: TOOLBOX_MESSAGES.replayQueued });
    },
  });
};
