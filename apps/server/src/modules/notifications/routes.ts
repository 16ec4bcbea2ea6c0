import {
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MODES,
  NOTIFICATION_TIME_UNITS,
  NOTIFICATION_TYPES,
  SAMPLE_TEMPLATE_DATA,
  STAFF,
  TEMPLATE_VARIABLE_NAMES,
  TEMPLATE_VARIABLES,
  type TNotificationDelivery,
  ZListQuery,
  ZNotification,
  ZNotificationActionResponse,
  ZNotificationDelivery,
  ZNotificationTestRequest,
  ZNotificationTestResponse,
  ZNotificationTypesResponse,
  zPage,
} from '@lockerops/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeImage } from '../../adapters/storage';
import { notificationDeliveries, notifications } from '../../db/schema';
import { writeAudit } from '../../lib/crud/audit';
import { pageOf, pageOffset } from '../../lib/crud/paging';
import { crudRoutes, findOr404, lockOr404, wireOf } from '../../lib/crud/resource';
import { MULTIPART, zFile } from '../../lib/multipart';
import { errors } from '../../lib/openapi';
import { wireFields } from '../../lib/wire';
import { requireFeature } from '../organizations';
import { type DeliveryRow, renderEmail, renderSms, sendOne } from './engine';
import {
  type NotificationRow,
  notificationsResource,
  notificationsToWire,
  setNotificationLocations,
} from './resource';

const Params = z.object({ id: z.uuid() });
const tags = ['Notifications'];

/** `a***@example.com`, `+1******0100`: the delivery log never shows a whole address. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  if (to.length <= 6) return '*'.repeat(to.length);
  return `${to.slice(0, 2)}${'*'.repeat(to.length - 6)}${to.slice(-4)}`;
}

const deliveryToWire = (d: DeliveryRow): TNotificationDelivery => ({
  ...wireFields(d, [
    'id',
    'idNotification',
    'channel',
    'kind',
    'subject',
    'status',
    'providerAnswer',
    'attempts',
    'sendAfter',
    'invoiceId',
    'createdAt',
    'updatedAt',
  ]),
  recipient: maskRecipient(d.recipient),
  sent_at: d.sentAt?.toISOString() ?? null,
});

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

  app.get(
    '/types/notification/type',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Notification modes, events and time units',
        description:
          'The modes, the events of each mode, every event (`types`), the time units and the template variables with their sample values (spec: console §4, §7 `GET types/notification/type`).',
        response: { 200: ZNotificationTypesResponse, ...errors(401, 403) },
      },
    },
    async () => ({
      modes: [...NOTIFICATION_MODES],
      events: Object.fromEntries(Object.entries(NOTIFICATION_EVENTS).map(([k, v]) => [k, [...v]])),
      types: [...NOTIFICATION_TYPES],
      time_units: [...NOTIFICATION_TIME_UNITS],
      variables: TEMPLATE_VARIABLE_NAMES.map((name) => ({ name, ...TEMPLATE_VARIABLES[name] })),
    }),
  );

  app.post(
    '/notifications/:id/clone',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Clone a notification template',
        description:
          "Copies the template (messages, channels, timing, locations, member, images) as '{name} (copy)', never as a default. Answers 'Notification cloned successfully' and the copy; 404 for another organization's id.",
        params: Params,
        response: { 200: ZNotificationActionResponse, ...errors(401, 403, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        const source = (await findOr404(
          tx,
          notifications,
          req.auth,
          req.params.id,
          M.notFound,
        )) as unknown as NotificationRow;
        const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = source;
        const [copy] = await tx
          .insert(notifications)
          .values({ ...rest, name: `${source.name} (copy)`, isDefault: false })
          .returning();
        const [wire] = await notificationsToWire([source], tx);
        await setNotificationLocations(
          tx,
          req.auth,
          copy!.id,
          wire!.locations.map((l) => l.id),
        );
        await writeAudit(tx, req.auth, {
          entity: 'notification',
          entityId: copy!.id,
          action: 'create',
          after: { ...wireOf(notifications, copy as never), cloned_from: source.id },
        });
        return { detail: M.cloned, notification: (await notificationsToWire([copy!], tx))[0]! };
      }),
  );

  app.patch(
    '/notifications-service/notifications/:id/upload-images',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Upload the header, body and footer images of a template',
        description:
          "Multipart `header_image`, `body_image`, `footer_image` (each optional; images only, checked by content, else 400 'Only images are allowed' and nothing changes). The e-mail shows them above the header, above the message and below the footer. Answers the template (`header_s3_url`, `body_s3_url`, `footer_s3_url`). spec: console §7.",
        consumes: MULTIPART,
        params: Params,
        body: z.object({
          header_image: zFile.optional(),
          body_image: zFile.optional(),
          footer_image: zFile.optional(),
        }),
        response: { 200: ZNotification, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (req) => {
      const files = {
        headerImage: req.body.header_image,
        bodyImage: req.body.body_image,
        footerImage: req.body.footer_image,
      };
      await req.withTenant((tx) => findOr404(tx, notifications, req.auth, req.params.id, M.notFound));
      const urls: Record<string, string> = {};
      for (const [k, f] of Object.entries(files)) {
        if (f?.length) urls[k] = (await storeImage(app.ctx.storage, f, M.onlyImages)).url;
      }
      return req.withTenant(async (tx) => {
        const before = (await lockOr404(
          tx,
          notifications,
          req.auth,
          req.params.id,
        )) as unknown as NotificationRow;
        const [after] = await tx
          .update(notifications)
          .set({ ...urls, updatedAt: new Date() })
          .where(
            and(eq(notifications.id, before.id), eq(notifications.organizationId, req.auth.organizationId)),
          )
          .returning();
        await writeAudit(tx, req.auth, {
          entity: 'notification',
          entityId: before.id,
          action: 'update',
          before: wireOf(notifications, before as never),
          after: wireOf(notifications, after as never),
        });
        return (await notificationsToWire([after!], tx))[0]!;
      });
    },
  );

  app.get(
    '/notifications/:id/deliveries',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Delivery log of a template',
        description:
          "Every message of the template, newest first: channel, recipient (masked), status (queued, sending, sent, failed), provider answer, attempts, when it is due and when it was sent; Send test messages included. Paged like every list. 404 for another organization's id.",
        params: Params,
        querystring: ZListQuery.pick({ page: true, size: true }),
        response: { 200: zPage(ZNotificationDelivery), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        await findOr404(tx, notifications, req.auth, req.params.id, M.notFound);
        const where = and(
          eq(notificationDeliveries.organizationId, req.auth.organizationId),
          eq(notificationDeliveries.idNotification, req.params.id),
        );
        const [{ total }] = (await tx
          .select({ total: count() })
          .from(notificationDeliveries)
          .where(where)) as [{ total: number }];
        const size = Math.min(req.query.size, 200);
        const rows = await tx
          .select()
          .from(notificationDeliveries)
          .where(where)
          .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
          .limit(size)
          .offset(pageOffset(req.query.page, size));
        return pageOf(rows.map(deliveryToWire), total, req.query.page, size);
      }),
  );

  app.post(
    '/notifications/:id/test',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Send test',
        description:
          "Renders the template with the sample values of the variables (see `GET types/notification/type`) and sends it at once: the e-mail to `email`, the SMS to `phone_number` (E.164). Each message is recorded in the delivery log (kind `test`) as sent or failed with the provider's answer. Answers 'Test notification sent' and the log entries; 400 when neither address is given.",
        params: Params,
        body: ZNotificationTestRequest,
        response: { 200: ZNotificationTestResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const queued = await req.withTenant(async (tx) => {
        const n = (await findOr404(
          tx,
          notifications,
          req.auth,
          req.params.id,
          M.notFound,
        )) as unknown as NotificationRow;
        const data = SAMPLE_TEMPLATE_DATA;
        const rows: Array<typeof notificationDeliveries.$inferInsert> = [];
        const base = {
          organizationId: req.auth.organizationId,
          idNotification: n.id,
          kind: 'test' as const,
          status: 'sending' as const,
          attempts: 1,
        };
        if (req.body.email) {
          const mail = renderEmail(n, data, n.locationMessage);
          rows.push({
            ...base,
            channel: 'email',
            recipient: req.body.email,
            subject: mail.subject,
            body: mail.text,
            html: mail.html,
          });
        }
        if (req.body.phone_number) {
          rows.push({
            ...base,
            channel: 'sms',
            recipient: req.body.phone_number,
            body: renderSms(n, data, n.locationMessage) || n.name,
          });
        }
        return tx.insert(notificationDeliveries).values(rows).returning();
      });
      const done: DeliveryRow[] = [];
      for (const d of queued) {
        let set: Partial<DeliveryRow>;
        try {
          set = { status: 'sent', providerAnswer: await sendOne(app.ctx, d), sentAt: new Date() };
        } catch (err) {
          set = {
            status: 'failed',
            providerAnswer: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          };
        }
        const [row] = await req.withTenant((tx) =>
          tx
            .update(notificationDeliveries)
            .set({ ...set, updatedAt: new Date() })
            .where(
              and(
                eq(notificationDeliveries.id, d.id),
                eq(notificationDeliveries.organizationId, req.auth.organizationId),
              ),
            )
            .returning(),
        );
        done.push(row!);
      }
      return { detail: M.testSent, deliveries: done.map(deliveryToWire) };
    },
  );
};
