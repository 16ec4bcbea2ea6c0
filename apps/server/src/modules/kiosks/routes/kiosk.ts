import {
  COURIER_SESSION_SECONDS,
  endpoints,
  KIOSK_RECIPIENT_MATCHES,
  KIOSK_RECIPIENT_TTL_SECONDS,
  KIOSK_MESSAGES as M,
  MSG,
} from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LockAdapter } from '../../../adapters/locks';
import { HttpError, Unauthorized } from '../../../errors';
import { errors, routeOf } from '../../../lib/openapi';
import { stepContext, type TransactionDeps } from '../../transactions';
import { type KioskAuth, kioskAuthContext, kioskState, pair, resolveKiosk } from '../service';
import { courierSignIn } from '../service/couriers';
import { lookUpParcel } from '../service/parcels';
import { searchRecipients } from '../service/recipients';
import { courierDrop, reportDoor, walkUpPickup } from '../service/walk-up';
import { kioskStorageRoutes } from './storage';

declare module 'fastify' {
  interface FastifyRequest {
    /** The screen a kiosk token named (kiosk routes only). */
    kiosk: KioskAuth;
  }
}

/** The header a paired screen sends its kiosk token in. */
const KIOSK_TOKEN_HEADER = 'x-kiosk-token';
/** The header a signed-in courier's session rides in. */
const COURIER_HEADER = 'x-courier-session';
/** Calls a screen may make in a minute (a person typing, a courier with thirty parcels). */
const KIOSK_CALLS_PER_MINUTE = 120;
/** Pairing attempts from one address in a minute. */
const PAIRINGS_PER_MINUTE = 10;

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * The screen's own calls under `/kiosk` (README: The screen at the wall). Each takes the kiosk
 * token (`X-Kiosk-Token`) and nothing else, and the token reaches nothing else: no console or
 * partner call knows it, and every call here acts only on the screen's own place (location, or
 * wall). A revoked token answers 401 at once. Rate-limited per screen (429). The life-cycle
 * work runs the partner API's steps; writes take `Idempotency-Key`, so a retried call opens no
 * door twice.
 */
export function kioskRoutes(opts: { locks: LockAdapter; now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('kiosk', null as unknown as KioskAuth);
    const deps: TransactionDeps = {
      locks: opts.locks,
      charges: app.ctx.charges,
      sms: app.ctx.sms,
      mail: app.ctx.mail,
      publicUrl: app.ctx.config.publicUrl,
      deliveryPickupLimitSeconds: app.ctx.config.deliveryPickupLimitSeconds,
    };
    const perKiosk = app.createRateLimit({
      max: KIOSK_CALLS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (req) => `kiosk:${req.kiosk?.id ?? req.ip}`,
    });
    const perAddress = app.createRateLimit({
      max: PAIRINGS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (req) => `kiosk-pair:${req.ip}`,
    });
    const tooMany = async (limit: Awaited<ReturnType<typeof perKiosk>>) => {
      if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, MSG.tooManyRequests);
    };
    const tags = ['Kiosk (screen)'];
    const security = [{ kioskToken: [] }];
    const config = { public: true };
    /** A paired screen's calls: the kiosk token is the credential, and Idempotency-Key is honoured. */
    const ownCaller = { public: true, ownCaller: true };
    /** Runs before the scope's idempotency hook, so a kiosk's keys are its organization's. */
    const guard = {
      onRequest: async (req: FastifyRequest) => {
        req.kiosk = await resolveKiosk({
          db: app.ctx.db,
          token: header(req, KIOSK_TOKEN_HEADER),
          appVersion: header(req, 'x-kiosk-version'),
        });
        await tooMany(await perKiosk(req));
        req.auth = kioskAuthContext(req.kiosk);
      },
    };
    const e = endpoints.kiosk;
    const ctxOf = (req: FastifyRequest) => stepContext(req, deps);
    kioskStorageRoutes(app, {
      guard,
      storageCtx: (req) => ({ ...ctxOf(req), secrets: app.ctx.secrets, now: opts.now, log: req.log }),
    });

    app.route({
      ...routeOf(e.pair, {
        tags,
        security: [],
        summary: 'Pair this screen',
        description: `Exchanges the one-time pairing code made in the console for the screen's kiosk token (answered once; kept by the tablet and sent as \`X-Kiosk-Token\`). A code works once and for ten minutes; anything else answers 400 '${M.invalidPairingCode}'. ${PAIRINGS_PER_MINUTE} tries a minute per address (429).`,
        errors: errors(400, 429),
      }),
      config,
      onRequest: async (req) => tooMany(await perAddress(req)),
      handler: async (req, reply) =>
        reply
          .status(201)
          .send(await pair({ db: app.ctx.db, code: req.body.code, appVersion: req.body.app_version })),
    });

    app.route({
      ...routeOf(e.state, {
        tags,
        security,
        summary: "The screen's place",
        description:
          "The screen's name, its organization and location, the walls it serves with their doors' positions (for the picture), and the sizes with their free delivery doors. Also the screen's heartbeat: `last_seen_at` and `X-Kiosk-Version` are recorded.",
        errors: errors(401, 429),
      }),
      config: ownCaller,
      ...guard,
      handler: (req) => req.withTenant((tx) => kioskState({ tx, kiosk: req.kiosk })),
    });

    app.route({
      ...routeOf(e.pickup, {
        tags,
        security,
        summary: 'Walk-up pickup by code',
        description: `The pickup code (typed, or read from its QR code) of a delivery waiting at this screen's place: the partner API's pickup step opens its door (answered with where it is on the wall); the code is spent. A code that names no delivery here answers 409 '${M.wrongPickupCode}' and is counted: after 10 in ten minutes, 429. 502 when the lock did not answer.`,
        errors: errors(400, 401, 409, 429, 502),
      }),
      config: ownCaller,
      ...guard,
      handler: (req) => walkUpPickup(ctxOf(req), req.kiosk, req.body.code),
    });

    app.route({
      ...routeOf(e.courierSession, {
        tags,
        security,
        summary: 'Courier sign-in at the screen',
        description: `A courier code (made in the console) → a courier session for this screen, valid ${COURIER_SESSION_SECONDS / 60} minutes, sent as \`X-Courier-Session\` with each drop-off. A code that is no courier's (guessed, or replaced) answers 401 '${M.wrongCourierCode}' and is counted: after 5 in ten minutes, 429.`,
        errors: errors(400, 401, 429),
      }),
      config: ownCaller,
      ...guard,
      handler: async (req) => {
        const s = await req.withTenant((tx) =>
          courierSignIn({ tx, secrets: app.ctx.secrets }, req.kiosk, req.body.code),
        );
        if (!s) throw Unauthorized(M.wrongCourierCode);
        return s;
      },
    });

    app.route({
      ...routeOf(e.drop, {
        tags,
        security,
        summary: "A courier's drop-off at the screen",
        description: `A free delivery door of \`id_size\` at this place (accessible doors, then the lowest, first with \`accessible\`) is held for a new delivery to the recipient (\`phone_number\` or \`email\`, or \`recipient\` from the courier's search: 400 '${M.recipientGone}' when it expired, is another screen's, or its user is gone; or \`parcel\` from the label's look-up, whose recipient and reserved door, when free, are taken: 400 '${M.parcelGone}' once dropped or expired), with the parcel's \`tracking_number\` kept on the delivery, through the partner API's delivery and drop-off steps: the door opens and the recipient gets the pickup code by SMS or e-mail. 401 '${M.courierSignedOut}' without a valid courier session; 409 '${M.noFreeDoor}'; 502 when the lock did not answer (the delivery is canceled).`,
        errors: errors(400, 401, 409, 429, 502),
      }),
      config: ownCaller,
      ...guard,
      handler: async (req, reply) =>
        reply
          .status(201)
          .send(
            await courierDrop(
              { ...ctxOf(req), secrets: app.ctx.secrets },
              req.kiosk,
              header(req, COURIER_HEADER),
              req.body,
            ),
          ),
    });

    app.route({
      ...routeOf(e.parcel, {
        tags,
        security,
        summary: "A parcel's label at the screen",
        description: `The tracking number read from a parcel's label (or typed; upper-cased) and the parcel the organization expects under it at this screen's place: an active delivery reservation with that tracking number at this location (or at none), not yet ended, that no delivery carries yet. \`expected\` is its size and its recipient shown as the search shows one, with \`parcel\`, an opaque reference the drop-off takes instead of a phone or e-mail (valid ${KIOSK_RECIPIENT_TTL_SECONDS / 60} minutes, this screen only; 400 '${M.parcelGone}' after); null when none is expected (the courier then names the recipient). Another organization's or place's reservation is never found. Counted with the recipient searches (60 in ten minutes per screen, then 429). 401 '${M.courierSignedOut}' without a courier session. README: The screen at the wall.`,
        errors: errors(400, 401, 429),
      }),
      config: ownCaller,
      ...guard,
      handler: (req) =>
        req.withTenant((tx) =>
          lookUpParcel(
            { tx, secrets: app.ctx.secrets },
            req.kiosk,
            header(req, COURIER_HEADER),
            req.query.tracking_number,
          ),
        ),
    });

    app.route({
      ...routeOf(e.recipients, {
        tags,
        security,
        summary: "A courier's search for the recipient",
        description: `The organization's users a signed-in courier (\`X-Courier-Session\`) may hand a parcel to, found by \`q\`: the start of a first, last or full name (three letters at least), a whole e-mail or a whole phone number (7–15 digits). Answers at most ${KIOSK_RECIPIENT_MATCHES} as \`{ recipient, name, contact }\` — a first name and the last name's initial, a masked phone or e-mail, and \`recipient\`, an opaque reference for this screen's drop-off (valid ${KIOSK_RECIPIENT_TTL_SECONDS / 60} minutes); when more match, none and \`more: true\`. Each search is counted per screen (60 in ten minutes, then 429). 401 '${M.courierSignedOut}' without a courier session. README: The screen at the wall.`,
        errors: errors(400, 401, 429),
      }),
      config: ownCaller,
      ...guard,
      handler: (req) =>
        req.withTenant((tx) =>
          searchRecipients(
            { tx, secrets: app.ctx.secrets },
            req.kiosk,
            header(req, COURIER_HEADER),
            req.query.q,
          ),
        ),
    });

    app.route({
      ...routeOf(e.report, {
        tags,
        security,
        summary: 'Report a door',
        description:
          '"The door didn\'t open", "the door is dirty" or "damaged": a free door goes to maintenance and an issue is raised at the place. 404 for a door that is not this screen\'s.',
        errors: errors(400, 401, 404, 429),
      }),
      config: ownCaller,
      ...guard,
      handler: async (req) => {
        await req.withTenant((tx) =>
          reportDoor({ tx, auth: req.auth, kiosk: req.kiosk, id: req.params.id, problem: req.body.problem }),
        );
        return { detail: M.reported };
      },
    });
  };
}
