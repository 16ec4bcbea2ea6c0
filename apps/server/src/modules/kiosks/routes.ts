import {
  endpoints,
  KIOSK_ONLINE_WINDOW_SECONDS,
  KIOSK_PAIRING_TTL_SECONDS,
  KIOSK_MESSAGES as M,
} from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, routeOf } from '../../lib/openapi';
import { createPairing, kioskList, revoke } from './service';
import { addCourier, courierList, removeCourier, renewCourierCode } from './service/couriers';

/**
 * The console's calls of the kiosks area (Locker Wall → "Pair a screen", the Kiosks page): the
 * screens with their place, last call, app version and online state; pairing and revoking; and
 * the organization's couriers with their codes (shown once). Admins write; every role reads the
 * screens.
 */
export const kiosksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Kiosks'];
  const { kiosks: k, couriers: c } = endpoints;

  app.route({
    ...routeOf(k.list, {
      tags,
      summary: 'List the screens at the walls',
      description: `The organization's kiosks (of one location with \`id_location\`), newest first: place, \`state\` (waiting for its pairing code, paired, revoked), \`last_seen_at\`, \`app_version\`, \`online\` (a call within ${KIOSK_ONLINE_WINDOW_SECONDS} s).`,
      errors: errors(400, 401),
    }),
    handler: (req) =>
      req.withTenant((tx) => kioskList({ tx, auth: req.auth, idLocation: req.query.id_location })),
  });

  app.route({
    ...routeOf(k.pairing, {
      tags,
      summary: 'Pair a screen',
      description: `A kiosk for \`id_location\` (one wall of it with \`id_locker_wall\`) and its one-time pairing code \`XXXX-XXXX\`, answered once, valid ${KIOSK_PAIRING_TTL_SECONDS / 60} minutes: typed on the tablet at \`/kiosk\`, it becomes the screen's kiosk token. 404 for another organization's location; 400 for a wall elsewhere. Admins.`,
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await req.withTenant((tx) => createPairing({ tx, auth: req.auth, input: req.body }))),
  });

  app.route({
    ...routeOf(k.revoke, {
      tags,
      summary: 'Revoke a screen',
      description:
        'Its kiosk token (or pending pairing code) stops at once: its next call answers 401. Admins.',
      errors: errors(401, 403, 404),
    }),
    handler: (req) => req.withTenant((tx) => revoke({ tx, auth: req.auth, id: req.params.id })),
  });

  app.route({
    ...routeOf(c.list, {
      tags,
      summary: 'List couriers',
      description:
        "The couriers who may drop parcels at the screens: the users of the organization's groups marked `couriers` (Groups), with `has_code`, `active` and their last use; never their codes. Admins.",
      errors: errors(401, 403),
    }),
    handler: (req) => req.withTenant((tx) => courierList({ tx, auth: req.auth })),
  });

  app.route({
    ...routeOf(c.create, {
      tags,
      summary: 'Add a courier',
      description: `A courier — a new user \`name\` (first word the first name), or the organization's user \`id_user\` — put into the organization's courier group (made as "${M.courierGroup}" when none is marked), and their 8-digit courier code, answered once (stored only as its keyed hash; unique in the organization). 404 '${M.userNotFound}' for a user of another organization. Admins.`,
      errors: errors(400, 401, 403),
    }),
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await req.withTenant((tx) =>
            addCourier({ tx, auth: req.auth, secrets: app.ctx.secrets, input: req.body }),
          ),
        ),
  });

  app.route({
    ...routeOf(c.newCode, {
      tags,
      summary: "Replace a courier's code",
      description:
        'A new code for a user of a courier group (the first one for a member added in Groups), answered once; the old one stops at once. 404 for a user who is no courier. Admins.',
      errors: errors(401, 403, 404),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        renewCourierCode({ tx, auth: req.auth, secrets: app.ctx.secrets, id: req.params.id }),
      ),
  });

  app.route({
    ...routeOf(c.remove, {
      tags,
      summary: 'Remove a courier',
      description:
        'The user leaves the courier groups and their code is dropped: their code and any session on a screen stop at once (the user stays). Admins.',
      errors: errors(401, 403, 404),
    }),
    handler: (req) => req.withTenant((tx) => removeCourier({ tx, auth: req.auth, id: req.params.id })),
  });
};
