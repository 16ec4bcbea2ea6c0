import {
  endpoints,
  SIZE_CSV_HEADERS,
  SIZE_MESSAGES,
  type TSize,
  ZSize,
  ZSizeCreateRequest,
  ZSizeUpdateRequest,
} from '@lockerops/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { devices, sizes } from '../../db/schema';
import type { Resource } from '../../lib/crud/resource';
import { organizationsOf } from '../../lib/tenant-rows';
import { fromWire, wireColumns, wireOf } from '../../lib/wire';

type SizeRow = typeof sizes.$inferSelect;

/**
 * Counts of available devices per size (status `available`, of the sizes' organizations), by size
 * id; sizes without such devices are absent (read as 0). spec: operational §3 Size
 * available_devices.
 */
export const sizeAvailability: {
  count(
    sizeRows: Array<{ id: string; organizationId: string }>,
    tx: Parameters<Resource<TSize, typeof ZSizeCreateRequest, typeof ZSizeUpdateRequest>['toWire']>[1],
  ): Promise<Map<string, number>>;
} = {
  count: async (sizeRows, tx) => {
    if (!sizeRows.length) return new Map();
    const rows = await tx
      .select({ id: devices.idSize, n: count() })
      .from(devices)
      .where(
        and(
          inArray(devices.organizationId, organizationsOf(sizeRows)),
          inArray(
            devices.idSize,
            sizeRows.map((s) => s.id),
          ),
          eq(devices.status, 'available'),
        ),
      )
      .groupBy(devices.idSize);
    return new Map(rows.filter((r) => r.id).map((r) => [r.id!, r.n]));
  },
};

/** The Sizes area (spec: operational §2 Sizes, §3 Size, §5 Size, §7 Sizes). */
export const sizesResource: Resource<TSize, typeof ZSizeCreateRequest, typeof ZSizeUpdateRequest> = {
  entity: 'size',
  path: 'sizes',
  api: endpoints.sizes,
  model: 'size',
  tag: 'Sizes',
  table: sizes,
  item: ZSize,
  create: ZSizeCreateRequest,
  update: ZSizeUpdateRequest,
  search: [sizes.name, sizes.description, sizes.externalId],
  sort: wireColumns(sizes, ['name', 'width', 'depth', 'height', 'created_at']),
  defaultSort: { by: 'name', order: 'asc' },
  async toWire(rows, tx) {
    const counts = await sizeAvailability.count(rows as unknown as SizeRow[], tx);
    return (rows as unknown as SizeRow[]).map((s) =>
      wireOf(ZSize, s, {
        width: Number(s.width),
        depth: Number(s.depth),
        height: Number(s.height),
        available_devices: counts.get(s.id) ?? 0,
      }),
    );
  },
  toValues(input) {
    return {
      ...fromWire(ZSizeCreateRequest, input),
      width: input.width.toFixed(2),
      depth: input.depth.toFixed(2),
      height: input.height.toFixed(2),
    };
  },
  csv: { headers: SIZE_CSV_HEADERS },
  messages: {
    created: SIZE_MESSAGES.created,
    updated: SIZE_MESSAGES.updated,
    deleted: SIZE_MESSAGES.deleted,
  },
};
