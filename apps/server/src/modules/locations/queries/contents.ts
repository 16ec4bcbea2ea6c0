import {
  LOCATION_MESSAGES,
  type TAssignee,
  type TLocationSize,
  type ZLocationSizesQuery,
} from '@lockerops/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TxAuth } from '../../../auth/context';
import { devices, locations, sizes } from '../../../db/schema';
import { findOr404 } from '../../../lib/crud/resource';
import { assignedGroups, assignedUsers } from '../../../lib/location-access';

type DeviceRow = typeof devices.$inferSelect;

/**
 * Every device of a location by locker number (`GET locations/{id}/devices`, the Settings tab).
 * 404 "Location not found" for a location of another organization. spec: operational §2
 * Locations, §7.
 */
export async function locationDevices({ tx, auth, id }: TxAuth<{ id: string }>): Promise<DeviceRow[]> {
  await findOr404({ tx, table: locations, auth, id, what: LOCATION_MESSAGES.notFound });
  return tx
    .select()
    .from(devices)
    .where(and(eq(devices.organizationId, auth.organizationId), eq(devices.idLocation, id)))
    .orderBy(asc(devices.lockerNumber));
}

/**
 * The sizes of a location's devices by name, with how many devices have each
 * (`GET locations/{id}/sizes`), optionally only devices of mode `by_mode` and status `by_status`.
 * 404 "Location not found" for a location of another organization. spec: operational §7 Locations.
 */
export async function locationSizes({
  tx,
  auth,
  id,
  query,
}: TxAuth<{ id: string; query: z.output<typeof ZLocationSizesQuery> }>): Promise<TLocationSize[]> {
  await findOr404({ tx, table: locations, auth, id, what: LOCATION_MESSAGES.notFound });
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
        eq(devices.organizationId, auth.organizationId),
        eq(devices.idLocation, id),
        query.by_mode ? eq(devices.mode, query.by_mode) : undefined,
        query.by_status ? eq(devices.status, query.by_status) : undefined,
      ),
    )
    .groupBy(sizes.id)
    .orderBy(asc(sizes.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    width: Number(r.width),
    depth: Number(r.depth),
    height: Number(r.height),
    image: r.image,
    devices: r.n,
  }));
}

/**
 * The users or groups assigned to a location (`GET resources/{id}/users|groups`), by name, as
 * `{ id, name, email }`. 404 "Location not found" for a location of another organization. spec:
 * operational §7 Locations.
 */
export async function locationAssignees({
  tx,
  auth,
  id,
  kind,
}: TxAuth<{ id: string; kind: 'users' | 'groups' }>): Promise<TAssignee[]> {
  await findOr404({ tx, table: locations, auth, id, what: LOCATION_MESSAGES.notFound });
  const map =
    kind === 'users'
      ? await assignedUsers({ tx, organizationId: auth.organizationId, locationIds: [id] })
      : await assignedGroups({ tx, organizationId: auth.organizationId, locationIds: [id] });
  return map.get(id) ?? [];
}
