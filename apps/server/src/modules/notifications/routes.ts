import {
  endpoints,
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MODES,
  NOTIFICATION_TIME_UNITS,
  NOTIFICATION_TYPES,
  TEMPLATE_VARIABLE_NAMES,
  TEMPLATE_VARIABLES,
  type TNotificationDelivery,
  ZListQuery,
  ZNotificationDelivery,
  zPage,
} from '@lockerops/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeImage } from '../../adapters/storage';
import { MULTIPART, zFile } from '../../lib/crud/multipart';
import { pageOf } from '../../lib/crud/paging';
import { crudRoutes } from '../../lib/crud/resource';
import { errors, routeOf } from '../../lib/openapi';
import { wireOf } from '../../lib/wire';
import { requireFeature } from '../organizations';
import { deliveriesOf, findNotification } from './queries/templates';
import { notificationsResource, notificationsToWire } from './resource';
import { cloneNotification, sendTestNotification, setNotificationImages } from './service';
import type { DeliveryRow } from './service/engine';

const params = z.object({ id: z.uuid() });
const tags = ['Notifications'];

/** `a***@example.com`, `+1******0100`: the delivery log never shows a whole address. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  if (to.length <= 6) return '*'.repeat(to.length);
  return `${to.slice(0, 2)}${'*'.repeat(to.length - 6)}${to.slice(-4)}`;
}

const deliveryToWire = (d: DeliveryRow): TNotificationDelivery =>
  wireOf(ZNotificationDelivery, d, { recipient: maskRecipient(d.recipient) });

/**
 * Adds `totals {page, page_size, total, total_pages}` (spec: console §3 "List response: items and
 * totals") to the list answer of `GET notifications`, beside the house's `total/pages/page/page_size`.
 */
function listTotals(scope: FastifyInstance): void {
  const isList = (method: string, url: string) => method === 'GET' && url.endsWith('/notifications');
  scope.addHook('onRoute', (o) => {
    const url = String(o.url);
    if (
      o.schema?.response &&
      ((o.method === 'POST' && url.endsWith('/notifications')) ||
        (o.method === 'PUT' && url.endsWith('/notifications/:id')))
    )
      // a member or location of another organization answers 404
      o.schema.response = { ...(o.schema.response as object), ...errors(404) };
    if (!o.schema?.response || !isList(String(o.method), String(o.url))) return;
    // the answer's schema (with `totals`) is the map's `endpoints.notifications.list.response`
    o.schema.description = `${o.schema.description ?? ''} \`mode\` filters by mode (service, rental, storage, delivery, vending). The answer also carries \`totals\` (spec: console §3). Viewers: 403.`;
  });
  scope.addHook('preSerialization', async (req, _reply, payload) => {
    if (!isList(req.method, req.routeOptions.url ?? '') || !payload || typeof payload !== 'object')
      return payload;
    const p = payload as { total: number; pages: number; page: number; page_size: number };
    return { ...p, totals: { page: p.page, page_size: p.page_size, total: p.total, total_pages: p.pages } };
  });
}

/**
 * The Notifications calls (spec: console §2 Notifications list, §7 Notifications), behind the
 * organization's `notifications` feature page: the templates' CRUD and export, clone, image
 * uploads, the types, the delivery log and Send test.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireFeature('notifications'));
  listTotals(app);
  await app.register(crudRoutes(notificationsResource));
  const e = endpoints.notifications;

  app.route({
    ...routeOf(endpoints.types.notificationType, {
      tags,
      summary: 'Notification modes, events and time units',
      description:
        'The modes, the events of each mode, every event (`types`), the time units and the template variables with their sample values (spec: console §4, §7 `GET types/notification/type`).',
      errors: errors(401, 403),
    }),
    handler: async () => ({
      modes: [...NOTIFICATION_MODES],
      events: Object.fromEntries(Object.entries(NOTIFICATION_EVENTS).map(([k, v]) => [k, [...v]])),
      types: [...NOTIFICATION_TYPES],
      time_units: [...NOTIFICATION_TIME_UNITS],
      variables: TEMPLATE_VARIABLE_NAMES.map((name) => ({ name, ...TEMPLATE_VARIABLES[name] })),
    }),
  });

  app.route({
    ...routeOf(e.clone, {
      tags,
      summary: 'Clone a notification template',
      description:
        "Copies the template (messages, channels, timing, locations, member, images) as '{name} (copy)', never as a default. Answers 'Notification cloned successfully' and the copy; 404 for another organization's id.",
      params,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => {
        const copy = await cloneNotification({ tx, auth: req.auth, id: req.params.id });
        return { detail: M.cloned, notification: (await notificationsToWire([copy], tx))[0]! };
      }),
  });

  app.route({
    ...routeOf(endpoints.notificationsService.uploadImages, {
      tags,
      summary: 'Upload the header, body and footer images of a template',
      description:
        "Multipart `header_image`, `body_image`, `footer_image` (each optional; images only, checked by content, else 400 'Only images are allowed' and nothing changes). The e-mail shows them above the header, above the message and below the footer. Answers the template (`header_s3_url`, `body_s3_url`, `footer_s3_url`). spec: console §7.",
      consumes: MULTIPART,
      params,
      body: z.object({
        header_image: zFile.optional(),
        body_image: zFile.optional(),
        footer_image: zFile.optional(),
      }),
      errors: errors(400, 401, 403, 404, 413),
    }),
    config: { upload: 'image' },
    handler: async (req) => {
      const files = {
        headerImage: req.body.header_image,
        bodyImage: req.body.body_image,
        footerImage: req.body.footer_image,
      };
      await req.withTenant((tx) => findNotification({ tx, auth: req.auth, id: req.params.id }));
      const urls: Record<string, string> = {};
      for (const [k, f] of Object.entries(files)) {
        if (f?.size) urls[k] = (await storeImage(app.ctx.storage, f, M.onlyImages)).url;
      }
      return req.withTenant(async (tx) => {
        const after = await setNotificationImages({ tx, auth: req.auth, id: req.params.id, urls });
        return (await notificationsToWire([after], tx))[0]!;
      });
    },
  });

  app.route({
    ...routeOf(e.deliveries, {
      tags,
      summary: 'Delivery log of a template',
      description:
        "Every message of the template, newest first: channel, recipient (masked), status (queued, sending, sent, failed), provider answer, attempts, when it is due and when it was sent; Send test messages included. Paged like every list. 404 for another organization's id.",
      params,
      querystring: ZListQuery.pick({ page: true, size: true }),
      response: zPage(ZNotificationDelivery),
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => {
        const size = Math.min(req.query.size, 200);
        const { rows, total } = await deliveriesOf({
          tx,
          auth: req.auth,
          id: req.params.id,
          page: req.query.page,
          size,
        });
        return pageOf(rows.map(deliveryToWire), total, req.query.page, size);
      }),
  });

  app.route({
    ...routeOf(e.test, {
      tags,
      summary: 'Send test',
      description:
        "Renders the template with the sample values of the variables (see `GET types/notification/type`) and sends it at once: the e-mail to `email`, the SMS to `phone_number` (E.164). Each message is recorded in the delivery log (kind `test`) as sent or failed with the provider's answer. Answers 'Test notification sent' and the log entries; 400 when neither address is given. Only to the caller's own e-mail or the organization's contact e-mail or phone (settings), else 400; at most 10 test messages an hour per team member (or API key) and 30 per organization, else 429.",
      params,
      errors: errors(400, 401, 403, 404, 429),
    }),
    handler: async (req) => {
      const done = await sendTestNotification(
        (fn) => req.withTenant(fn),
        app.ctx,
        req.auth,
        req.params.id,
        req.body,
      );
      return { detail: M.testSent, deliveries: done.map(deliveryToWire) };
    },
  });
};
