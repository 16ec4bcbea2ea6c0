import { endpoints, ZCustomerRentalReturn } from '@lockerops/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MULTIPART, zFile } from '../../../lib/crud/multipart';
import { errors, routeOf } from '../../../lib/openapi';
import { holdDoor } from '../service/holds';
import type { LockerContext } from '../service/lockers';
import { withReceipt } from '../service/receipt-mail';
import { receiptPdf } from '../service/receipts';
import { conditionsOf, photoOf, rentablesAt, returnFromApp, startRentals } from '../service/rentals';
import { cancelReservation, myReservations, reserve } from '../service/reservations';

/** What the Lite App's routes share: the callers' hooks and the customer's context. */
export interface AppCallers {
  /** a call open before sign-in (rate-limited, the organization resolved) */
  limited: (req: FastifyRequest) => Promise<void>;
  /** a call of the signed-in customer (401 without their session) */
  signedIn: (req: FastifyRequest) => Promise<void>;
  lockerCtx: (req: FastifyRequest) => LockerContext;
}

/**
 * The Lite App's rentals, reservations and door holds under `/api/customer/{organization}` (README
 * "Lite App"), registered in the app's plugin beside its other calls; every switch of the Lite App
 * customizer they follow is enforced by the server.
 */
export function rentalRoutes(appIn: FastifyInstance, h: AppCallers): void {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const tags = ['lite app'];
  const e = endpoints.customerApp;
  const config = { public: true };
  const ownCaller = { public: true, ownCaller: true };
  const storage = app.ctx.storage;

  app.route({
    ...routeOf(e.rentables, {
      tags,
      summary: 'Lite App: products to rent at a place',
      description:
        "The rental doors of the public place `id` that hold a product and are free: the door, the product (name, description, picture) and the door's price (null: free of charge). Empty for a place that is not public.",
      errors: errors(400, 404, 429),
    }),
    config,
    preHandler: h.limited,
    handler: (req) =>
      req.withTenant((tx) =>
        rentablesAt({ tx, organizationId: req.auth.organizationId, locationId: req.params.id }),
      ),
  });

  app.route({
    ...routeOf(e.conditions, {
      tags,
      summary: 'Lite App: conditions a return may report',
      description:
        'The organization\'s product conditions (id, name), for the condition report of a return while the Lite App\'s "Track conditions of products" is on; empty while it is off.',
      errors: errors(401, 404),
    }),
    config: ownCaller,
    onRequest: h.signedIn,
    handler: (req) => req.withTenant((tx) => conditionsOf({ tx, organizationId: req.auth.organizationId })),
  });

  app.route({
    ...routeOf(e.startRentals, {
      tags,
      summary: 'Lite App: rent products',
      description:
        'Rents the products of the doors `id_devices` to the signed-in customer through the partner API\'s start in mode rental (same rules; "Lite App" in the history): each door opens in turn; answers the rentals. Several doors, or a second rental while one is in progress, only with the Lite App\'s "Allow multiple assets" (409 otherwise). 409 for a door not free to rent at a public place; 402 without `payment_method` when a door is priced; 502 when a lock does not answer. With `Idempotency-Key`, a double tap rents once.',
      errors: errors(400, 401, 402, 404, 409, 502),
    }),
    config: ownCaller,
    onRequest: h.signedIn,
    handler: async (req, reply) => reply.status(201).send(await startRentals(h.lockerCtx(req), req.body)),
  });

  app.route({
    ...routeOf(e.returnRental, {
      tags,
      summary: 'Lite App: return a rental',
      description:
        'Multipart: `photo` (a picture, checked by content, at most 10 MB) and `id_condition`. The customer\'s return of their rental into its door through the partner API\'s return step: the door opens, the time used is charged, the product is tracked back with its condition (its effects apply: maintenance, report); when charged, its receipt is e-mailed as at the end of a storage. A photo is required while "Allow photo to end the asset rental" is on and refused while off (400); a condition likewise with "Track conditions of products" (400; 404 for an unknown condition). 404 for a rental that is not the customer\'s; 409 when it is not in progress; 413 for a larger photo.',
      consumes: MULTIPART,
      body: ZCustomerRentalReturn.extend({ photo: zFile.optional() }),
      errors: errors(400, 401, 402, 404, 409, 413, 502),
    }),
    config: { ...ownCaller, upload: 'image' },
    onRequest: h.signedIn,
    handler: async (req) => {
      const c = h.lockerCtx(req);
      return withReceipt(c, await returnFromApp(c, storage, req.params.id, req.body));
    },
  });

  app.route({
    ...routeOf(e.photo, {
      tags,
      summary: "Lite App: a rental's return photo",
      description:
        "The photo taken at the return of the customer's own transaction `id`, as the picture it is. 404 when the transaction is not the customer's or has no photo.",
      errors: errors(401, 404),
    }),
    config: ownCaller,
    onRequest: h.signedIn,
    handler: async (req, reply) => {
      const file = await photoOf(h.lockerCtx(req), storage, req.params.id);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .send(file.stream as never);
    },
  });

  app.route({
    ...routeOf(e.receipt, {
      tags,
      summary: "Lite App: a transaction's receipt (PDF)",
      description:
        "The receipt of the customer's own ended transaction `id` as a PDF (A6): the organization's app name, invoice number, place, door and product, start and end on the place's clock with its time zone named, the total in its currency, and the sandbox's note when no money moved; in `lang` (en, es, de; English when not sent). 404 when the transaction is not the customer's or has no total yet.",
      errors: errors(400, 401, 404),
    }),
    config: ownCaller,
    onRequest: h.signedIn,
    handler: async (req, reply) => {
      const pdf = await receiptPdf(h.lockerCtx(req), req.params.id, req.query.lang ?? 'en');
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="receipt.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  app.route({
    ...routeOf(e.reservations, {
      tags,
      summary: "Lite App: the customer's reservations",
      description:
        "The signed-in customer's own reservations, newest window first (at most 100): status, place, door, the place's time zone and the window (ISO 8601).",
      errors: errors(401, 404),
    }),
    config: ownCaller,
    onRequest: h.signedIn,
    handler: (req) =>
      req.withTenant((tx) => myReservations({ tx, auth: req.auth, customerId: req.customer.customer.id })),
  });

  app.route({
    ...routeOf(e.reserve, {
      tags,
      summary: 'Lite App: reserve a locker ahead',
      description:
        "Books a storage locker of `id_size` at the public place `id_location` from `start` to `end` (the place's wall clock with its offset, e.g. `2027-01-15T10:00:00-06:00`) for the signed-in customer, through the reservations area's own rules: the first locker of the size free for the window, the exclusion constraint against double booking (409), the maximum reservation time (400). 403 while the Lite App's \"Allow users to reserve a locker\" is off; 404 for a place that is not public.",
      errors: errors(400, 401, 403, 404, 409),
    }),
    config: ownCaller,
    onRequest: h.signedIn,
    handler: async (req, reply) => {
      const c = h.lockerCtx(req);
      const booked = await req.withTenant((tx) =>
        reserve({ tx, auth: req.auth, customerId: c.customerId, body: req.body, now: c.now() }),
      );
      return reply.status(201).send(booked);
    },
  });

  app.route({
    ...routeOf(e.cancelReservation, {
      tags,
      summary: 'Lite App: cancel a reservation',
      description:
        "Cancels the signed-in customer's own active reservation `id`: it is removed with its holds, as the console's delete does, and the locker is free for that window again. 404 when it is not the customer's; 409 when it has ended.",
      errors: errors(401, 404, 409),
    }),
    config: ownCaller,
    onRequest: h.signedIn,
    handler: (req) =>
      req.withTenant((tx) =>
        cancelReservation({ tx, auth: req.auth, customerId: req.customer.customer.id, id: req.params.id }),
      ),
  });

  app.route({
    ...routeOf(e.hold, {
      tags,
      summary: 'Lite App: hold a door while paying',
      description:
        'Keeps the first free storage door of `id_size` at `id_location` for the signed-in customer for 5 minutes while they pay: no other customer of the app is given it meanwhile, and an abandoned payment frees it when the time is up. The start with `id_hold` opens that door. One hold per customer (a new one ends the other). 409 when no door of the size is free.',
      errors: errors(400, 401, 404, 409),
    }),
    config: ownCaller,
    onRequest: h.signedIn,
    handler: async (req, reply) => reply.status(201).send(await holdDoor(h.lockerCtx(req), req.body)),
  });
}
