import {
  ADMINS,
  LOCATION_MESSAGES,
  STAFF,
  ZAssignee,
  ZDetailResponse,
  ZDevice,
  ZDeviceBulkResponse,
  ZLocation,
  ZLocationPatchRequest,
  ZLocationSize,
  ZLocationSizesQuery,
  ZResourceAssignRequest,
  ZReverseGeocodeQuery,
  ZReverseGeocodeResponse,
} from '@lockerops/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Geocoder, GeocodeUnavailable } from '../../adapters/geocode';
import type { LockAdapter } from '../../adapters/locks';
import { devices, locations, sizes } from '../../db/schema';
import { BadRequest, HttpError, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { findOr404, lockOr404, wireOf } from '../../lib/crud/resource';
import { errors } from '../../lib/openapi';
import { devicesToWire } from '../devices';
import type { DeviceRow } from '../devices';
import { unlockAnswer, unlockDevices } from '../devices';
import { locationsResource } from './resource';
import {
  assertMayShare,
  assign,
  assignedGroups,
  assignedUsers,
  assignmentOf,
  canRequireImage,
  unassign,
} from './service';

type LocationRow = typeof locations.$inferSelect;
const tags = ['Locations'];
const Params = z.object({ id: z.uuid() });

/**
 * The Locations calls beyond CRUD (spec: operational §7 Locations): toggles, devices and sizes at
 * a location, "Unlock All", assignment of users or groups, and the reverse address lookup of a
 * marker drag. `locks` is the lock adapter, `geocoder` the geocoding adapter.
 */
export function locationsRoutes(opts: { locks: LockAdapter; geocoder: Geocoder }): FastifyPluginAsyncZod {
  const { locks, geocoder } = opts;
  return async (app) => {
    app.patch(
      '/location/:id',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Hide/live and other toggles of a location',
          description:
            'JSON `{ hidden?, shared?, require_image? }`. Shared only for a super-tenant organization with the Shared Locations flag (403); require_image only for an organization with rental mode (else stored false). Answers the location. spec: operational §2 Locations (hide/live), §4 Location.',
          params: Params,
          body: ZLocationPatchRequest,
          response: { 200: ZLocation, ...errors(400, 401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          const existing = (await lockOr404(
            tx,
            locations,
            req.auth,
            req.params.id,
          )) as unknown as LocationRow;
          const b = req.body;
          if (b.shared && !existing.shared) await assertMayShare(tx, req.auth.organizationId);
          const [row] = await tx
            .update(locations)
            .set({
              ...(b.hidden !== undefined ? { hidden: b.hidden } : {}),
              ...(b.shared !== undefined ? { shared: b.shared } : {}),
              ...(b.require_image !== undefined
                ? { requireImage: b.require_image && (await canRequireImage(tx, req.auth.organizationId)) }
                : {}),
              updatedAt: new Date(),
            })
            .where(and(eq(locations.id, existing.id), eq(locations.organizationId, req.auth.organizationId)))
            .returning();
          await writeAudit(tx, req.auth, {
            entity: 'location',
            entityId: existing.id,
            action: 'update',
            before: wireOf(locations, existing as never),
            after: wireOf(locations, row as never),
          });
          return (await locationsResource.toWire([row as never], tx))[0]!;
        }),
    );

    app.get(
      '/locations/:id/devices',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: 'Devices at a location',
          description:
            'Every device of the location, by locker number (the Settings tab). spec: operational §2 Locations, §7.',
          params: Params,
          response: {
            200: z.object({ items: z.array(ZDevice), total: z.number().int() }),
            ...errors(401, 403, 404),
          },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          await findOr404(tx, locations, req.auth, req.params.id, LOCATION_MESSAGES.notFound);
          const rows = await tx
            .select()
            .from(devices)
            .where(
              and(eq(devices.organizationId, req.auth.organizationId), eq(devices.idLocation, req.params.id)),
            )
            .orderBy(asc(devices.lockerNumber));
          return { items: await devicesToWire(rows, tx), total: rows.length };
        }),
    );

    app.get(
      '/locations/:id/sizes',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: 'Sizes at a location',
          description:
            'The sizes of the devices at the location with how many devices have each, optionally only devices of mode `by_mode` and status `by_status`. spec: operational §7 Locations.',
          params: Params,
          querystring: ZLocationSizesQuery,
          response: { 200: z.object({ items: z.array(ZLocationSize) }), ...errors(400, 401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          await findOr404(tx, locations, req.auth, req.params.id, LOCATION_MESSAGES.notFound);
          const rows = await tx
            .select({
              id: sizes.id,
              name: sizes.name,
              width: sizes.width,
              depth: sizes.depth,
              height: sizes.height,
              image: sizes.image,
              n: count(devices.id),
            })
            .from(devices)
            .innerJoin(sizes, eq(sizes.id, devices.idSize))
            .where(
              and(
                eq(devices.organizationId, req.auth.organizationId),
                eq(devices.idLocation, req.params.id),
                req.query.by_mode ? eq(devices.mode, req.query.by_mode) : undefined,
                req.query.by_status ? eq(devices.status, req.query.by_status) : undefined,
              ),
            )
            .groupBy(sizes.id)
            .orderBy(asc(sizes.name));
          return {
            items: rows.map((r) => ({
              id: r.id,
              name: r.name,
              width: Number(r.width),
              depth: Number(r.depth),
              height: Number(r.height),
              image: r.image,
              devices: r.n,
            })),
          };
        }),
    );

    app.patch(
      '/location/:id/unlock',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: '"Unlock All": open every available door of a location',
          description:
            'Opens every device of the location whose status is available through the lock adapter (gantner locks with unknown/offline status are skipped as failures). Answers `{ detail, updated, failed }`; when no door could be opened, "Unable to reach lock. Please check your lock is connected" with 409 (only blocked gantner locks) or 502 (a lock did not answer). spec: operational §7 Locations, §4 Device status.',
          params: Params,
          response: { 200: ZDeviceBulkResponse, ...errors(401, 403, 404, 409, 502) },
        },
      },
      async (req) => {
        const result = await unlockDevices(
          (fn) => req.withTenant(fn),
          req.auth,
          locks,
          async (tx) => {
            await findOr404(tx, locations, req.auth, req.params.id, LOCATION_MESSAGES.notFound);
            const rows = (await tx
              .select()
              .from(devices)
              .where(
                and(
                  eq(devices.organizationId, req.auth.organizationId),
                  eq(devices.idLocation, req.params.id),
                  eq(devices.status, 'available'),
                ),
              )
              .orderBy(asc(devices.id))
              .for('update')) as DeviceRow[];
            if (rows.length)
              await writeAudit(tx, req.auth, {
                entity: 'location',
                entityId: req.params.id,
                action: 'unlock',
                changes: {},
              });
            return rows;
          },
          'Unlock All of the location',
        );
        if (!result.picked) return { detail: LOCATION_MESSAGES.nothingToUnlock, updated: [], failed: [] };
        return { ...unlockAnswer(result, false), detail: LOCATION_MESSAGES.unlockSent };
      },
    );

    app.patch(
      '/resources/:id/assign-user',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Assign a user or group to a restricted location',
          description:
            '`id_user` is a user id, or a group id with `resource_type` group (default: the location\'s restriction type). 400 "Please select a restriction type." for an unrestricted location; 409 with the spec\'s switching warning when the kind does not match the restriction type; 404 for a user, group or location of another organization. spec: operational §7 Locations.',
          params: Params,
          body: ZResourceAssignRequest,
          response: { 200: ZDetailResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          const loc = (await lockOr404(tx, locations, req.auth, req.params.id)) as unknown as LocationRow;
          const restriction = loc.restrictionType as 'users' | 'groups' | null;
          if (!restriction) throw BadRequest(LOCATION_MESSAGES.restrictionTypeRequired);
          const type = req.body.resource_type ?? assignmentOf(restriction);
          if (type !== assignmentOf(restriction))
            throw new HttpError(
              409,
              restriction === 'users' ? LOCATION_MESSAGES.switchUsers : LOCATION_MESSAGES.switchGroups,
            );
          await assign(tx, req.auth, loc.id, type, [req.body.id_user]);
          await writeAudit(tx, req.auth, {
            entity: 'location',
            entityId: loc.id,
            action: `assign_${type}`,
            changes: { [type]: { before: null, after: req.body.id_user } },
          });
          return { detail: LOCATION_MESSAGES.assigned };
        }),
    );

    app.patch(
      '/resources/:id/remove-user',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Remove a user or group from a location',
          description:
            "`id_user` is a user id, or a group id with `resource_type` group (default: the location's restriction type, else user). 404 when it was not assigned. spec: operational §7 Locations.",
          params: Params,
          body: ZResourceAssignRequest,
          response: { 200: ZDetailResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          const loc = (await lockOr404(tx, locations, req.auth, req.params.id)) as unknown as LocationRow;
          const restriction = loc.restrictionType as 'users' | 'groups' | null;
          const type = req.body.resource_type ?? (restriction ? assignmentOf(restriction) : 'user');
          if (!(await unassign(tx, req.auth, loc.id, type, req.body.id_user)))
            throw NotFound(
              type === 'user' ? LOCATION_MESSAGES.userNotFound : LOCATION_MESSAGES.groupNotFound,
            );
          await writeAudit(tx, req.auth, {
            entity: 'location',
            entityId: loc.id,
            action: `remove_${type}`,
            changes: { [type]: { before: req.body.id_user, after: null } },
          });
          return { detail: LOCATION_MESSAGES.removed };
        }),
    );

    for (const kind of ['users', 'groups'] as const) {
      app.get(
        `/resources/:id/${kind}`,
        {
          config: { roles: STAFF },
          schema: {
            tags,
            summary: `The ${kind} assigned to a location`,
            description: `\`{ items: [{ id, name, email }] }\`, by name. spec: operational §7 Locations.`,
            params: Params,
            response: { 200: z.object({ items: z.array(ZAssignee) }), ...errors(401, 403, 404) },
          },
        },
        async (req) =>
          req.withTenant(async (tx) => {
            await findOr404(tx, locations, req.auth, req.params.id, LOCATION_MESSAGES.notFound);
            const map =
              kind === 'users'
                ? await assignedUsers(tx, req.auth.organizationId, [req.params.id])
                : await assignedGroups(tx, req.auth.organizationId, [req.params.id]);
            return { items: map.get(req.params.id) ?? [] };
          }),
      );
    }

    app.get(
      '/geocode/reverse',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: 'Address of a map position (marker drag)',
          description:
            'Looks the position up with the geocoding adapter (Nominatim, at most 3 s). `address` null when nothing is known there; 503 with "Could not look up the address…" when geocoding is off or unreachable, so the console keeps the address it had. spec: operational §2 Locations (marker drag performs an address lookup).',
          querystring: ZReverseGeocodeQuery,
          response: { 200: ZReverseGeocodeResponse, ...errors(400, 401, 403), 503: ZDetailResponse },
        },
      },
      async (req) => {
        try {
          return { address: await geocoder.reverse(req.query.lat, req.query.lng) };
        } catch (err) {
          if (err instanceof GeocodeUnavailable) throw new HttpError(503, LOCATION_MESSAGES.geocodeFailed);
          throw err;
        }
      },
    );
  };
}
