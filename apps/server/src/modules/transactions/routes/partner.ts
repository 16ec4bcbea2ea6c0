import { endpoints, TRANSACTION_MESSAGES as M } from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, routeOf } from '../../../lib/openapi';
import { confirmPayment } from '../steps/confirm-payment';
import type { StepContext } from '../steps/context';
import { courierDropoff } from '../steps/courier-dropoff';
import type { TransactionDeps } from '../steps/lifecycle';
import { returnRental } from '../steps/return-rental';
import { sendPickupCode } from '../steps/send-pickup-code';
import { start } from '../steps/start';
import { userPickup } from '../steps/user-pickup';
import { actionAnswer, answerWithin } from './answers';

const Params = z.object({ id: z.uuid() });
const tags = ['Transactions (partner)'];
const AUTH_NOTE =
  'Called by end-user apps, kiosks and the reservation widget with `X-API-Key`, or by a team member (admin or member) with a bearer token.';
/** Doors of a super-tenant parent's shared locations (`modules/devices/shared-doors.ts`). */
const SHARED_NOTE =
  "A sub-organization may also use its super-tenant parent's shared storage, service and delivery doors: the transaction is its own (its lists, reports, default price, payment account); the parent sees the door reserved; rental and vending doors there answer 400.";

/**
 * The partner calls that run the life cycle: starts of storage,
 * rental, service and vending, the rental return, the user's pickup, the courier's drop-off and the
 * confirmation of a pending payment. Each answers `{ detail, event }`.
 */
export function partnerRoutes(opts: {
  ctxOf: (req: FastifyRequest) => StepContext & TransactionDeps;
}): FastifyPluginAsyncZod {
  const { ctxOf } = opts;
  return async (app) => {
    const reply = actionAnswer;
    const e = endpoints.events;

    const starts = [
      {
        mode: 'storage',
        call: 'startStorage',
        summary: 'Start a storage transaction',
        text: 'On an available storage door for a user: the door opens, the door becomes reserved, the transaction is in progress until the user picks up (`POST events/{id}/pickup`) or an operator ends it; charged by time at the end. Emits on_start.',
      },
      {
        mode: 'rental',
        call: 'startRental',
        summary: 'Start a rental (product out)',
        text: 'On an available rental door holding a product: the door opens, the product is tracked "Out", the transaction is in progress until the return (`POST events/{id}/return`); charged by time. Emits on_start.',
      },
      {
        mode: 'service',
        call: 'startService',
        summary: 'Service drop-off by the user',
        text: 'The user puts laundry into an available service door: the door opens and is held, the transaction awaits the service pickup by the operator. Emits on_start.',
      },
      {
        mode: 'vending',
        call: 'startVending',
        summary: 'Vending purchase',
        text: 'On a vending door holding a product: charged the product\'s sales price (promo applied), the door opens, the product is tracked "Out" and leaves the door; finished at once (or awaiting payment confirmation). Emits on_complete.',
      },
    ] as const;
    for (const s of starts) {
      app.route({
        ...routeOf(e[s.call], {
          tags,
          summary: s.summary,
          description: `${s.text} Body: \`id_device\`, \`id_user\`, optional \`promo_code\` (valid now, else 400 '${M.invalidPromo}'), \`image_url\`, \`signature_url\`. 400 wrong mode, 404 unknown device or user (also another organization's), 409 door not available or no product, 502 lock unreachable. ${s.mode === 'storage' || s.mode === 'service' ? `${SHARED_NOTE} ` : ''}${AUTH_NOTE}`,
          errors: errors(400, 401, 402, 403, 404, 409, 502),
        }),
        handler: async (req) => {
          return answerWithin(req, M.started, (within) =>
            start(ctxOf(req), { ...req.body, mode: s.mode }, within),
          );
        },
      });
    }

    app.route({
      ...routeOf(e.return, {
        tags,
        summary: 'Return a rental',
        description: `Into \`id_device\` (its own door, or an available rental door without a product) in condition \`id_condition\`: the door opens, the product is tracked "In" with the condition and the condition's effects apply (auto maintenance, auto report); charged by time; finished. 409 unless a rental in progress. ${AUTH_NOTE}`,
        params: Params,
        errors: errors(400, 401, 402, 403, 404, 409, 502),
      }),
      handler: async (req) => {
        await returnRental(ctxOf(req), { ...req.body, id: req.params.id });
        return reply(req, req.params.id, M.returned);
      },
    });

    app.route({
      ...routeOf(e.pickup, {
        tags,
        summary: "The user's pickup",
        description: `Storage in progress (charged by time), service or delivery awaiting user pickup (a delivery needs \`code\`, the pickup code sent to the recipient: 400 '${M.codeRequired}', 409 '${M.wrongCode}', after 5 wrong codes 409 '${M.codeLocked}'). The door opens and becomes available; finished. Emits on_complete. ${AUTH_NOTE}`,
        params: Params,
        errors: errors(400, 401, 402, 403, 404, 409, 502),
      }),
      handler: async (req) => {
        return answerWithin(req, M.pickup, (within) =>
          userPickup(ctxOf(req), { id: req.params.id, code: req.body?.code }, within),
        );
      },
    });

    app.route({
      ...routeOf(endpoints.delivery.dropoff, {
        tags,
        summary: "The courier's drop-off",
        description: `For a delivery in progress: \`courier_pin_code\` must match when given (409 '${M.wrongCourierCode}'); \`id_device\` optional (default the held door). The door opens, the delivery awaits the user's pickup and the pickup code is sent by SMS or e-mail. Emits on_start. ${AUTH_NOTE}`,
        params: Params,
        errors: errors(400, 401, 403, 404, 409, 502),
      }),
      handler: async (req) => {
        await courierDropoff(ctxOf(req), { ...req.body, id: req.params.id, action: 'courier_dropoff' });
        await sendPickupCode(ctxOf(req), { id: req.params.id });
        return reply(req, req.params.id, M.deliveryCompleted);
      },
    });

    app.route({
      ...routeOf(e.payment, {
        tags,
        summary: 'Confirm or fail a pending payment',
        description: `For a transaction awaiting payment confirmation (409 otherwise): \`status=succeeded\` moves it on to the status its step was going to; \`failed\` records the failure (an operator can end it). Admins or the API key (the payment provider's webhook relay). ${AUTH_NOTE}`,
        params: Params,
        errors: errors(400, 401, 403, 404, 409),
      }),
      handler: async (req) => {
        await req.withTenant((tx) =>
          confirmPayment({ tx, auth: req.auth }, { id: req.params.id, status: req.body.status }),
        );
        return reply(req, req.params.id, M.paymentConfirmed);
      },
    });
  };
}
