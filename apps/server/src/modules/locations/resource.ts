import {
  endpoints,
  LOCATION_CSV_HEADERS,
  LOCATION_MESSAGES,
  type TBoundingBox,
  type TLocation,
  ZLocation,
  ZLocationCreateRequest,
  ZLocationListQuery,
  ZLocationUpdateRequest,
} from '@lockerops/contract';
import { and, between, count, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import { devices, locations } from '../../db/schema';
import { BadRequest, Conflict } from '../../errors';
import type { Resource } from '../../lib/crud/resource';
import { assertMayShare, restrictionsOf } from '../../lib/location-access';
import { organizationsOf } from '../../lib/tenant-rows';
import { wireColumns, wireOf } from '../../lib/wire';
import { actingOrganizationId, sharedFromParent } from '../../tenancy';
import { rebuildDashboardRollup } from '../dashboard';
import { deleteResourceLinks } from '../groups';
import { assertRestrictionSwitch, assign, assignmentOf, canRequireImage, defaultContact } from './service';

type LocationRow = typeof locations.$inferSelect;

/**
 * The placed locations inside a map's view (`bbox`, spec: operational §2 Locations, map view): a
 * location with no position is in none; a view whose west lies east of its east crosses the
 * antimeridian.
 */
const inBox = ([west, south, east, north]: TBoundingBox) =>
  and(
    between(locations.latitude, south, north),
    west <= east
      ? between(locations.longitude, west, east)
      : or(gte(locations.longitude, west), lte(locations.longitude, east)),
  );
type LocationInput = z.output<typeof ZLocationCreateRequest>;

/**
 * The Locations area (spec: operational §2 Locations, §3 Location, §4 Location, §5 Location, §7
 * Locations). Members may create but not edit or delete (operational §1); viewers do not see it.
 * Its list filters: `id_location` (one location), `hidden`, and `bbox` (`west,south,east,north`:
 * the locations of a map's view, which the map reads a capped page of, `LOCATIONS_MAP_LIMIT`; 400
 * for a box out of range).
 */
export const locationsResource: Resource<
  TLocation,
  typeof ZLocationCreateRequest,
  typeof ZLocationUpdateRequest,
  typeof ZLocationListQuery
> = {
  entity: 'location',
  path: 'locations',
  api: endpoints.locations,
  model: 'location',
  tag: 'Locations',
  table: locations,
  item: ZLocation,
  create: ZLocationCreateRequest,
  update: ZLocationUpdateRequest,
  query: ZLocationListQuery,
  filters: (q) => [
    q.id_location ? eq(locations.id, q.id_location) : undefined,
    q.hidden ? eq(locations.hidden, q.hidden === 'true') : undefined,
    q.bbox ? inBox(q.bbox) : undefined,
  ],
  search: [
    locations.name,
    locations.address,
    locations.customId,
    locations.contactEmail,
    locations.contactPhone,
  ],
  sort: wireColumns(locations, ['name', 'address', 'custom_id', 'hidden', 'contact_email', 'created_at']),
  defaultSort: { by: 'name', order: 'asc' },
  // a super-tenant parent's shared locations, read-only (spec operational §4 Location)
  alsoListed: () => sharedFromParent.locations(locations),
  async toWire(rows, tx) {
    const locs = rows as unknown as LocationRow[];
    const ids = locs.map((l) => l.id);
    const counts = new Map<string, number>();
    if (ids.length) {
      const rs = await tx
        .select({ id: devices.idLocation, n: count() })
        .from(devices)
        .where(and(inArray(devices.organizationId, organizationsOf(locs)), inArray(devices.idLocation, ids)))
        .groupBy(devices.idLocation);
      for (const r of rs) counts.set(r.id, r.n);
    }
    const acting = await actingOrganizationId(tx);
    const organizationId = acting ?? locs[0]?.organizationId;
    const own = locs.filter((l) => l.organizationId === organizationId);
    const restrictions =
      organizationId && own.length ? await restrictionsOf({ tx, organizationId, locs: own }) : new Map();
    return locs.map((l) =>
      wireOf(ZLocation, l, {
        devices: counts.get(l.id) ?? 0,
        restriction: restrictions.get(l.id) ?? { restriction_type: null, items: [] },
        shared_from_parent: l.organizationId !== organizationId,
      }),
    );
  },
  async toValues(raw, { tx, auth, existing }) {
    const input = raw as LocationInput;
    const prev = existing as unknown as LocationRow | undefined;
    if (input.shared && !prev?.shared) await assertMayShare({ tx, organizationId: auth.organizationId });
    const contact = input.use_default_contact
      ? await defaultContact({ tx, organizationId: auth.organizationId })
      : { email: input.contact_email!, phone: input.contact_phone! };
    const restriction = input.restricted ? (input.restriction_type ?? null) : null;
    if (prev)
      await assertRestrictionSwitch({
        tx,
        organizationId: auth.organizationId,
        locationId: prev.id,
        next: restriction,
      });
    if (input.assign_to.length) {
      if (!restriction) throw BadRequest(LOCATION_MESSAGES.restrictionTypeRequired);
      if (input.assignment_type && input.assignment_type !== assignmentOf(restriction))
        throw Conflict(
          restriction === 'users' ? LOCATION_MESSAGES.switchGroups : LOCATION_MESSAGES.switchUsers,
        );
    }
    return {
      name: input.name,
      address: input.address,
      image: input.image,
      hidden: input.hidden,
      shared: input.shared,
      customId: input.custom_id,
      latitude: input.latitude,
      longitude: input.longitude,
      contactEmail: contact.email,
      contactPhone: contact.phone,
      // a photo to end a rental: kept only for an organization that rents (spec operational §5)
      requireImage:
        input.require_image && (await canRequireImage({ tx, organizationId: auth.organizationId })),
      restrictionType: restriction,
      ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    };
  },
  async afterWrite(row, raw, { tx, auth, existing }) {
    const input = raw as LocationInput;
    const prev = existing as unknown as LocationRow | undefined;
    // the dashboard counts a location's transactions on its local days
    if (prev && input.time_zone !== undefined && (prev.timeZone ?? null) !== (input.time_zone ?? null))
      await rebuildDashboardRollup({ tx, organizationId: auth.organizationId });
    const restriction = (row as unknown as LocationRow).restrictionType as 'users' | 'groups' | null;
    if (input.assign_to.length && restriction) {
      await assign({ tx, auth, locationId: row.id, type: assignmentOf(restriction), ids: input.assign_to });
    }
  },
  async beforeDelete(rows, { tx, auth }) {
    const ids = rows.map((r) => r.id);
    const [used] = await tx
      .select({ n: count() })
      .from(devices)
      .where(and(eq(devices.organizationId, auth.organizationId), inArray(devices.idLocation, ids)));
    if ((used?.n ?? 0) > 0) throw Conflict(LOCATION_MESSAGES.hasDevices);
    // group links point at the location without a foreign key (groups area): remove them with it
    await deleteResourceLinks({ tx, auth, resourceType: 'location', ids });
  },
  csv: { headers: LOCATION_CSV_HEADERS },
  messages: { created: LOCATION_MESSAGES.created, updated: LOCATION_MESSAGES.updated },
};
