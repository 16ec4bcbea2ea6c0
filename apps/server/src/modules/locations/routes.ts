import {
  endpoints,
  GEOCODE_QUERY_MAX,
  GEOCODE_QUERY_MIN,
  LOCATION_MESSAGES,
  MSG,
  ZAssignee,
  ZDetailResponse,
  ZDevice,
  ZLocationSize,
} from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Geocoder, GeocodeUnavailable } from '../../adapters/geocode';
import type { LockAdapter } from '../../adapters/locks';
import { HttpError } from '../../errors';
import { errors, routeOf } from '../../lib/openapi';
import { devicesToWire, unlockAnswer, unlockDevices } from '../devices';
import { locationAssignees, locationDevices, locationSizes } from './queries/contents';
import { locationsResource } from './resource';
import { assignToLocation, pickUnlockAll, removeFromLocation, toggleLocation } from './service';

const tags = ['Locations'];
const params = z.object({ id: z.uuid() });

/**
 * Address lookups a team member may make in a minute (both ways together): a debounced address
 * field asks about once a second while typing, and a public geocoder must not be flooded.
 */
export const GEOCODE_CALLS_PER_MINUTE = 60;

/**
 * The Locations calls beyond CRUD (spec: operational §7 Locations): toggles, devices and sizes at
 * a location, "Unlock All", assignment of users or groups, the reverse address lookup of a
 * marker drag and the forward lookup of a typed address. `locks` is the lock adapter, `geocoder` the geocoding adapter.
 */
export function locationsRoutes(opts: { locks: LockAdapter; geocoder: Geocoder }): FastifyPluginAsyncZod {
  const { locks, geocoder } = opts;
  return async (app) => {
    const perCaller = app.createRateLimit({
      max: GEOCODE_CALLS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (req) => `geocode:${req.auth.organizationId}:${req.auth.actor.id}`,
    });
    /** 429 beyond `GEOCODE_CALLS_PER_MINUTE` lookups a minute by one caller of one organization. */
    const underLimit = async (req: FastifyRequest) => {
      const limit = await perCaller(req);
      if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, MSG.tooManyRequests);
    };
    /** The adapter's answer, or 503 with the lookup message when geocoding is off or failing. */
    const lookup = async <T>(ask: () => Promise<T>): Promise<T> => {
      try {
        return await ask();
      } catch (err) {
        if (err instanceof GeocodeUnavailable) throw new HttpError(503, LOCATION_MESSAGES.geocodeFailed);
        throw err;
      }
    };
    app.route({
      ...routeOf(endpoints.location.toggle, {
        tags,
        summary: 'Hide/live and other toggles of a location',
        description:
          'JSON `{ hidden?, shared?, require_image? }`. Shared only for a super-tenant organization with the Shared Locations flag (403); require_image only for an organization with rental mode (else stored false). Answers the location. spec: operational §2 Locations (hide/live), §4 Location.',
        params,
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant(async (tx) => {
          const row = await toggleLocation({ tx, auth: req.auth, id: req.params.id, b: req.body });
          return (await locationsResource.toWire([row as never], tx))[0]!;
        }),
    });

    app.route({
      ...routeOf(endpoints.locations.devices, {
        tags,
        summary: 'Devices at a location',
        description:
          'Every device of the location, by locker number (the Settings tab). spec: operational §2 Locations, §7.',
        params,
        response: z.object({ items: z.array(ZDevice), total: z.number().int() }),
        errors: errors(401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant(async (tx) => {
          const rows = await locationDevices({ tx, auth: req.auth, id: req.params.id });
          return { items: await devicesToWire(rows, tx), total: rows.length };
        }),
    });

    app.route({
      ...routeOf(endpoints.locations.sizes, {
        tags,
        summary: 'Sizes at a location',
        description:
          'The sizes of the devices at the location with how many devices have each, optionally only devices of mode `by_mode` and status `by_status`. spec: operational §7 Locations.',
        params,
        response: z.object({ items: z.array(ZLocationSize) }),
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) => ({
        items: await req.withTenant((tx) =>
          locationSizes({ tx, auth: req.auth, id: req.params.id, query: req.query }),
        ),
      }),
    });

    app.route({
      ...routeOf(endpoints.location.unlock, {
        tags,
        summary: '"Unlock All": open every available door of a location',
        description:
          'Opens every device of the location whose status is available through the lock adapter (gantner locks with unknown/offline status are skipped as failures). Answers `{ detail, updated, failed }`; when no door could be opened, "Unable to reach lock. Please check your lock is connected" with 409 (only blocked gantner locks) or 502 (a lock did not answer). spec: operational §7 Locations, §4 Device status.',
        params,
        errors: errors(401, 403, 404, 409, 502),
      }),
      handler: async (req) => {
        const result = await unlockDevices(
          (fn) => req.withTenant(fn),
          req.auth,
          locks,
          (tx) => pickUnlockAll({ tx, auth: req.auth, id: req.params.id }),
          'Unlock All of the location',
        );
        if (!result.picked) return { detail: LOCATION_MESSAGES.nothingToUnlock, updated: [], failed: [] };
        return { ...unlockAnswer(result, false), detail: LOCATION_MESSAGES.unlockSent };
      },
    });

    app.route({
      ...routeOf(endpoints.resources.assignUser, {
        tags,
        summary: 'Assign a user or group to a restricted location',
        description:
          '`id_user` is a user id, or a group id with `resource_type` group (default: the location\'s restriction type). 400 "Please select a restriction type." for an unrestricted location; 409 with the spec\'s switching warning when the kind does not match the restriction type; 404 for a user, group or location of another organization. spec: operational §7 Locations.',
        params,
        errors: errors(400, 401, 403, 404, 409),
      }),
      handler: async (req) => {
        await req.withTenant((tx) =>
          assignToLocation({ tx, auth: req.auth, id: req.params.id, b: req.body }),
        );
        return { detail: LOCATION_MESSAGES.assigned };
      },
    });

    app.route({
      ...routeOf(endpoints.resources.removeUser, {
        tags,
        summary: 'Remove a user or group from a location',
        description:
          "`id_user` is a user id, or a group id with `resource_type` group (default: the location's restriction type, else user). 404 when it was not assigned. spec: operational §7 Locations.",
        params,
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) => {
        await req.withTenant((tx) =>
          removeFromLocation({ tx, auth: req.auth, id: req.params.id, b: req.body }),
        );
        return { detail: LOCATION_MESSAGES.removed };
      },
    });

    for (const kind of ['users', 'groups'] as const) {
      app.route({
        ...routeOf(endpoints.resources[kind], {
          tags,
          summary: `The ${kind} assigned to a location`,
          description: `\`{ items: [{ id, name, email }] }\`, by name. spec: operational §7 Locations.`,
          params,
          response: z.object({ items: z.array(ZAssignee) }),
          errors: errors(401, 403, 404),
        }),
        handler: async (req) => ({
          items: await req.withTenant((tx) =>
            locationAssignees({ tx, auth: req.auth, id: req.params.id, kind }),
          ),
        }),
      });
    }

    app.route({
      ...routeOf(endpoints.geocode.reverse, {
        tags,
        summary: 'Address of a map position (marker drag)',
        description: `Looks the position up with the geocoding adapter (Nominatim at \`GEOCODE_URL\`, at most 3 s; the built-in gazetteer knows no street addresses and answers null). \`address\` null when nothing is known there; 503 with "Could not look up the address…" when geocoding is off or unreachable, so the console keeps the address it had; 429 beyond ${GEOCODE_CALLS_PER_MINUTE} lookups a minute. spec: operational §2 Locations (marker drag performs an address lookup); README "Geocoding".`,
        errors: { ...errors(400, 401, 403, 429), 503: ZDetailResponse },
      }),
      handler: async (req) => {
        await underLimit(req);
        return { address: await lookup(() => geocoder.reverse(req.query.lat, req.query.lng)) };
      },
    });

    app.route({
      ...routeOf(endpoints.geocode.search, {
        tags,
        summary: 'Positions of a typed address (the pin follows the address)',
        description: `\`q\`: the address as typed (${GEOCODE_QUERY_MIN}–${GEOCODE_QUERY_MAX} characters). Answers \`{ items: [{ label, latitude, longitude }] }\`, the places it may be at, best first (at most 5; empty when none is known). With \`GEOCODE_URL\` unset the built-in gazetteer answers with no network (major cities by name, in English or the local spelling; the city's centre); with a URL, that Nominatim server (at most 3 s). 503 with "Could not look up the address…" when geocoding is off or unreachable; 429 beyond ${GEOCODE_CALLS_PER_MINUTE} lookups a minute by one caller. Reads no organization's rows. spec: operational §2 Locations (address and marker); README "Geocoding".`,
        errors: { ...errors(400, 401, 403, 429), 503: ZDetailResponse },
      }),
      handler: async (req) => {
        await underLimit(req);
        const places = await lookup(() => geocoder.search(req.query.q));
        return { items: places.map((p) => ({ label: p.label, latitude: p.lat, longitude: p.lng })) };
      },
    });
  };
}
