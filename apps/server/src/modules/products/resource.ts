import {
  endpoints,
  PRODUCT_CSV_HEADERS,
  PRODUCT_MESSAGES,
  type TProduct,
  ZProduct,
  type ZProductBulkUpdateRequest,
  ZProductCreateRequest,
  ZProductListQuery,
  ZProductUpdateRequest,
} from '@lockerops/contract';
import { and, eq, exists, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { TxAuth } from '../../auth/context';
import type { Tx } from '../../db/client';
import { conditions, devices, locations, productGroups, products } from '../../db/schema';
import { Conflict, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { findOr404, type Resource } from '../../lib/crud/resource';
import { organizationsOf } from '../../lib/tenant-rows';
import { fromWire, toWire, wireColumns, wireOf } from '../../lib/wire';
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
  const orgIds = organizationsOf(rows);
  const groups = groupIds.length
    ? await tx
        .select({ id: productGroups.id, name: productGroups.name })
        .from(productGroups)
        .where(and(inArray(productGroups.organizationId, orgIds), inArray(productGroups.id, groupIds)))
    : [];
  const conds = conditionIds.length
    ? await tx
        .select({ id: conditions.id, name: conditions.name })
        .from(conditions)
        .where(and(inArray(conditions.organizationId, orgIds), inArray(conditions.id, conditionIds)))
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
    .where(and(inArray(devices.organizationId, orgIds), inArray(devices.idProduct, ids)));
  const groupOf = new Map(groups.map((g) => [g.id, g]));
  const conditionOf = new Map(conds.map((c) => [c.id, c]));
  return rows.map((p) =>
    wireOf(ZProduct, p, {
      price: money(p.price),
      sales_price: money(p.salesPrice),
      msrp: money(p.msrp),
      product_group: (p.idProductGroup && groupOf.get(p.idProductGroup)) || null,
      condition: (p.idCondition && conditionOf.get(p.idCondition)) || null,
      devices: devs.filter((d) => d.idProduct === p.id).map((d) => wireOf(ZProduct.shape.devices.element, d)),
    }),
  );
}

/** Column values of a validated product input (money as numeric text). */
export const productValues = (input: Partial<ProductInput>) => {
  const out: Partial<typeof products.$inferInsert> = fromWire(ZProductCreateRequest, input, [
    'price',
    'sales_price',
    'msrp',
  ]);
  if (input.price !== undefined) out.price = moneyText(input.price);
  if (input.sales_price !== undefined) out.salesPrice = moneyText(input.sales_price);
  if (input.msrp !== undefined) out.msrp = moneyText(input.msrp);
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
  sort: wireColumns(products, ['name', 'serial_number', 'sku', 'price', 'sales_price', 'msrp', 'created_at']),
  defaultSort: { by: 'name', order: 'asc' },
  toWire: (rows, tx) => productsToWire(rows as unknown as ProductRow[], tx),
  async toValues(input, { tx, auth, existing }) {
    await assertProductRefs({ tx, auth, refs: input });
    await assertSerialFree({
      tx,
      auth,
      serial: input.serial_number,
      exceptIds: existing ? [existing.id] : [],
    });
    return productValues(input);
  },
  async afterWrite(row, _input, { tx, auth, existing }) {
    await afterProductWrite({
      tx,
      auth,
      row: row as unknown as ProductRow,
      before: existing as unknown as ProductRow | undefined,
    });
  },
  async beforeDelete(rows, { tx, auth }) {
    await assertProductsDeletable({ tx, auth, ids: rows.map((r) => r.id) });
  },
  csv: { headers: PRODUCT_CSV_HEADERS },
  messages: {
    created: PRODUCT_MESSAGES.created,
    updated: PRODUCT_MESSAGES.updated,
    deleted: PRODUCT_MESSAGES.deleted,
  },
};

/**
 * One product of the organization. 404 (`NotFound`, 'Product not found') for a missing id or
 * another organization's. spec: operational §7 `GET products/{id}/tracking`.
 */
export async function findProductOr404({ tx, auth, id }: TxAuth<{ id: string }>): Promise<ProductRow> {
  return (await findOr404({
    tx,
    table: products,
    auth,
    id,
    what: PRODUCT_MESSAGES.notFound,
  })) as unknown as ProductRow;
}

/**
 * Clones one product (same name, image, SKU, money, description, group and condition; no serial
 * number, in no device) with its 'Product Created' tracking entry and history entry; returns the
 * clone's wire shape. 404 'Product not found' for a missing id or another organization's.
 * spec: operational §2 Products, §7 `POST products/{id}/duplicate`.
 */
export async function duplicateProduct({ tx, auth, id }: TxAuth<{ id: string }>): Promise<TProduct> {
  const source = await findProductOr404({ tx, auth, id });
  const [copy] = await tx
    .insert(products)
    .values({
      organizationId: auth.organizationId,
      name: source.name,
      image: source.image,
      serialNumber: null,
      sku: source.sku,
      price: source.price,
      salesPrice: source.salesPrice,
      msrp: source.msrp,
      description: source.description,
      idProductGroup: source.idProductGroup,
      idCondition: source.idCondition,
    })
    .returning();
  await afterProductWrite({ tx, auth, row: copy! });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'product',
      entityId: copy!.id,
      action: 'create',
      after: { ...toWire(products, copy as never), duplicated_from: source.id },
    },
  });
  return (await productsToWire([copy!], tx))[0]!;
}

/**
 * Applies the same `values` (from `productValues(input)`) to every product of `ids`, all or none:
 * rows locked, references checked, a serial number for one product only; each changed product
 * gets its condition effects and history entry. Returns how many changed. 404 'Product not found'
 * when any id is missing or of another organization; 400/404 from the reference checks; 409 for a
 * serial number on several products or already in use. spec: operational §5 Product, §7 `PATCH products`.
 */
export async function bulkUpdateProducts({
  tx,
  auth,
  ids,
  input,
  values,
}: TxAuth<{
  ids: string[];
  input: ReturnType<typeof ZProductBulkUpdateRequest.parse>['product'];
  values: ReturnType<typeof productValues>;
}>): Promise<number> {
  const before = await tx
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.organizationId, auth.organizationId)))
    .for('update');
  if (before.length !== ids.length) throw NotFound(PRODUCT_MESSAGES.notFound);
  await assertProductRefs({ tx, auth, refs: input });
  if (input.serial_number && ids.length > 1) throw Conflict(PRODUCT_MESSAGES.serialInUse);
  await assertSerialFree({ tx, auth, serial: input.serial_number, exceptIds: ids });
  const after = await tx
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inArray(products.id, ids), eq(products.organizationId, auth.organizationId)))
    .returning();
  const beforeOf = new Map(before.map((b) => [b.id, b]));
  for (const row of after) {
    const old = beforeOf.get(row.id)!;
    await afterProductWrite({ tx, auth, row, before: old });
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'product',
        entityId: row.id,
        action: 'update',
        before: toWire(products, old as never),
        after: toWire(products, row as never),
      },
    });
  }
  return after.length;
}
