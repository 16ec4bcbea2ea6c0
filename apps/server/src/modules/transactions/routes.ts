import {
  ADMINS,
  TRANSACTION_MESSAGES as M,
  MSG,
  STAFF,
  TRANSACTION_CSV_HEADERS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  ZCancelRequest,
  ZDeliveryCompleteRequest,
  ZDeliveryCreateRequest,
  ZEndManyRequest,
  ZEndManyResponse,
  ZPenalizeRequest,
  ZRefundRequest,
  ZResendCodeRequest,
  ZServiceStepRequest,
  ZShareRequest,
  ZTransaction,
  ZTransactionActionResponse,
  ZTransactionListQuery,
  ZTransactionLogs,
  ZTransactionPublic,
  ZTransactionShareQuery,
  ZTransactionStatuses,
  zPage,
} from '@lockerops/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LockAdapter } from '../../adapters/locks';
import { sha256 } from '../../auth/tokens';
import { devices, locations, organizations, transactionShares, transactions } from '../../db/schema';
import { HttpError, NotFound } from '../../errors';
import { pageOf } from '../../lib/crud/paging';
import { snapshotCsv } from '../../lib/crud/snapshot';
import { errors } from '../../lib/openapi';
import { actionAnswer, eventOr404 } from './answers';
import { partnerRoutes } from './partner-routes';
import { exportQuery, listLogs, listTransactions, listWhere, loadTransactions } from './repository';
import { TransactionService } from './service';

const Params = z.object({ id: z.uuid() });
const tags = ['Transactions'];

/**
 * The Transactions area (spec: operational §2 Transactions, §3 Transaction (event), §4, §5, §7
 * Transactions): the console's calls and, in `partner-routes.ts`, the partner calls that run the
 * life cycle. `locks` is the lock adapter shared with the devices area.
 */
export function transactionsRoutes(opts: { locks: LockAdapter }): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new TransactionService({
      locks: opts.locks,
      charges: app.ctx.charges,
      sms: app.ctx.sms,
      mail: app.ctx.mail,
      publicUrl: app.ctx.config.publicUrl,
      deliveryPickupLimitSeconds: app.ctx.config.deliveryPickupLimitSeconds,
    });
    const answer = (req: FastifyRequest, id: string, detail: string) => actionAnswer(req, id, detail);

    app.get(
      '/events',
      {
        schema: {
          tags,
          summary: 'List transactions',
          description:
            'Size 50; `page` ≤ 10,000 rows deep, deeper: `cursor` = `next_cursor` (keyset on created_at, id). `total` exact to 1,000, then estimated (`total_estimated`). Newest first unless `sort_by`. Filters: `by_type`, `status` (one or a comma list), `id_location`, `id_user`; `search` (2+ characters): invoice/order number, user name/e-mail/phone, location, device, locker number; `invoice_id` (or `key=invoice_id&value=…`): exact invoice or order number. Every role. spec: operational §2 Transactions, §7 Transactions.',
          querystring: ZTransactionListQuery,
          response: { 200: zPage(ZTransaction, true), ...errors(400, 401) },
        },
      },
      async (req) => {
        const r = await req.withTenant((tx) => listTransactions(tx, req.auth.organizationId, req.query));
        return {
          ...pageOf(r.items, r.total, r.page, r.pageSize),
          total_estimated: r.totalEstimated,
          next_cursor: r.nextCursor ?? undefined,
        };
      },
    );

    app.get(
      '/events/statuses',
      {
        schema: {
          tags,
          summary: 'Transaction statuses',
          description: 'Every status with its label. spec: operational §4 Transaction statuses, §7.',
          response: { 200: ZTransactionStatuses, ...errors(401) },
        },
      },
      async () => ({
        items: TRANSACTION_STATUSES.map((value) => ({ value, label: TRANSACTION_STATUS_LABELS[value] })),
      }),
    );

    app.get(
      '/events/export',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Export transactions as CSV',
          description:
            'Streams `event_export.csv` with the same filters as `GET events` (without paging), or the selected `ids` (comma-separated); header X-Export-Count gives the row count. Admins only (spec: operational §1 bulk export). spec: operational §7 Bulk upload/export.',
          querystring: ZTransactionListQuery.omit({ page: true, size: true, cursor: true }),
          produces: ['text/csv'],
          response: errors(400, 401, 403),
        },
      },
      async (req, reply) => {
        const q = ZTransactionListQuery.parse({ ...req.query, page: 1 });
        const orgId = req.auth.organizationId;
        // one snapshot; the database writes the CSV (cells neutralised and quoted in SQL)
        const { total, body } = await snapshotCsv(req, reply, TRANSACTION_CSV_HEADERS, async (tx) => {
          const where = await listWhere(tx, orgId, q);
          return {
            count: sql`select count(*) as n from ${transactions} where ${where}`,
            rows: exportQuery(where, q),
          };
        });
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="event_export.csv"')
          .header('x-export-count', String(total))
          .header('access-control-expose-headers', 'x-export-count, content-disposition');
        return reply.send(body as never);
      },
    );

    app.get(
      '/events/:id',
      {
        schema: {
          tags,
          summary: 'One transaction',
          description:
            "The transaction with `actions`, the steps its state allows now. 404 for another organization's id.",
          params: Params,
          response: { 200: ZTransaction, ...errors(401, 404) },
        },
      },
      async (req) => req.withTenant((tx) => eventOr404(tx, req.auth.organizationId, req.params.id)),
    );

    app.get(
      '/event/:id/public',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Public view of a shared transaction',
          description:
            'No authentication: the link sent by `POST events/{id}/share`, with its `token`. Numbers, status, place, times, amounts; no personal data. 404 without a token of that link. spec: operational §7.',
          params: Params,
          querystring: ZTransactionShareQuery,
          security: [],
          response: { 200: ZTransactionPublic, ...errors(404) },
        },
      },
      async (req) => {
        const [r] = await app.ctx.db
          .select({
            t: transactions,
            org: organizations.appName,
            orgName: organizations.name,
            loc: locations,
            n: devices.lockerNumber,
          })
          .from(transactions)
          .innerJoin(organizations, eq(organizations.id, transactions.organizationId))
          .leftJoin(locations, eq(locations.id, transactions.idLocation))
          .leftJoin(devices, eq(devices.id, transactions.idDevice))
          .innerJoin(
            transactionShares,
            and(
              eq(transactionShares.idEvent, transactions.id),
              eq(transactionShares.tokenHash, sha256(req.query.token ?? '')),
            ),
          )
          .where(eq(transactions.id, req.params.id))
          .limit(1);
        // the bare id, or a token of another transaction, answers as an unknown id
        if (!r || !req.query.token) throw NotFound(M.notFound);
        return {
          id: r.t.id,
          invoice_id: r.t.invoiceId,
          order_id: r.t.orderId,
          event_type: r.t.eventType as z.infer<typeof ZTransactionPublic>['event_type'],
          event_status: r.t.eventStatus as z.infer<typeof ZTransactionPublic>['event_status'],
          organization: r.org ?? r.orgName,
          location: r.loc?.name ?? null,
          address: r.loc?.address ?? null,
          locker_number: r.n ?? null,
          started_at: r.t.startedAt?.toISOString() ?? null,
          ended_at: r.t.endedAt?.toISOString() ?? null,
          total_time: r.t.totalTime,
          total: Number(r.t.total),
          refunded_amount: r.t.refundedAmount === null ? null : Number(r.t.refundedAmount),
          currency: r.t.currency,
        };
      },
    );

    app.get(
      '/event-logs/:id',
      {
        schema: {
          tags,
          summary: 'Transaction History Log',
          description:
            "Every step of the transaction, oldest first: action, status before and after, the step's data, who acted and when. 404 for another organization's id. spec: operational §2 Transactions, §7.",
          params: Params,
          response: { 200: ZTransactionLogs, ...errors(401, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          await eventOr404(tx, req.auth.organizationId, req.params.id);
          return { items: await listLogs(tx, req.auth.organizationId, req.params.id) };
        }),
    );

    app.patch(
      '/events/:id/service',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'A service step: charge, dropoff or pickup',
          description:
            "`step=pickup` (awaiting service pickup → in progress; the door opens and is freed), `step=charge` with `weight` in the price's unit, none counting as 1 (in progress → awaiting service dropoff; charged by the pricing module with promo and membership), `step=dropoff` with `id_device`, an available door (awaiting service dropoff → awaiting user pickup). 409 in any other state. Answers 'Transaction charged/dropoff/pickup successfully'. Admins only. spec: operational §4 Actions by state, §5, §7.",
          params: Params,
          body: ZServiceStepRequest,
          response: { 200: ZTransactionActionResponse, ...errors(400, 401, 402, 403, 404, 409, 502) },
        },
      },
      async (req) => {
        const b = req.body;
        await service.withDoor(
          (fn) => req.withTenant(fn),
          req.auth,
          (tx, doors) =>
            b.step === 'charge'
              ? service.serviceCharge(tx, req.auth, req.params.id, b.weight)
              : b.step === 'dropoff'
                ? service.serviceDropoff(tx, req.auth, req.params.id, b.id_device, doors)
                : service.servicePickup(tx, req.auth, req.params.id, doors),
        );
        const detail = b.step === 'charge' ? M.charged : b.step === 'dropoff' ? M.dropoff : M.pickup;
        return answer(req, req.params.id, detail);
      },
    );

    app.patch(
      '/events/:id/cancel',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Cancel a transaction',
          description:
            '`cancel_at` (ISO 8601, default now) between the start and now. Only while under way (in progress or awaiting something); no charge; the door is freed. 409 otherwise. Admins only. spec: operational §7.',
          params: Params,
          body: ZCancelRequest,
          response: { 200: ZTransactionActionResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        await req.withTenant((tx) => service.cancel(tx, req.auth, req.params.id, req.body?.cancel_at));
        return answer(req, req.params.id, M.canceled);
      },
    );

    app.patch(
      '/events',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'End one or many transactions',
          description: `\`ids\` and \`ended_at\` (ISO 8601, default now) between each start and now (400 '${M.endDateRange}'). All or nothing: 409 '${M.alreadyEnded}' when any is finished, canceled or refunded. Storage and rental are charged for the time until the end date. Answers '${M.ended}'. Admins only. spec: operational §4, §5, §7, §8.`,
          body: ZEndManyRequest,
          response: { 200: ZEndManyResponse, ...errors(400, 401, 402, 403, 404, 409) },
        },
      },
      async (req) => {
        const ids = await req.withTenant((tx) =>
          service.endMany(tx, req.auth, req.body.ids, req.body.ended_at),
        );
        const items = await req.withTenant((tx) => loadTransactions(tx, req.auth.organizationId, ids));
        return { detail: M.ended, items };
      },
    );

    app.patch(
      '/events/:id/refund',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Refund a transaction',
          description: `\`amount\` (money, above 0, up to the paid amount: total plus penalties; else 400 '${M.refundTooHigh}'). Only when finished with a total above 0 (409 otherwise). Status becomes refunded with \`refunded_amount\`. Answers '${M.refunded}'. Admins only. spec: operational §4, §5, §7.`,
          params: Params,
          body: ZRefundRequest,
          response: { 200: ZTransactionActionResponse, ...errors(400, 401, 402, 403, 404, 409) },
        },
      },
      async (req) => {
        await req.withTenant((tx) => service.refund(tx, req.auth, req.params.id, req.body.amount));
        return answer(req, req.params.id, M.refunded);
      },
    );

    app.patch(
      '/events/:id/penalize',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Penalize a transaction',
          description: `\`amount\` (money above 0) and \`reason\` (missing_items, damaged_items, misconduct, other). Only when finished, canceled or refunded (409 otherwise). The amount is charged and added to \`penalize_charge\`. Answers '${M.penalized}'. Admins only. spec: operational §4, §5, §7, §9.`,
          params: Params,
          body: ZPenalizeRequest,
          response: { 200: ZTransactionActionResponse, ...errors(400, 401, 402, 403, 404, 409) },
        },
      },
      async (req) => {
        await req.withTenant((tx) =>
          service.penalize(tx, req.auth, req.params.id, req.body.amount, req.body.reason),
        );
        return answer(req, req.params.id, M.penalized);
      },
    );

    app.post(
      '/event/delivery',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: 'Create a delivery',
          description: `\`phone_number\` (country code, plus optional) or \`email\` (400 '${M.phoneOrEmail}'). With \`id_device\` (an available delivery door, also of a super-tenant parent's shared location; 409 otherwise) the door is held and the delivery waits for the courier (in progress, \`courier_pin_code\`). Without it the parcel waits at the desk: awaiting user pickup at once, the pickup code is sent by SMS or e-mail (non_locker_delivery). Admins and members. spec: operational §7 Transactions.`,
          body: ZDeliveryCreateRequest,
          response: { 200: ZTransactionActionResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const id = await req.withTenant((tx) => service.createDelivery(tx, req.auth, req.body));
        await service.sendPickupCode((fn) => req.withTenant(fn), req.auth.organizationId, id);
        return answer(req, id, M.deliveryCreated);
      },
    );

    app.patch(
      '/delivery/:id/complete',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: "Complete a delivery's drop-off",
          description:
            "The parcel is in door `id_device` (the held one, or another available delivery door): the door opens, the delivery awaits the user's pickup, the pickup code is sent by SMS or e-mail (`notification_status` sent or failed) and the expiry set. Only for a delivery in progress (409 otherwise). Admins and members. spec: operational §7 Transactions.",
          params: Params,
          body: ZDeliveryCompleteRequest,
          response: { 200: ZTransactionActionResponse, ...errors(400, 401, 403, 404, 409, 502) },
        },
      },
      async (req) => {
        await service.withDoor(
          (fn) => req.withTenant(fn),
          req.auth,
          (tx, doors) => service.courierDropoff(tx, req.auth, req.params.id, req.body, 'complete', doors),
        );
        await service.sendPickupCode((fn) => req.withTenant(fn), req.auth.organizationId, req.params.id);
        return answer(req, req.params.id, M.deliveryCompleted);
      },
    );

    app.post(
      '/events/:id/resend-code',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Send the pickup code again',
          description: `JSON \`{ via?: 'sms' | 'email' }\`: the channel the operator chose; without it SMS to the recipient's phone, else e-mail. 400 '${M.phoneMissing}' / '${M.emailMissing}' when the delivery has no address for the chosen channel. Only for a delivery awaiting user pickup (409 otherwise); unlocks a code locked by wrong tries. 502 '${M.sendCodeFailed}' when it could not be sent. Admins only. spec: operational §4 Actions by state, §8.`,
          params: Params,
          // optional: a call without a body keeps the default channel
          body: ZResendCodeRequest.optional(),
          response: { 200: ZTransactionActionResponse, ...errors(400, 401, 403, 404, 409, 502) },
        },
      },
      async (req) => {
        const via = await req.withTenant((tx) =>
          service.prepareResend(tx, req.auth, req.params.id, req.body?.via),
        );
        const sent = await service.sendPickupCode(
          (fn) => req.withTenant(fn),
          req.auth.organizationId,
          req.params.id,
          via,
        );
        if (!sent) throw new HttpError(502, M.sendCodeFailed);
        return answer(req, req.params.id, M.codeSent);
      },
    );

    app.post(
      '/events/:id/share',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Share a transaction',
          description: `Sends a link to \`GET event/{id}/public\` by SMS (\`phone_number\`) or e-mail (\`email\`; 400 '${M.phoneOrEmail}' without either). 502 when it could not be sent. Admins only. spec: operational §7 Transactions.`,
          params: Params,
          body: ZShareRequest,
          response: { 200: ZTransactionActionResponse, ...errors(400, 401, 403, 404, 502) },
        },
      },
      async (req) => {
        const token = await req.withTenant((tx) => service.share(tx, req.auth, req.params.id, req.body));
        const t = await req.withTenant((tx) => eventOr404(tx, req.auth.organizationId, req.params.id));
        const sent = await service.sendShareLink(
          req.auth.organizationId,
          t.id,
          t.invoice_id,
          req.body,
          token,
        );
        if (!sent) throw new HttpError(502, req.body.phone_number ? M.sendCodeFailed : MSG.unableToSendEmail);
        return { detail: M.shared, event: t };
      },
    );

    await app.register(partnerRoutes({ service }));
  };
}
