import {
  CONDITION_CSV_HEADERS,
  CONDITION_MESSAGES,
  endpoints,
  PRODUCT_MESSAGES,
  type TCondition,
  ZCondition,
  ZConditionCreateRequest,
  ZConditionUpdateRequest,
} from '@lockerops/contract';
import { and, asc, inArray } from 'drizzle-orm';
import type { TxAuth } from '../../auth/context';
import type { Tx } from '../../db/client';
import { conditions, products } from '../../db/schema';
import { NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { findOr404, type Resource, updateLockedOne } from '../../lib/crud/resource';
import { deviceOfProduct } from '../../lib/product-tracking';
import { organizationsOf } from '../../lib/tenant-rows';
import { fromWire, toWire, wireColumns, wireOf } from '../../lib/wire';
import { applyConditionEffects, assignProducts } from '../products';

type ConditionRow = typeof conditions.$inferSelect;

/** The wire shape of a batch of conditions with their products (one query for the batch). */
export async function conditionsToWire(rows: ConditionRow[], tx: Tx): Promise<TCondition[]> {
  if (!rows.length) return [];
  const assigned = await tx
    .select({ id: products.id, name: products.name, idCondition: products.idCondition })
    .from(products)
    .where(
      and(
        inArray(products.organizationId, organizationsOf(rows)),
        inArray(
          products.idCondition,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(products.name));
  return rows.map((c) => {
    const items = assigned.filter((p) => p.idCondition === c.id).map((p) => ({ id: p.id, name: p.name }));
    return wireOf(ZCondition, c, { products: items, products_count: items.length });
  });
}

/**
 * Makes `productIds` exactly the products in condition `conditionId`: listed products move to it
 * (their new condition's effects apply), others leave it. 404 'Product not found' for an id that is
 * missing or of another organization.
 */
export async function assignConditionProducts({
  tx,
  auth,
  conditionId,
  productIds,
}: TxAuth<{ conditionId: string; productIds: string[] }>): Promise<void> {
  const moving = await assignProducts({ tx, auth, column: 'idCondition', id: conditionId, productIds });
  if (!moving) throw NotFound(PRODUCT_MESSAGES.notFound);
  for (const productId of moving) {
    await applyConditionEffects({
      tx,
      auth,
      args: {
        productId,
        conditionId,
        deviceId: await deviceOfProduct({ tx, auth, productId }),
      },
    });
  }
}

/**
 * The Conditions area (spec: operational §2 Conditions, §3 Condition, §5 Condition, §7 Conditions).
 * The auto flags toggle and the clone are in routes.ts.
 */
export const conditionsResource: Resource<
  TCondition,
  typeof ZConditionCreateRequest,
  typeof ZConditionUpdateRequest
> = {
  entity: 'condition',
  path: 'conditions',
  api: endpoints.conditions,
  model: 'condition',
  tag: 'Conditions',
  table: conditions,
  item: ZCondition,
  create: ZConditionCreateRequest,
  update: ZConditionUpdateRequest,
  search: [conditions.name],
  sort: wireColumns(conditions, ['name', 'auto_maintenance', 'auto_report', 'created_at']),
  defaultSort: { by: 'name', order: 'asc' },
  toWire: (rows, tx) => conditionsToWire(rows as unknown as ConditionRow[], tx),
  toValues: (input) => fromWire(ZConditionCreateRequest, input, ['products']),
  async afterWrite(row, input, { tx, auth }) {
    if (input.products)
      await assignConditionProducts({ tx, auth, conditionId: row.id, productIds: input.products });
  },
  csv: { headers: CONDITION_CSV_HEADERS },
  messages: {
    created: CONDITION_MESSAGES.created,
    updated: CONDITION_MESSAGES.updated,
    deleted: CONDITION_MESSAGES.deleted,
  },
};

/**
 * Sets the auto report / auto maintenance flags of one condition (absent ones are kept), under a
 * row lock, with its history entry; returns the condition's wire shape. 404 (`NotFound`) for a
 * missing id or another organization's. spec: operational §7 `PATCH conditions/{id}`.
 */
export async function setConditionFlags({
  tx,
  auth,
  id,
  flags,
}: TxAuth<{
  id: string;
  flags: { auto_report?: boolean; auto_maintenance?: boolean };
}>): Promise<TCondition> {
  const { auto_report, auto_maintenance } = flags;
  const after = await updateLockedOne({
    tx,
    auth,
    table: conditions,
    entity: 'condition',
    id,
    values: {
      ...(auto_report === undefined ? {} : { autoReport: auto_report }),
      ...(auto_maintenance === undefined ? {} : { autoMaintenance: auto_maintenance }),
    },
  });
  return (await conditionsToWire([after as unknown as ConditionRow], tx))[0]!;
}

/**
 * Clones one condition as '{name} (copy)' with the same auto flags and no products (a product is
 * in one condition), with its history entry; returns the copy's wire shape. 404 (`NotFound`,
 * 'Condition not found') for a missing id or another organization's. spec: operational §2 Conditions.
 */
export async function cloneCondition({ tx, auth, id }: TxAuth<{ id: string }>): Promise<TCondition> {
  const source = (await findOr404({
    tx,
    table: conditions,
    auth,
    id,
    what: CONDITION_MESSAGES.notFound,
  })) as unknown as ConditionRow;
  const [copy] = await tx
    .insert(conditions)
    .values({
      organizationId: auth.organizationId,
      name: `${source.name} (copy)`,
      autoReport: source.autoReport,
      autoMaintenance: source.autoMaintenance,
    })
    .returning();
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'condition',
      entityId: copy!.id,
      action: 'create',
      after: { ...toWire(conditions, copy as never), cloned_from: source.id },
    },
  });
  return (await conditionsToWire([copy!], tx))[0]!;
}
