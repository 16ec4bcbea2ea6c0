import { CUSTOMER_HOLD_SECONDS, endpoints } from '@lockerops/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors, routeOf } from '../../../lib/openapi';
import { stepContext, type TransactionDeps } from '../../transactions';
import { handoverStart, handoverSummary } from '../service/handover';

/**
 * The Lite App's side of a payment handed over from the screen at the wall (README: The screen at
 * the wall, "Storage at the screen"): the phone that read the screen's QR code sees the held door
 * and pays for it. The handover token (from the address's fragment, sent in the body so no log
 * keeps it) is the credential, for that door only.
 */
export function handoverRoutes(
  appIn: FastifyInstance,
  h: { limited: (req: FastifyRequest) => Promise<void>; txDeps: TransactionDeps; now: () => Date },
): void {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const tags = ['lite app'];
  const e = endpoints.customerApp;
  const ctx = (req: FastifyRequest) => ({
    step: stepContext(req, h.txDeps),
    now: h.now,
    secrets: app.ctx.secrets,
  });

  app.route({
    ...routeOf(e.handover, {
      tags,
      summary: 'Lite App: the door held at a screen',
      description: `The door a screen at the wall holds for its signed-in customer while they pay on their phone (\`token\`: from the screen's QR code): the place and its time zone, the door's number, size and price, and \`held_until\` (${CUSTOMER_HOLD_SECONDS / 60} minutes after the hold). 409 once the hold ended (paid, given up, or its time is up).`,
      errors: errors(400, 404, 409, 429),
    }),
    config: { public: true },
    preHandler: h.limited,
    handler: (req) => handoverSummary(ctx(req), req.body.token),
  });

  app.route({
    ...routeOf(e.handoverStart, {
      tags,
      summary: 'Lite App: pay for the door held at a screen',
      description:
        "The Lite App's storage start with the held door (`id_hold`) and the card (`payment_method`), for the customer signed in at the screen: the partner API's start step, the door opens and the hold ends; the time used is charged at the end. 409 once the hold ended; 502 when the lock does not answer (nothing kept).",
      errors: errors(400, 402, 404, 409, 429, 502),
    }),
    config: { public: true },
    preHandler: h.limited,
    handler: async (req, reply) => reply.status(201).send(await handoverStart(ctx(req), req.body)),
  });
}
