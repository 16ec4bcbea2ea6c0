import { PRODUCT_MESSAGES } from '@lockerops/contract';
import type { TxAuth } from '../../auth/context';
import { Conflict, NotFound } from '../../errors';
import { deviceOfProduct, recordTracking } from '../../lib/product-tracking';
import {
  conditionExists,
  type ProductRow,
  productGroupExists,
  productsInDevices,
  serialTaken,
} from './queries';
import { applyConditionEffects } from './service/conditions';

/** Why a product cannot be deleted now. */
export interface ProductUse {
  id: string;
  name: string;
  reason: 'device' | 'rental';
}

/**
 * The products among `ids` that are in use: sitting in a device, or in an active rental. The one
 * place that decides whether a product may be deleted (spec: operational §2 Products); the
 * transactions area adds its active-rental check here (reason `rental`). Runs in a tenant
 * transaction, so only the caller's organization is seen.
 */
export async function productInUse({ tx, auth, ids }: TxAuth<{ ids: string[] }>): Promise<ProductUse[]> {
  const inDevices = await productsInDevices({ tx, auth, ids });
  return inDevices.map((p) => ({ ...p, reason: 'device' as const }));
}

/** Refuses (409, naming the products) a delete of products that are in use. */
export async function assertProductsDeletable({ tx, auth, ids }: TxAuth<{ ids: string[] }>): Promise<void> {
  const used = await productInUse({ tx, auth, ids });
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
export async function assertProductRefs({
  tx,
  auth,
  refs,
}: TxAuth<{ refs: { id_product_group?: string | null; id_condition?: string | null } }>): Promise<void> {
  if (refs.id_product_group) {
    if (!(await productGroupExists({ tx, auth, id: refs.id_product_group })))
      throw NotFound(PRODUCT_MESSAGES.groupNotFound);
  }
  if (refs.id_condition) {
    if (!(await conditionExists({ tx, auth, id: refs.id_condition })))
      throw NotFound(PRODUCT_MESSAGES.conditionNotFound);
  }
}

/**
 * Refuses (409) a serial number already used by another product of the organization. The unique
 * index `products_serial_uq` is the wall under concurrency; this gives the clear message.
 */
export async function assertSerialFree({
  tx,
  auth,
  serial,
  exceptIds = [],
}: TxAuth<{ serial: string | null | undefined; exceptIds?: string[] }>): Promise<void> {
  if (!serial) return;
  if (await serialTaken({ tx, auth, serial, exceptIds })) throw Conflict(PRODUCT_MESSAGES.serialInUse);
}

/**
 * Tracking and effects of a product write: a new product gets its "Product Created" entry; a product
 * whose condition changed gets the condition's effects (maintenance ticket, device maintenance,
 * issue report) through `applyConditionEffects`.
 */
export async function afterProductWrite({
  tx,
  auth,
  row,
  before,
}: TxAuth<{ row: ProductRow; before?: Pick<ProductRow, 'idCondition'> }>): Promise<void> {
  if (!before) {
    await recordTracking({
      tx,
      input: {
        organizationId: auth.organizationId,
        productId: row.id,
        state: 'new',
        actorName: auth.actor.name,
        conditionId: row.idCondition,
      },
    });
    return;
  }
  if (row.idCondition && row.idCondition !== before.idCondition) {
    await applyConditionEffects({
      tx,
      auth,
      args: {
        productId: row.id,
        conditionId: row.idCondition,
        deviceId: await deviceOfProduct({ tx, auth, productId: row.id }),
      },
    });
  }
}
