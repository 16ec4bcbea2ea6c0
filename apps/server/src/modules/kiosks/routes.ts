import { endpoints, KIOSK_ONLINE_WINDOW_SECONDS, KIOSK_PAIRING_TTL_SECONDS } from '@lockerops/contract';
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
        'The couriers who may drop parcels at the screens, with their last use; never their codes. Admins.',
      errors: errors(401, 403),
    }),
    handler: (req) => req.withTenant((tx) => courierList({ tx, auth: req.auth })),
  });

  app.route({
    ...routeOf(c.create, {
      tags,
      summary: 'Add a courier',
      description:
        'A courier and their 8-digit courier code, answered once (stored only as its keyed hash; unique in the organization). Admins.',
      errors: errors(400, 401, 403),
    }),
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await req.withTenant((tx) =>
            addCourier({ tx, auth: req.auth, secrets: app.ctx.secrets, name: req.body.name }),
          ),
        ),
  });

  app.route({
    ...routeOf(c.newCode, {
      tags,
      summary: "Replace a courier's code",
      description: 'A new code, answered once; the old one stops at once. Admins.',
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
      description: 'Their code and any session on a screen stop at once. Admins.',
      errors: errors(401, 403, 404),
    }),
    handler: (req) => req.withTenant((tx) => removeCourier({ tx, auth: req.auth, id: req.params.id })),
  });
};
