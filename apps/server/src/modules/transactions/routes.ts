import {
  endpoints,
  TRANSACTION_MESSAGES as M,
  MSG,
  TRANSACTION_CSV_HEADERS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  ZResendCodeRequest,
  ZTransaction,
  ZTransactionListQuery,
  zPage,
} from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LockAdapter } from '../../adapters/locks';
import { sha256 } from '../../auth/tokens';
import { HttpError, NotFound } from '../../errors';
import { pageOf } from '../../lib/crud/paging';
import { snapshotCsv } from '../../lib/crud/snapshot';
import { errors, routeOf } from '../../lib/openapi';
import { exportStatements, listTransactions } from './queries/list';
import { listLogs, loadTransactions, publicTransaction } from './queries/wire';
import { actionAnswer, stepContext, transactionOr404 } from './routes/answers';
import { partnerRoutes } from './routes/partner';
import { cancel } from './steps/cancel';
import { courierDropoff } from './steps/courier-dropoff';
import { createDelivery } from './steps/create-delivery';
import { endMany } from './steps/end-many';
import type { TransactionDeps } from './steps/lifecycle';
import { penalize } from './steps/penalize';
import { refund } from './steps/refund';
import { prepareResend } from './steps/resend-code';
import { sendPickupCode } from './steps/send-pickup-code';
import { serviceCharge } from './steps/service-charge';
import { serviceDropoff } from './steps/service-dropoff';
import { servicePickup } from './steps/service-pickup';
import { sendShareLink, share } from './steps/share';

const Params = z.object({ id: z.uuid() });
const tags = ['Transactions'];

/**
 * The Transactions area (spec: operational §2 Transactions, §3 Transaction (event), §4, §5, §7
 * Transactions): the console's calls and, in `partner-routes.ts`, the partner calls that run the
 * life cycle. `locks` is the lock adapter shared with the devices area.
 */
export function transactionsRoutes(opts: { locks: LockAdapter }): FastifyPluginAsyncZod {
  return async (app) => {
    const deps: TransactionDeps = {
      locks: opts.locks,
      charges: app.ctx.charges,
      sms: app.ctx.sms,
      mail: app.ctx.mail,
      publicUrl: app.ctx.config.publicUrl,
      deliveryPickupLimitSeconds: app.ctx.config.deliveryPickupLimitSeconds,
    };
    /** The context of a step called by `req`: its tenant transactions, who acts, the outside systems. */
    const ctxOf = (req: FastifyRequest) => stepContext(req, deps);
    const answer = (req: FastifyRequest, id: string, detail: string) => actionAnswer(req, id, detail);
    const { events: e, event: pub, eventLogs, delivery } = endpoints;

    app.route({
      ...routeOf(e.list, {
        tags,
        summary: 'List transactions',
        description:
          'Size 50; `page` ≤ 10,000 rows deep, deeper: `cursor` = `next_cursor` (keyset on created_at, id). `total` exact to 1,000, then estimated (`total_estimated`). Newest first unless `sort_by`. Filters: `by_type`, `status` (one or a comma list), `id_location`, `id_user`; `search` (2+ characters): invoice/order number, user name/e-mail/phone, location, device, locker number; `invoice_id` (or `key=invoice_id&value=…`): exact invoice or order number. Every role. spec: operational §2 Transactions, §7 Transactions.',
        response: zPage(ZTransaction, true),
        errors: errors(400, 401),
      }),
      handler: async (req) => {
        const r = await req.withTenant((tx) =>
          listTransactions({ tx, organizationId: req.auth.organizationId, input: req.query }),
        );
        return {
          ...pageOf(r.items, r.total, r.page, r.pageSize),
          total_estimated: r.totalEstimated,
          next_cursor: r.nextCursor ?? undefined,
        };
      },
    });

    app.route({
      ...routeOf(e.statuses, {
        tags,
        summary: 'Transaction statuses',
        description: 'Every status with its label. spec: operational §4 Transaction statuses, §7.',
        errors: errors(401),
      }),
      handler: async () => ({
        items: TRANSACTION_STATUSES.map((value) => ({ value, label: TRANSACTION_STATUS_LABELS[value] })),
      }),
    });

    app.route({
      ...routeOf(e.export, {
        tags,
        summary: 'Export transactions as CSV',
        description:
          'Streams `event_export.csv` with the same filters as `GET events` (without paging), or the selected `ids` (comma-separated); header X-Export-Count gives the row count. Admins only (spec: operational §1 bulk export). spec: operational §7 Bulk upload/export.',
        querystring: ZTransactionListQuery.omit({ page: true, size: true, cursor: true }),
        produces: ['text/csv'],
        errors: errors(400, 401, 403),
      }),
      handler: async (req, reply) => {
        const q = ZTransactionListQuery.parse({ ...req.query, page: 1 });
        const organizationId = req.auth.organizationId;
        // one snapshot; the database writes the CSV (cells neutralised and quoted in SQL)
        const { total, body } = await snapshotCsv(req, reply, TRANSACTION_CSV_HEADERS, (tx) =>
          exportStatements({ tx, organizationId, q }),
        );
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="event_export.csv"')
          .header('x-export-count', String(total))
          .header('access-control-expose-headers', 'x-export-count, content-disposition');
        return reply.send(body as never);
      },
    });

    app.route({
      ...routeOf(e.get, {
        tags,
        summary: 'One transaction',
        description:
          "The transaction with `actions`, the steps its state allows now. 404 for another organization's id.",
        params: Params,
        errors: errors(401, 404),
      }),
      handler: async (req) =>
        req.withTenant((tx) =>
          transactionOr404({ tx, organizationId: req.auth.organizationId, id: req.params.id }),
        ),
    });

    app.route({
      ...routeOf(pub.public, {
        tags,
        summary: 'Public view of a shared transaction',
        description:
          'No authentication: the link sent by `POST events/{id}/share`, with its `token`. Numbers, status, place, times, amounts; no personal data. 404 without a token of that link. spec: operational §7.',
        params: Params,
        security: [],
        errors: errors(404),
      }),
      config: { public: true },
      handler: async (req) => {
        // the bare id, or a token of another transaction, answers as an unknown id
        const view = req.query.token
          ? await publicTransaction({ db: app.ctx.db, id: req.params.id, tokenHash: sha256(req.query.token) })
          : undefined;
        if (!view) throw NotFound(M.notFound);
        return view;
      },
    });

    app.route({
      ...routeOf(eventLogs.get, {
        tags,
        summary: 'Transaction History Log',
        description:
          "Every step of the transaction, oldest first: action, status before and after, the step's data, who acted and when. 404 for another organization's id. spec: operational §2 Transactions, §7.",
        params: Params,
        errors: errors(401, 404),
      }),
      handler: async (req) =>
        req.withTenant(async (tx) => {
          await transactionOr404({ tx, organizationId: req.auth.organizationId, id: req.params.id });
          return {
            items: await listLogs({
              tx,
              organizationId: req.auth.organizationId,
              transactionId: req.params.id,
            }),
          };
        }),
    });

    app.route({
      ...routeOf(e.service, {
        tags,
        summary: 'A service step: charge, dropoff or pickup',
        description:
          "`step=pickup` (awaiting service pickup → in progress; the door opens and is freed), `step=charge` with `weight` in the price's unit, none counting as 1 (in progress → awaiting service dropoff; charged by the pricing module with promo and membership), `step=dropoff` with `id_device`, an available door (awaiting service dropoff → awaiting user pickup). 409 in any other state. Answers 'Transaction charged/dropoff/pickup successfully'. Admins only. spec: operational §4 Actions by state, §5, §7.",
        params: Params,
        errors: errors(400, 401, 402, 403, 404, 409, 502),
      }),
      handler: async (req) => {
        const b = req.body;
        const id = req.params.id;
        if (b.step === 'charge') await serviceCharge(ctxOf(req), { id, weight: b.weight });
        else if (b.step === 'dropoff') await serviceDropoff(ctxOf(req), { id, id_device: b.id_device });
        else await servicePickup(ctxOf(req), { id });
        const detail = b.step === 'charge' ? M.charged : b.step === 'dropoff' ? M.dropoff : M.pickup;
        return answer(req, req.params.id, detail);
      },
    });

    app.route({
      ...routeOf(e.cancel, {
        tags,
        summary: 'Cancel a transaction',
        description:
          '`cancel_at` (ISO 8601, default now) between the start and now. Only while under way (in progress or awaiting something); no charge; the door is freed. 409 otherwise. Admins only. spec: operational §7.',
        params: Params,
        errors: errors(400, 401, 403, 404, 409),
      }),
      handler: async (req) => {
        await req.withTenant((tx) =>
          cancel({ tx, auth: req.auth }, { id: req.params.id, cancel_at: req.body?.cancel_at }),
        );
        return answer(req, req.params.id, M.canceled);
      },
    });

    app.route({
      ...routeOf(e.endMany, {
        tags,
        summary: 'End one or many transactions',
        description: `\`ids\` and \`ended_at\` (ISO 8601, default now) between each start and now (400 '${M.endDateRange}'). All or nothing: 409 '${M.alreadyEnded}' when any is finished, canceled or refunded. Storage and rental are charged for the time until the end date. Answers '${M.ended}'. Admins only. spec: operational §4, §5, §7, §8.`,
        errors: errors(400, 401, 402, 403, 404, 409),
      }),
      handler: async (req) => {
        const ids = await endMany(ctxOf(req), { ids: req.body.ids, ended_at: req.body.ended_at });
        const items = await req.withTenant((tx) =>
          loadTransactions({ tx, organizationId: req.auth.organizationId, ids }),
        );
        return { detail: M.ended, items };
      },
    });

    app.route({
      ...routeOf(e.refund, {
        tags,
        summary: 'Refund a transaction',
        description: `\`amount\` (money, above 0, up to the paid amount: total plus penalties; else 400 '${M.refundTooHigh}'). Only when finished with a total above 0 (409 otherwise). Status becomes refunded with \`refunded_amount\`. Answers '${M.refunded}'. Admins only. spec: operational §4, §5, §7.`,
        params: Params,
        errors: errors(400, 401, 402, 403, 404, 409),
      }),
      handler: async (req) => {
        await refund(ctxOf(req), { id: req.params.id, amount: req.body.amount });
        return answer(req, req.params.id, M.refunded);
      },
    });

    app.route({
      ...routeOf(e.penalize, {
        tags,
        summary: 'Penalize a transaction',
        description: `\`amount\` (money above 0) and \`reason\` (missing_items, damaged_items, misconduct, other). Only when finished, canceled or refunded (409 otherwise). The amount is charged and added to \`penalize_charge\`. Answers '${M.penalized}'. Admins only. spec: operational §4, §5, §7, §9.`,
        params: Params,
        errors: errors(400, 401, 402, 403, 404, 409),
      }),
      handler: async (req) => {
        await penalize(ctxOf(req), { id: req.params.id, amount: req.body.amount, reason: req.body.reason });
        return answer(req, req.params.id, M.penalized);
      },
    });

    app.route({
      ...routeOf(pub.delivery, {
        tags,
        summary: 'Create a delivery',
        description: `\`phone_number\` (country code, plus optional) or \`email\` (400 '${M.phoneOrEmail}'). With \`id_device\` (an available delivery door, also of a super-tenant parent's shared location; 409 otherwise) the door is held and the delivery waits for the courier (in progress, \`courier_pin_code\`). Without it the parcel waits at the desk: awaiting user pickup at once, the pickup code is sent by SMS or e-mail (non_locker_delivery). Admins and members. spec: operational §7 Transactions.`,
        errors: errors(400, 401, 403, 404, 409),
      }),
      handler: async (req) => {
        const id = await req.withTenant((tx) => createDelivery({ ...deps, tx, auth: req.auth }, req.body));
        await sendPickupCode(ctxOf(req), { id });
        return answer(req, id, M.deliveryCreated);
      },
    });

    app.route({
      ...routeOf(delivery.complete, {
        tags,
        summary: "Complete a delivery's drop-off",
        description:
          "The parcel is in door `id_device` (the held one, or another available delivery door): the door opens, the delivery awaits the user's pickup, the pickup code is sent by SMS or e-mail (`notification_status` sent or failed) and the expiry set. For a delivery in progress, or one waiting at the desk (no door; its code is replaced by a new one and its charges kept); 409 otherwise. Admins and members. spec: operational §7 Transactions.",
        params: Params,
        errors: errors(400, 401, 403, 404, 409, 502),
      }),
      handler: async (req) => {
        await courierDropoff(ctxOf(req), { ...req.body, id: req.params.id, action: 'complete' });
        await sendPickupCode(ctxOf(req), { id: req.params.id });
        return answer(req, req.params.id, M.deliveryCompleted);
      },
    });

    app.route({
      ...routeOf(e.resendCode, {
        tags,
        summary: 'Send the pickup code again',
        description: `JSON \`{ via?: 'sms' | 'email' }\`: the channel the operator chose; without it SMS to the recipient's phone, else e-mail. 400 '${M.phoneMissing}' / '${M.emailMissing}' when the delivery has no address for the chosen channel. Only for a delivery awaiting user pickup (409 otherwise); unlocks a code locked by wrong tries. 502 '${M.sendCodeFailed}' when it could not be sent. Admins only. spec: operational §4 Actions by state, §8.`,
        params: Params,
        // optional: a call without a body keeps the default channel
        body: ZResendCodeRequest.optional(),
        errors: errors(400, 401, 403, 404, 409, 502),
      }),
      handler: async (req) => {
        const via = await req.withTenant((tx) =>
          prepareResend({ tx, auth: req.auth }, { id: req.params.id, via: req.body?.via }),
        );
        const sent = await sendPickupCode(ctxOf(req), { id: req.params.id, via });
        if (!sent) throw new HttpError(502, M.sendCodeFailed);
        return answer(req, req.params.id, M.codeSent);
      },
    });

    app.route({
      ...routeOf(e.share, {
        tags,
        summary: 'Share a transaction',
        description: `Sends a link to \`GET event/{id}/public\` by SMS (\`phone_number\`) or e-mail (\`email\`; 400 '${M.phoneOrEmail}' without either). 502 when it could not be sent. Admins only. spec: operational §7 Transactions.`,
        params: Params,
        errors: errors(400, 401, 403, 404, 502),
      }),
      handler: async (req) => {
        const token = await req.withTenant((tx) =>
          share({ tx, auth: req.auth }, { id: req.params.id, to: req.body }),
        );
        const t = await req.withTenant((tx) =>
          transactionOr404({ tx, organizationId: req.auth.organizationId, id: req.params.id }),
        );
        const sent = await sendShareLink(ctxOf(req), {
          id: t.id,
          invoiceId: t.invoice_id,
          to: req.body,
          token,
        });
        if (!sent) throw new HttpError(502, req.body.phone_number ? M.sendCodeFailed : MSG.unableToSendEmail);
        return { detail: M.shared, event: t };
      },
    });

    await app.register(partnerRoutes({ ctxOf }));
  };
}
