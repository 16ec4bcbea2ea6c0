import { PRODUCT_MESSAGES } from '@lockerops/contract';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { conditions, devices, productGroups, products } from '../../db/schema';
import { Conflict, NotFound } from '../../errors';
import { applyConditionEffects } from '../conditions';
import { recordTracking } from './tracking';

type ProductRow = typeof products.$inferSelect;

/** Why a product cannot be deleted now. */
export interface ProductUse {
  id: string;
  name: string;
  reason: 'device' | 'rental';
}

/**
 * The products among `ids` that are in use: sitting in a device, or in an active rental. The one
 * place that decides whether a product may be deleted (spec: operational §2 Products, issue 7); the
 * transactions area adds its active-rental check here (reason `rental`). Runs in a tenant
 * transaction, so only the caller's organization is seen.
 */
export async function productInUse(tx: Tx, ids: string[]): Promise<ProductUse[]> {
  if (!ids.length) return [];
  const inDevices = await tx
    .select({ id: products.id, name: products.name })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.idProduct))
    .where(inArray(devices.idProduct, ids));
  return inDevices.map((p) => ({ ...p, reason: 'device' as const }));
}

/** Refuses (409, naming the products) a delete of products that are in use. */
export async function assertProductsDeletable(tx: Tx, ids: string[]): Promise<void> {
  const used = await productInUse(tx, ids);
  if (!used.length) return;
  const names = (reason: ProductUse['reason']) =>
    used
      .filter((u) => u.reason === reason)
      .map((u) => u.name)
      .join(', ');
  const inDevice = names('device');
  throw Conflict(inDevice ? PRODUCT_MESSAGES.inDevice(inDevice) : PRODUCT_MESSAGES.inRental(names('rental')));
}

/**
 * Checks that a product group and a condition referenced by a write belong to the caller's
 * organization (404 'Product group not found' / 'Condition not found' otherwise, also for another
 * organization's id).
 */
export async function assertProductRefs(
  tx: Tx,
  auth: AuthContext,
  refs: { id_product_group?: string | null; id_condition?: string | null },
): Promise<void> {
  if (refs.id_product_group) {
    const [g] = await tx
      .select({ id: productGroups.id })
      .from(productGroups)
      .where(
        and(
          eq(productGroups.id, refs.id_product_group),
          eq(productGroups.organizationId, auth.organizationId),
        ),
      );
    if (!g) throw NotFound(PRODUCT_MESSAGES.groupNotFound);
  }
  if (refs.id_condition) {
    const [c] = await tx
      .select({ id: conditions.id })
      .from(conditions)
      .where(and(eq(conditions.id, refs.id_condition), eq(conditions.organizationId, auth.organizationId)));
    if (!c) throw NotFound(PRODUCT_MESSAGES.conditionNotFound);
  }
}

/**
 * Refuses (409) a serial number already used by another product of the organization. The unique
 * index `products_serial_uq` is the wall under concurrency; this gives the clear message.
 */
export async function assertSerialFree(
  tx: Tx,
  auth: AuthContext,
  serial: string | null | undefined,
  exceptIds: string[] = [],
): Promise<void> {
  if (!serial) return;
  const where: SQL[] = [eq(products.organizationId, auth.organizationId), eq(products.serialNumber, serial)];
  for (const id of exceptIds) where.push(ne(products.id, id));
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(...where))
    .limit(1);
  if (taken) throw Conflict(PRODUCT_MESSAGES.serialInUse);
}

/** The device a product sits in, if any (a product is in at most one device). */
export async function deviceOfProduct(tx: Tx, auth: AuthContext, productId: string): Promise<string | null> {
  const [d] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.idProduct, productId), eq(devices.organizationId, auth.organizationId)));
  return d?.id ?? null;
}

/**
 * Tracking and effects of a product write: a new product gets its "Product Created" entry; a product
 * whose condition changed gets the condition's effects (maintenance ticket, device maintenance,
 * issue report) through `applyConditionEffects`.
 */
export async function afterProductWrite(
  tx: Tx,
  auth: AuthContext,
  row: ProductRow,
  before?: Pick<ProductRow, 'idCondition'>,
): Promise<void> {
  if (!before) {
    await recordTracking(tx, {
      organizationId: auth.organizationId,
      productId: row.id,
      state: 'new',
      actorName: auth.actor.name,
      conditionId: row.idCondition,
    });
    return;
  }
  if (row.idCondition && row.idCondition !== before.idCondition) {
    await applyConditionEffects(tx, auth, {
      productId: row.id,
      conditionId: row.idCondition,
      deviceId: await deviceOfProduct(tx, auth, row.id),
    });
  }
}
