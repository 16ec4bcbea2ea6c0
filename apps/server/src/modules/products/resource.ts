import {
  endpoints,
  PRODUCT_CSV_HEADERS,
  PRODUCT_MESSAGES,
  type TProduct,
  ZProduct,
  ZProductCreateRequest,
  ZProductListQuery,
  ZProductUpdateRequest,
} from '@lockerops/contract';
import { and, eq, exists, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conditions, devices, locations, productGroups, products } from '../../db/schema';
import type { Resource } from '../../lib/crud/resource';
import { afterProductWrite, assertProductRefs, assertProductsDeletable, assertSerialFree } from './service';

type ProductRow = typeof products.$inferSelect;
type ProductInput = ReturnType<typeof ZProductCreateRequest.parse>;

const money = (v: string | null) => (v === null ? null : Number(v));
const moneyText = (v: number | null | undefined) => (v === null || v === undefined ? null : v.toFixed(2));

/**
 * The wire shape of a batch of products: group, condition and device (with its location) in three
 * queries for the whole batch (spec: operational §3 Product).
 */
export async function productsToWire(rows: ProductRow[], tx: Tx): Promise<TProduct[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const groupIds = [...new Set(rows.map((r) => r.idProductGroup).filter((v): v is string => !!v))];
  const conditionIds = [...new Set(rows.map((r) => r.idCondition).filter((v): v is string => !!v))];
  const groups = groupIds.length
    ? await tx
        .select({ id: productGroups.id, name: productGroups.name })
        .from(productGroups)
        .where(inArray(productGroups.id, groupIds))
    : [];
  const conds = conditionIds.length
    ? await tx
        .select({ id: conditions.id, name: conditions.name })
        .from(conditions)
        .where(inArray(conditions.id, conditionIds))
    : [];
  const devs = await tx
    .select({
      id: devices.id,
      name: devices.name,
      lockerNumber: devices.lockerNumber,
      idLocation: devices.idLocation,
      locationName: locations.name,
      idProduct: devices.idProduct,
    })
    .from(devices)
    .leftJoin(locations, eq(locations.id, devices.idLocation))
    .where(inArray(devices.idProduct, ids));
  const groupOf = new Map(groups.map((g) => [g.id, g]));
  const conditionOf = new Map(conds.map((c) => [c.id, c]));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    image: p.image,
    serial_number: p.serialNumber,
    sku: p.sku,
    price: money(p.price),
    sales_price: money(p.salesPrice),
    msrp: money(p.msrp),
    description: p.description,
    id_product_group: p.idProductGroup,
    product_group: (p.idProductGroup && groupOf.get(p.idProductGroup)) || null,
    id_condition: p.idCondition,
    condition: (p.idCondition && conditionOf.get(p.idCondition)) || null,
    devices: devs
      .filter((d) => d.idProduct === p.id)
      .map((d) => ({
        id: d.id,
        name: d.name,
        locker_number: d.lockerNumber,
        id_location: d.idLocation,
        location_name: d.locationName,
      })),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }));
}

/** Column values of a validated product input (money as numeric text). */
export const productValues = (input: Partial<ProductInput>) => {
  const out: Partial<typeof products.$inferInsert> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.image !== undefined) out.image = input.image;
  if (input.serial_number !== undefined) out.serialNumber = input.serial_number;
  if (input.sku !== undefined) out.sku = input.sku;
  if (input.price !== undefined) out.price = moneyText(input.price);
  if (input.sales_price !== undefined) out.salesPrice = moneyText(input.sales_price);
  if (input.msrp !== undefined) out.msrp = moneyText(input.msrp);
  if (input.description !== undefined) out.description = input.description;
  if (input.id_product_group !== undefined) out.idProductGroup = input.id_product_group;
  if (input.id_condition !== undefined) out.idCondition = input.id_condition;
  return out;
};

/** `select 1 from devices` holding the listed product (correlated subquery for EXISTS). */
const inDevice = (...extra: SQL[]) =>
  sql`(select 1 from ${devices} where ${and(
    eq(devices.idProduct, products.id),
    eq(devices.organizationId, products.organizationId),
    ...extra,
  )})`;

/**
 * The Products area, shown as Inventory (spec: operational §2 Products, §3 Product, §5 Product,
 * §7 Products). Create and update also accept multipart with an image file (see routes.ts).
 */
export const productsResource: Resource<
  TProduct,
  typeof ZProductCreateRequest,
  typeof ZProductUpdateRequest,
  typeof ZProductListQuery
> = {
  entity: 'product',
  path: 'products',
  api: endpoints.products,
  model: 'product',
  tag: 'Products',
  table: products,
  item: ZProduct,
  create: ZProductCreateRequest,
  update: ZProductUpdateRequest,
  query: ZProductListQuery,
  filters: (q) => [
    q.by_location ? exists(inDevice(eq(devices.idLocation, q.by_location))) : undefined,
    q.unassigned === 'true' ? notExists(inDevice()) : undefined,
    q.unassigned === 'false' ? exists(inDevice()) : undefined,
    q.id_product_group ? eq(products.idProductGroup, q.id_product_group) : undefined,
    q.id_condition ? eq(products.idCondition, q.id_condition) : undefined,
  ],
  search: [products.name, products.serialNumber, products.sku, products.description],
  sort: {
    name: products.name,
    serial_number: products.serialNumber,
    sku: products.sku,
    price: products.price,
    sales_price: products.salesPrice,
    msrp: products.msrp,
    created_at: products.createdAt,
  },
  defaultSort: { by: 'name', order: 'asc' },
  toWire: (rows, tx) => productsToWire(rows as unknown as ProductRow[], tx),
  async toValues(input, { tx, auth, existing }) {
    await assertProductRefs(tx, auth, input);
    await assertSerialFree(tx, auth, input.serial_number, existing ? [existing.id] : []);
    return productValues(input);
  },
  async afterWrite(row, _input, { tx, auth, existing }) {
    await afterProductWrite(
      tx,
      auth,
      row as unknown as ProductRow,
      existing as unknown as ProductRow | undefined,
    );
  },
  async beforeDelete(rows, { tx }) {
    await assertProductsDeletable(
      tx,
      rows.map((r) => r.id),
    );
  },
  csv: { headers: PRODUCT_CSV_HEADERS },
  // viewers are kept out of the Inventory page (spec: console §6)
  roles: { read: ['admin', 'member'] },
  messages: {
    created: PRODUCT_MESSAGES.created,
    updated: PRODUCT_MESSAGES.updated,
    deleted: PRODUCT_MESSAGES.deleted,
  },
};
