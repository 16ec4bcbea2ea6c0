import {
  endpoints,
  PRODUCT_GROUP_CSV_HEADERS,
  PRODUCT_GROUP_MESSAGES,
  type TProductGroup,
  ZProductGroup,
  ZProductGroupCreateRequest,
  ZProductGroupUpdateRequest,
} from '@lockerops/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TxAuth } from '../../auth/context';
import type { Tx } from '../../db/client';
import { productGroups, products, sizes } from '../../db/schema';
import { NotFound } from '../../errors';
import type { Resource } from '../../lib/crud/resource';
import { organizationsOf } from '../../lib/tenant-rows';
import { fromWire, wireColumns, wireOf } from '../../lib/wire';
import { assignProducts } from '../products';

type GroupRow = typeof productGroups.$inferSelect;

/** The wire shape of a batch of product groups with their size and products (two queries). */
export async function productGroupsToWire(rows: GroupRow[], tx: Tx): Promise<TProductGroup[]> {
  if (!rows.length) return [];
  const sizeIds = [...new Set(rows.map((r) => r.idSize).filter((v): v is string => !!v))];
  const orgIds = organizationsOf(rows);
  const sizeRows = sizeIds.length
    ? await tx
        .select()
        .from(sizes)
        .where(and(inArray(sizes.organizationId, orgIds), inArray(sizes.id, sizeIds)))
    : [];
  const members = await tx
    .select({ id: products.id, name: products.name, idGroup: products.idProductGroup })
    .from(products)
    .where(
      and(
        inArray(products.organizationId, orgIds),
        inArray(
          products.idProductGroup,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(products.name));
  const sizeOf = new Map(sizeRows.map((s) => [s.id, s]));
  return rows.map((g) => {
    const s = g.idSize ? sizeOf.get(g.idSize) : undefined;
    return wireOf(ZProductGroup, g, {
      size: s
        ? { id: s.id, name: s.name, width: Number(s.width), depth: Number(s.depth), height: Number(s.height) }
        : null,
      products: members.filter((p) => p.idGroup === g.id).map((p) => ({ id: p.id, name: p.name })),
    });
  });
}

/**
 * Makes `productIds` exactly the products of group `groupId` (a product is in at most one group:
 * listed products leave their previous group). 404 'Product not found' for an id that is missing or
 * of another organization.
 */
export async function assignGroupProducts({
  tx,
  auth,
  groupId,
  productIds,
}: TxAuth<{ groupId: string; productIds: string[] }>): Promise<void> {
  const moving = await assignProducts({ tx, auth, column: 'idProductGroup', id: groupId, productIds });
  if (!moving) throw NotFound(PRODUCT_GROUP_MESSAGES.productNotFound);
}

/**
 * The Product groups area (spec: operational §2 Products and product groups, §3 Product group, §5
 * Product group, §7 Product groups). Create and update also accept multipart with an image file.
 */
export const productGroupsResource: Resource<
  TProductGroup,
  typeof ZProductGroupCreateRequest,
  typeof ZProductGroupUpdateRequest
> = {
  entity: 'product-group',
  path: 'product-groups',
  api: endpoints.productGroups,
  model: 'product-group',
  tag: 'Product groups',
  table: productGroups,
  item: ZProductGroup,
  create: ZProductGroupCreateRequest,
  update: ZProductGroupUpdateRequest,
  search: [productGroups.name],
  sort: wireColumns(productGroups, [
    'name',
    'charging_time',
    'transaction_number',
    'total_inventory',
    'created_at',
  ]),
  defaultSort: { by: 'name', order: 'asc' },
  toWire: (rows, tx) => productGroupsToWire(rows as unknown as GroupRow[], tx),
  async toValues(input, { tx, auth }) {
    if (input.id_size) {
      const [s] = await tx
        .select({ id: sizes.id })
        .from(sizes)
        .where(and(eq(sizes.id, input.id_size), eq(sizes.organizationId, auth.organizationId)));
      if (!s) throw NotFound(PRODUCT_GROUP_MESSAGES.sizeNotFound);
    }
    return fromWire(ZProductGroupCreateRequest, input, ['products']);
  },
  async afterWrite(row, input, { tx, auth }) {
    if (input.products) await assignGroupProducts({ tx, auth, groupId: row.id, productIds: input.products });
  },
  csv: { headers: PRODUCT_GROUP_CSV_HEADERS },
  messages: {
    created: PRODUCT_GROUP_MESSAGES.created,
    updated: PRODUCT_GROUP_MESSAGES.updated,
    deleted: PRODUCT_GROUP_MESSAGES.deleted,
  },
};
