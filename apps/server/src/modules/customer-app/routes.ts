import { CUSTOMER_APP_MESSAGES, endpoints, MSG, preferredLanguage } from '@lockerops/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LockAdapter } from '../../adapters/locks';
import { HttpError, NotFound, Unauthorized } from '../../errors';
import { errors, routeOf } from '../../lib/openapi';
import { addressKey, type CodeDeps } from '../one-time-codes';
import { stepContext, type TransactionDeps } from '../transactions';
import type { CustomerRow } from '../users';
import { appOrganization } from './queries/organization';
import { handoverRoutes } from './routes/handover';
import { rentalRoutes } from './routes/rentals';
import { appConfig } from './service/config';
import {
  findLocations,
  type LockerContext,
  myLockers,
  myParcels,
  openAgain,
  openParcel,
  startStorage,
} from './service/lockers';
import { endWithReceipt } from './service/receipt-mail';
import {
  CUSTOMER_COOKIE,
  customerOfCookie,
  deleteMe,
  meOf,
  requestSignInCode,
  SESSION_SECONDS,
  signIn,
  signOut,
  updateMe,
} from './service/session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in Lite App customer and their session (the app's signed-in routes only). */
    customer: { customer: CustomerRow; sessionId: string };
  }
}

/**
 * Resolves `{organization}` of a Lite App call: the active organization with the Lite App feature
 * on (else 404, the same for one that does not exist), acting as the app ("Lite App" in the
 * transactions' history).
 */
async function resolveOrganization(req: FastifyRequest): Promise<void> {
  const { organization } = req.params as { organization: string };
  const found = await appOrganization({ db: req.server.ctx.db, subdomain: organization });
  if (!found) throw NotFound(MSG.notFound);
  req.auth = {
    organizationId: found.id,
    homeOrganizationId: found.id,
    role: 'member',
    actor: { type: 'api_key', id: found.id, name: 'Lite App' },
  };
}

/** The cookie's path: the app's API of this organization only. */
const cookiePath = (req: FastifyRequest) =>
  `/api/customer/${encodeURIComponent((req.params as { organization: string }).organization)}`;

/**
 * The Lite App's API under `/api/customer/{organization}` (README "Lite App"): what the app shows
 * before sign-in, the one-time sign-in code, and the customer's own session — an httpOnly,
 * SameSite=Strict cookie for this path only, apart from the console's sessions.
 */
export const customerAppRoutes =
  (opts: { locks: LockAdapter; now: () => Date }): FastifyPluginAsyncZod =>
  async (app) => {
    app.decorateRequest('customer', null as unknown as FastifyRequest['customer']);
    const tags = ['lite app'];
    const config = { public: true };
    /** The signed-in customer's calls: the cookie is the credential, and Idempotency-Key is honoured. */
    const ownCaller = { public: true, ownCaller: true };
    const e = endpoints.customerApp;
    const secure = app.ctx.config.publicUrl.startsWith('https:');
    const perAddress = app.createRateLimit({
      max: app.ctx.config.widgetRateLimit,
      timeWindow: 60_000,
      keyGenerator: (req) => `app-ip:${addressKey(req.ip)}`,
    });
    const limited = async (req: FastifyRequest) => {
      const limit = await perAddress(req);
      if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, MSG.tooManyRequests);
      await resolveOrganization(req);
    };
    /**
     * The signed-in customer's routes: 401 without a live session of this organization; the
     * customer acts as the app with their own id (onRequest: before the idempotency hook).
     */
    const signedIn = async (req: FastifyRequest) => {
      await limited(req);
      const found = await customerOfCookie(deps(req), {
        organizationId: req.auth.organizationId,
        cookie: req.cookies[CUSTOMER_COOKIE],
      });
      if (!found) throw Unauthorized(CUSTOMER_APP_MESSAGES.notSignedIn);
      req.customer = found;
      // the customer is the caller: their Idempotency-Keys are theirs alone (another customer's
      // same key never replays this one's answer), and the history records who acted
      req.auth = { ...req.auth, actor: { ...req.auth.actor, id: found.customer.id } };
    };
    const deps = (req: FastifyRequest): CodeDeps => ({
      run: (fn) => req.withTenant(fn),
      secrets: app.ctx.secrets,
      mail: app.ctx.mail,
      sms: app.ctx.sms,
      log: req.log,
      limits: app.ctx.config.widgetCodes,
    });
    const clearCookie = (req: FastifyRequest, reply: FastifyReply) =>
      reply.clearCookie(CUSTOMER_COOKIE, {
        path: cookiePath(req),
        httpOnly: true,
        sameSite: 'strict',
        secure,
      });
    const org = (req: FastifyRequest) => req.auth.organizationId;

    app.route({
      ...routeOf(e.config, {
        tags,
        summary: 'Lite App: the white label and settings',
        description:
          "The organization's app name and logo, the Lite App customizer's settings (sign-in method, toggles, colours), the currency, and `contacts`: where a sign-in code may go (e-mail only while the organization's Twilio verification switch is off). 404 for an organization without the Lite App.",
        errors: errors(404, 429),
      }),
      config,
      preHandler: limited,
      handler: (req) => req.withTenant((tx) => appConfig({ tx, organizationId: org(req) })),
    });

    app.route({
      ...routeOf(e.requestCode, {
        tags,
        summary: 'Lite App: send a sign-in code',
        description:
          "Sends a 6-digit code, valid 10 minutes, to the one contact given, as the customizer's sign-in method allows (else 400): `email` by e-mail, `phone_number` (with its country code) by SMS — only while the organization's Twilio verification switch is on — in the app's language (`Accept-Language`: en, es, de), else the organization's default language. The answer is the same for a customer and for a contact that is not one (with \"pre-registered customers only\", such a contact gets nothing). 429 past the one-time codes' caps per contact, client address (an IPv6 /64) and organization an hour.",
        errors: errors(400, 404, 429, 502),
      }),
      config,
      preHandler: limited,
      handler: async (req, reply) => {
        const sent = await requestSignInCode(deps(req), {
          organizationId: org(req),
          body: req.body,
          address: req.ip,
          language: preferredLanguage(req.headers['accept-language']),
        });
        return reply.status(202).send(sent);
      },
    });

    app.route({
      ...routeOf(e.signIn, {
        tags,
        summary: 'Lite App: sign in with the code',
        description:
          "Signs the customer in with the code sent to the contact: sets the app's session cookie (httpOnly, SameSite=Strict, for `/api/customer/{organization}` only, 30 days) and answers the customer — the organization's user with that contact, created when new unless the organization takes pre-registered customers only. One answer (400 `toolbox.verificationInvalid`) for every code that does not sign in: wrong, expired, used, or tried 5 times from this address.",
        errors: errors(400, 404, 429),
      }),
      config,
      preHandler: limited,
      handler: async (req, reply) => {
        const { me, cookie } = await signIn(deps(req), {
          organizationId: org(req),
          body: req.body,
          address: req.ip,
          language: preferredLanguage(req.headers['accept-language']),
        });
        reply.setCookie(CUSTOMER_COOKIE, cookie, {
          path: cookiePath(req),
          httpOnly: true,
          sameSite: 'strict',
          secure,
          maxAge: SESSION_SECONDS,
        });
        return me;
      },
    });

    app.route({
      ...routeOf(e.signOut, {
        tags,
        summary: 'Lite App: sign out',
        description: 'Ends this session and expires its cookie.',
        errors: errors(401, 404),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: async (req, reply) => {
        await req.withTenant((tx) =>
          signOut({ tx, organizationId: org(req), sessionId: req.customer.sessionId }),
        );
        clearCookie(req, reply);
        return { detail: CUSTOMER_APP_MESSAGES.signedOut };
      },
    });

    app.route({
      ...routeOf(e.me, {
        tags,
        summary: 'Lite App: the signed-in customer',
        description: "The customer's name and verified contacts. 401 without a session.",
        errors: errors(401, 404),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: (req) => meOf(req.customer.customer),
    });

    app.route({
      ...routeOf(e.updateMe, {
        tags,
        summary: "Lite App: change the customer's details",
        description:
          "First and last name, `receipt_emails` (receipts by e-mail when a paid transaction ends, to the e-mail proved by a sign-in code) and `language` (the app's: the e-mails' language); the verified contact stays as it is.",
        errors: errors(400, 401, 404),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: (req) =>
        req.withTenant((tx) =>
          updateMe({ tx, organizationId: org(req), customerId: req.customer.customer.id, body: req.body }),
        ),
    });

    app.route({
      ...routeOf(e.deleteMe, {
        tags,
        summary: "Lite App: delete the customer's account",
        description:
          "Detaches the person from the operator's records: name, contacts and codes cleared, the user deleted and inactive, every session ended; transactions, payments and history the operator must keep stay, without the person.",
        errors: errors(401, 404),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: async (req, reply) => {
        await req.withTenant((tx) =>
          deleteMe({ tx, organizationId: org(req), customerId: req.customer.customer.id }),
        );
        clearCookie(req, reply);
        return { detail: CUSTOMER_APP_MESSAGES.deleted };
      },
    });
    const txDeps: TransactionDeps = {
      locks: opts.locks,
      charges: app.ctx.charges,
      sms: app.ctx.sms,
      mail: app.ctx.mail,
      publicUrl: app.ctx.config.publicUrl,
      deliveryPickupLimitSeconds: app.ctx.config.deliveryPickupLimitSeconds,
    };
    const lockerCtx = (req: FastifyRequest): LockerContext => ({
      step: stepContext(req, txDeps),
      customerId: req.customer.customer.id,
      now: opts.now,
      receipts: { mail: app.ctx.mail, log: req.log },
    });
    rentalRoutes(app, { limited, signedIn, lockerCtx });
    handoverRoutes(app, { limited, txDeps, now: opts.now });

    app.route({
      ...routeOf(e.locations, {
        tags,
        summary: 'Lite App: find a locker',
        description:
          "The organization's public places (not hidden, not restricted), `search` in name or address, nearest first with `lat` and `lng` (the customer's consent), each with its storage doors by size: how many are free and the price of a free one (null: free of charge); and the modes the organization runs.",
        errors: errors(400, 404, 429),
      }),
      config,
      preHandler: limited,
      handler: (req) =>
        req.withTenant((tx) =>
          findLocations({ tx, organizationId: org(req), q: req.query, now: opts.now() }),
        ),
    });

    app.route({
      ...routeOf(e.lockers, {
        tags,
        summary: "Lite App: the customer's lockers",
        description:
          "The signed-in customer's own transactions, newest first (at most 100): what runs and the history with totals.",
        errors: errors(401, 404),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: (req) => myLockers(lockerCtx(req)),
    });

    app.route({
      ...routeOf(e.startStorage, {
        tags,
        summary: 'Lite App: start a storage',
        description:
          "On the first free storage door of `id_size` at `id_location`, for the signed-in customer, through the partner API's storage start (same rules): the door opens. A priced door needs `payment_method` first (402): the time used is charged to it at the end. 409 when no door of the size is free; 502 when the lock does not answer (nothing kept). With `Idempotency-Key`, a double tap or a retried request opens one door once.",
        errors: errors(400, 401, 402, 404, 409, 502),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: async (req, reply) => reply.status(201).send(await startStorage(lockerCtx(req), req.body)),
    });

    app.route({
      ...routeOf(e.openAgain, {
        tags,
        summary: 'Lite App: open the door again',
        description:
          "Opens the door of the customer's storage in progress again (409 otherwise); 404 for a transaction that is not the customer's.",
        errors: errors(401, 404, 409, 502),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: (req) => openAgain(lockerCtx(req), req.params.id),
    });

    app.route({
      ...routeOf(e.end, {
        tags,
        summary: 'Lite App: end (pick up)',
        description:
          "The customer's pickup through the partner API's pickup step: the door opens, the time used is charged (the sandbox provider when none is connected), the door is free again; when it charged, its receipt (the PDF's words, the PDF attached) is e-mailed once, after the end, to the e-mail the customer proved at sign-in, in the app's language, unless they turned receipt e-mails off. 404 for a transaction that is not the customer's; 409 when it cannot end.",
        errors: errors(401, 402, 404, 409, 502),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: (req) => endWithReceipt(lockerCtx(req), req.params.id),
    });

    app.route({
      ...routeOf(e.parcels, {
        tags,
        summary: 'Lite App: parcels waiting for the customer',
        description:
          'The deliveries whose recipient is the signed-in customer, dropped off in a locker and not yet picked up, oldest first (at most 100): the door, the place and its time zone, when it was made and when it expires (`pickup_by`). The pickup code is never answered: the customer opens with a tap.',
        errors: errors(401, 404),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: (req) => myParcels(lockerCtx(req)),
    });

    app.route({
      ...routeOf(e.openParcel, {
        tags,
        summary: 'Lite App: open the door of a waiting parcel',
        description:
          "The recipient's pickup with a tap instead of the code, through the partner API's pickup step: the door opens, the delivery is `finished` and its door free again; answers the transaction. 404 for a parcel that is not the customer's or no longer waiting; 409 when the pickup code is locked after 5 wrong tries; 502 when the lock does not answer (nothing changes). With `Idempotency-Key`, a retried tap opens once.",
        errors: errors(401, 404, 409, 502),
      }),
      config: ownCaller,
      onRequest: signedIn,
      handler: (req) => openParcel(lockerCtx(req), req.params.id),
    });
  };
