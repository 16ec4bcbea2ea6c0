import { endpoints, RESERVATION_MESSAGES } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../lib/crud/audit';
import { errors, routeOf } from '../../lib/openapi';
import { getReservationSettings, saveReservationSettings, trackingInUse } from './service';

/**
 * Reservation calls beyond CRUD (spec: operational §7 Reservations): `GET/PUT reservation-settings`
 * and `GET reservations/{tracking}/check-uniqueness`. Viewers: 403 (the Reservations page is closed
 * to them, spec §1).
 */
export const reservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Reservations'];

  app.route({
    ...routeOf(endpoints.reservationSettings.get, {
      tags,
      summary: 'Reservation settings',
      description:
        'max_rental_time and max_reservation_time with their periods (minute, hour, day, week; null = unlimited until saved), transaction_buffer_time and locker_buffer_time with their periods (minute, hour, day; 0 and null = off). The transaction buffer holds the locker for the reserving user that long before each window; the locker buffer keeps it held that long after. spec: operational §3 Reservation settings, §7.',
      errors: errors(401, 403),
    }),
    handler: async (req) =>
      req.withTenant((tx) => getReservationSettings({ tx, organizationId: req.auth.organizationId })),
  });

  app.route({
    ...routeOf(endpoints.reservationSettings.update, {
      tags,
      summary: 'Save the reservation settings',
      description:
        "Max values (whole numbers above 0) and their periods are required; a buffer is enabled by giving its period (or a value above 0), and then both are required. New settings apply to reservations created or edited afterwards. Answers `{ detail: 'Reservation settings updated successfully', settings }`. spec: operational §5 Reservation, §8.",
      errors: errors(400, 401, 403),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => {
        const before = await getReservationSettings({ tx, organizationId: req.auth.organizationId });
        const saved = await saveReservationSettings({
          tx,
          organizationId: req.auth.organizationId,
          s: req.body,
        });
        await writeAudit({
          tx,
          auth: req.auth,
          entry: {
            entity: 'reservation_settings',
            entityId: req.auth.organizationId,
            action: 'update',
            before,
            after: saved,
          },
        });
        return { detail: RESERVATION_MESSAGES.settingsUpdated, settings: saved };
      }),
  });

  app.route({
    ...routeOf(endpoints.reservations.checkUniqueness, {
      tags,
      summary: 'Whether a delivery tracking number is free',
      description:
        "Compares upper-cased with the organization's delivery reservations, leaving out `id` (the reservation being edited). Answers `{ unique: true, detail: '' }` or `{ unique: false, detail: 'Tracking Number is in use. Please enter a unique Tracking Number.' }`. spec: operational §5 Reservation, §7.",
      params: z.object({ tracking: z.string().trim().min(1).max(100) }),
      errors: errors(400, 401, 403),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => {
        const used = await trackingInUse({
          tx,
          organizationId: req.auth.organizationId,
          tracking: req.params.tracking,
          excludeId: req.query.id,
        });
        return { unique: !used, detail: used ? RESERVATION_MESSAGES.trackingInUse : '' };
      }),
  });
};
