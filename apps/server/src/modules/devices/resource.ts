import {
  DEVICE_CSV_HEADERS,
  DEVICE_MESSAGES,
  endpoints,
  type TDevice,
  type TDeviceCreateValues,
  ZDevice,
  ZDeviceCreateRequest,
  ZDeviceListQuery,
  ZDeviceUpdateRequest,
} from '@lockerops/contract';
import { and, countDistinct, eq, gte, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { devices, locations, prices, products, settings, sizes } from '../../db/schema';
import { BadRequest } from '../../errors';
import type { Resource } from '../../lib/crud/resource';
import { restrictionsOf } from '../../lib/location-access';
import { organizationsOf } from '../../lib/tenant-rows';
import { wireColumns, wireOf } from '../../lib/wire';
import { actingOrganizationId, sharedFromParent } from '../../tenancy';
import { type DeviceRow, deviceValues } from './service';
import { jamsOf, jamsSql } from './service/unlock-records';

/**
 * The wire shape of devices, with their location (and its restriction, which the device mirrors),
 * size and price, in one query per related table.
 */
export async function devicesToWire(rows: DeviceRow[], tx: Tx): Promise<TDevice[]> {
  if (!rows.length) return [];
  const organizationId = (await actingOrganizationId(tx)) ?? rows[0]!.organizationId;
  const uniq = (xs: Array<string | null>) => [...new Set(xs.filter((x): x is string => !!x))];
  const locIds = uniq(rows.map((r) => r.idLocation));
  const sizeIds = uniq(rows.map((r) => r.idSize));
  const priceIds = uniq(rows.map((r) => r.idPrice));
  const productIds = uniq(rows.map((r) => r.idProduct));
  // the rows' organizations: the caller's, and its parent's for a shared door
  const orgIds = organizationsOf(rows);
  const locs = await tx
    .select({
      id: locations.id,
      name: locations.name,
      shared: locations.shared,
      restrictionType: locations.restrictionType,
    })
    .from(locations)
    .where(and(inArray(locations.organizationId, orgIds), inArray(locations.id, locIds)));
  const sz = sizeIds.length
    ? await tx
        .select({ id: sizes.id, name: sizes.name })
        .from(sizes)
        .where(and(inArray(sizes.organizationId, orgIds), inArray(sizes.id, sizeIds)))
    : [];
  const pr = priceIds.length
    ? await tx
        .select({
          id: prices.id,
          name: prices.name,
          priceType: prices.priceType,
          amount: prices.amount,
          currency: prices.currency,
        })
        .from(prices)
        .where(and(inArray(prices.organizationId, orgIds), inArray(prices.id, priceIds)))
    : [];
  const prods = productIds.length
    ? await tx
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(and(inArray(products.organizationId, orgIds), inArray(products.id, productIds)))
    : [];
  const restrictions = await restrictionsOf({
    tx,
    organizationId,
    locs: locs.filter((l) => rows.some((r) => r.idLocation === l.id && r.organizationId === organizationId)),
  });
  const jams = await jamsOf({ tx, organizationId, ids: rows.map((r) => r.id) });
  const productBy = new Map(prods.map((p) => [p.id, p]));
  const locBy = new Map(locs.map((l) => [l.id, l]));
  const sizeBy = new Map(sz.map((s) => [s.id, s]));
  const priceBy = new Map(pr.map((p) => [p.id, p]));
  return rows.map((d) => {
    const loc = locBy.get(d.idLocation);
    const size = d.idSize ? sizeBy.get(d.idSize) : undefined;
    const price = d.idPrice ? priceBy.get(d.idPrice) : undefined;
    return wireOf(ZDevice, d, {
      location: { id: d.idLocation, name: loc?.name ?? '', shared: loc?.shared ?? false },
      size: size ?? null,
      price: price ? wireOf(ZDevice.shape.price, price, { amount: Number(price.amount) }) : null,
      product: d.idProduct ? { id: d.idProduct, name: productBy.get(d.idProduct)?.name ?? '' } : null,
      restriction: restrictions.get(d.idLocation) ?? { restriction_type: null, items: [] },
      shared_from_parent: d.organizationId !== organizationId,
      jams_30d: jams.get(d.id) ?? 0,
    });
  });
}

/**
 * A device CSV's empty cells filled with the organization's Settings → Defaults (spec console §3
 * Settings: default hardware, mode and size): an empty `hardware_type` or `mode` takes the default;
 * an empty `id_size` the default size, unless the row's mode is rental or vending (stocked with a
 * product, they have no size). A cell given is kept.
 */
async function withDeviceDefaults(
  tx: Tx,
  auth: AuthContext,
  records: Record<string, string>[],
): Promise<Record<string, string>[]> {
  const [d] = await tx
    .select({
      hardware: settings.defaultDeviceHardware,
      mode: settings.defaultDeviceMode,
      size: settings.defaultIdSize,
    })
    .from(settings)
    .where(eq(settings.organizationId, auth.organizationId));
  if (!d || (!d.hardware && !d.mode && !d.size)) return records;
  const empty = (v: string | undefined) => v === undefined || v.trim() === '';
  return records.map((record) => {
    const out = { ...record };
    if (d.hardware && empty(out.hardware_type)) out.hardware_type = d.hardware;
    if (d.mode && empty(out.mode)) out.mode = d.mode;
    const stocked = out.mode === 'rental' || out.mode === 'vending';
    if (d.size && !stocked && empty(out.id_size)) out.id_size = d.size;
    return out;
  });
}

/**
 * The Devices area (spec: operational §2 Devices, §3 Device, §4 Device status, §5 Device, §7
 * Devices). Sorted by locker number by default; export refuses a selection of mixed hardware
 * types and exports everything when nothing is selected.
 */
export const devicesResource: Resource<
  TDevice,
  typeof ZDeviceCreateRequest,
  typeof ZDeviceUpdateRequest,
  typeof ZDeviceListQuery
> = {
  entity: 'device',
  path: 'devices',
  api: endpoints.devices,
  model: 'device',
  tag: 'Devices',
  table: devices,
  item: ZDevice,
  create: ZDeviceCreateRequest,
  update: ZDeviceUpdateRequest,
  query: ZDeviceListQuery,
  filters: (q) => [
    q.by_status ? eq(devices.status, q.by_status) : undefined,
    q.id_location ? eq(devices.idLocation, q.id_location) : undefined,
    q.hardware_type ? eq(devices.hardwareType, q.hardware_type) : undefined,
    q.mode ? eq(devices.mode, q.mode) : undefined,
    q.min_jams ? gte(jamsSql(), q.min_jams) : undefined,
  ],
  search: [
    devices.name,
    devices.customIdentifier,
    devices.lockerNumber,
    devices.item,
    devices.hardwareType,
    devices.mode,
  ],
  sort: wireColumns(devices, [
    'locker_number',
    'name',
    'mode',
    'status',
    'lock_status',
    'hardware_type',
    'custom_identifier',
    'created_at',
  ]),
  defaultSort: { by: 'locker_number', order: 'asc' },
  // devices at a super-tenant parent's shared locations, read-only (spec operational §4 Location)
  alsoListed: () => sharedFromParent.devices(devices),
  toWire: (rows, tx) => devicesToWire(rows as unknown as DeviceRow[], tx),
  toValues: (input, { tx, auth, existing }) =>
    deviceValues({
      tx,
      auth,
      input: input as TDeviceCreateValues,
      existing: existing as unknown as DeviceRow | undefined,
    }),
  // Spec operational §5 Export: the refusal is about *selected* devices of different hardware
  // types; with nothing selected the whole (filtered) list is exported, whatever its hardware.
  async beforeExport({ tx, auth, where, selected }) {
    if (!selected) return;
    const [r] = await tx
      .select({ n: countDistinct(devices.hardwareType) })
      .from(devices)
      .where(and(eq(devices.organizationId, auth.organizationId), where));
    if ((r?.n ?? 0) > 1) throw BadRequest(DEVICE_MESSAGES.mixedHardware);
  },
  csv: {
    headers: DEVICE_CSV_HEADERS,
    fillEmpty: (records, { tx, auth }) => withDeviceDefaults(tx, auth, records),
  },
  messages: {
    created: DEVICE_MESSAGES.created,
    updated: DEVICE_MESSAGES.updated,
    deleted: DEVICE_MESSAGES.deleted,
  },
};
