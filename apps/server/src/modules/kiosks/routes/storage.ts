import {
  CUSTOMER_HOLD_SECONDS,
  endpoints,
  KIOSK_CUSTOMER_SESSION_SECONDS,
  KIOSK_MESSAGES as M,
  negotiateLanguage,
} from '@lockerops/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors, routeOf } from '../../../lib/openapi';
import type { CodeDeps } from '../../one-time-codes';
import { customerOfSession, kioskCode, kioskSignIn } from '../service/customers';
import {
  cancelHold,
  endAtScreen,
  holdForPayment,
  holdState,
  type StorageContext,
  startAtScreen,
  storageChoices,
} from '../service/storage';

/** The header a customer's session at the screen rides in. */
const CUSTOMER_HEADER = 'x-kiosk-customer';

/** What the screen's storage routes share with its other routes. */
export interface KioskCallers {
  /** resolves the screen of the kiosk token (401), counts its calls (429) */
  guard: { onRequest: (req: FastifyRequest) => Promise<void> };
  /** the step context of the screen's call, with the app's clock */
  storageCtx: (req: FastifyRequest) => StorageContext;
}

/**
 * Storage at the screen (README "Storage at the screen"), beside the screen's other calls under
 * `/kiosk`: the customer's sign-in by a one-time code to their phone, and with the session it
 * gives (`X-Kiosk-Customer`, this screen only), the sizes and their storages here, a start, a
 * priced door held while it is paid on the phone, and the end.
 */
export function kioskStorageRoutes(appIn: FastifyInstance, h: KioskCallers): void {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const tags = ['Kiosk (screen)'];
  const security = [{ kioskToken: [] }];
  const config = { public: true, ownCaller: true };
  const e = endpoints.kiosk;
  const codeDeps = (req: FastifyRequest): CodeDeps => ({
    run: (fn) => req.withTenant(fn),
    secrets: app.ctx.secrets,
    mail: app.ctx.mail,
    sms: app.ctx.sms,
    log: req.log,
    limits: app.ctx.config.widgetCodes,
  });
  const customer = (req: FastifyRequest) => {
    const v = req.headers[CUSTOMER_HEADER];
    return customerOfSession(codeDeps(req), req.kiosk, typeof v === 'string' ? v : undefined);
  };
  const signedOut = `401 '${M.customerSignedOut}' without this screen's customer session (\`X-Kiosk-Customer\`)`;

  app.route({
    ...routeOf(e.customerCode, {
      tags,
      security,
      summary: 'Storage at the screen: send a sign-in code',
      description: `A 6-digit code by SMS to \`phone_number\` (E.164), valid 10 minutes: the Lite App's sign-in code and rules (its sign-in method must allow phones, "pre-registered customers only" respected). The same answer for a customer and a number that is not one. The code caps count this screen as the client address (per number and per screen an hour: 429). 403 '${M.storageNotOffered}' unless the Lite App is on and signs in by phone.`,
      errors: errors(400, 401, 403, 429, 502),
    }),
    config,
    ...h.guard,
    handler: async (req, reply) =>
      reply.status(202).send(
        await kioskCode(codeDeps(req), req.kiosk, {
          phone: req.body.phone_number,
          language: negotiateLanguage(req.headers['accept-language']),
        }),
      ),
  });

  app.route({
    ...routeOf(e.customerSession, {
      tags,
      security,
      summary: 'Storage at the screen: sign in with the code',
      description: `The customer of the phone number and code (the Lite App's customer, created when new unless pre-registered only) → a session for this screen only, valid ${KIOSK_CUSTOMER_SESSION_SECONDS / 60} minutes, sent as \`X-Kiosk-Customer\`. One 400 for every code that does not sign in (wrong, expired, used, or tried 5 times at this screen).`,
      errors: errors(400, 401, 403, 429),
    }),
    config,
    ...h.guard,
    handler: (req) => kioskSignIn(codeDeps(req), req.kiosk, req.body),
  });

  app.route({
    ...routeOf(e.storage, {
      tags,
      security,
      summary: "Storage at the screen: sizes and the customer's storages",
      description: `The place's storage sizes with their free doors (not held by another customer) and the price of a free one (null: free of charge), and the customer's storages in progress here. ${signedOut}.`,
      errors: errors(401, 429),
    }),
    config,
    ...h.guard,
    handler: async (req) => storageChoices(h.storageCtx(req), req.kiosk, await customer(req)),
  });

  app.route({
    ...routeOf(e.storageStart, {
      tags,
      security,
      summary: 'Storage at the screen: start on a free door',
      description: `A free storage door of \`id_size\` at this place (accessible, then lowest, first with \`accessible\`) starts a storage for the customer through the partner API's start step: the door opens. 402 for a priced door (paid on the phone: \`POST kiosk/storage/holds\`); 409 '${M.noFreeDoor}'; 403 when storage is not offered; ${signedOut}; 502 when the lock did not answer.`,
      errors: errors(400, 401, 402, 403, 409, 429, 502),
    }),
    config,
    ...h.guard,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await startAtScreen(h.storageCtx(req), req.kiosk, await customer(req), req.body)),
  });

  app.route({
    ...routeOf(e.storageHold, {
      tags,
      security,
      summary: 'Storage at the screen: hold a priced door while it is paid',
      description: `A free storage door of \`id_size\` here, held for the customer for ${CUSTOMER_HOLD_SECONDS / 60} minutes (the Lite App's hold), and \`pay_url\`: the Lite App's payment of that door, for the screen's QR code. The door opens once paid (the app's start with the hold). 409 '${M.noFreeDoor}'; ${signedOut}.`,
      errors: errors(400, 401, 403, 409, 429),
    }),
    config,
    ...h.guard,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await holdForPayment(h.storageCtx(req), req.kiosk, await customer(req), req.body)),
  });

  app.route({
    ...routeOf(e.holdState, {
      tags,
      security,
      summary: 'Storage at the screen: the payment on the phone',
      description: `\`waiting\` while the hold of door \`id_device\` runs, \`started\` once the customer paid and the door opened (with the door), \`ended\` when the hold ran out or was given up. 404 for a door that is not this screen's; ${signedOut}.`,
      errors: errors(400, 401, 404, 429),
    }),
    config,
    ...h.guard,
    handler: async (req) =>
      holdState(h.storageCtx(req), req.kiosk, await customer(req), {
        id: req.params.id,
        idDevice: req.query.id_device,
      }),
  });

  app.route({
    ...routeOf(e.holdCancel, {
      tags,
      security,
      summary: 'Storage at the screen: give up paying',
      description: `The customer's hold ends and its door is free again. ${signedOut}.`,
      errors: errors(400, 401, 429),
    }),
    config,
    ...h.guard,
    handler: async (req) => {
      await cancelHold(h.storageCtx(req), req.kiosk, await customer(req), req.params.id);
      return { detail: M.holdGivenUp };
    },
  });

  app.route({
    ...routeOf(e.storageEnd, {
      tags,
      security,
      summary: 'Storage at the screen: collect my things',
      description: `Ends the customer's storage in progress at this place through the pickup step (as the Lite App's end): the door opens and the time used is charged to the card given at the start. 404 '${M.doorNotHere}' for a storage that is not the customer's or not here; ${signedOut}; 502 when the lock did not answer.`,
      errors: errors(400, 401, 402, 404, 409, 429, 502),
    }),
    config,
    ...h.guard,
    handler: async (req) => endAtScreen(h.storageCtx(req), req.kiosk, await customer(req), req.params.id),
  });
}
