import type { TxAuth } from '../../../auth/context';
import { writeAudit } from '../../../lib/crud/audit';
import { recordTracking } from '../../../lib/product-tracking';
import { setDeviceMaintenance } from '../../devices';
import { openConditionIssue } from '../../issues';
import { conditionById, deviceAuditImage, lockDeviceById, productNameOf } from '../queries/conditions';

/** What {@link applyConditionEffects} did. */
export interface ConditionEffects {
  /** The device was put in maintenance (it was available). */
  maintenance: boolean;
  /** An issue was reported (auto_report). */
  reported: boolean;
  /** The id of the issue opened (auto_report). */
  issueId?: string;
}

/**
 * The effects of a product arriving in a condition (spec: operational §2 Conditions): with
 * `auto_maintenance` the product's device goes to maintenance (`devices.status = 'maintenance'`,
 * audit action `maintenance` on the device; a reserved device is left as it is, spec §4 "A reserved
 * device cannot be put in maintenance"); with `auto_report` an issue is opened.
 *
 * This is the one place where a condition opens an issue: a pending issue about the rental
 * (`transactionId`, its user and location) in the Issues area, plus an audit entry `report_issue` on the
 * device (the Device History Log's `log_type`), or on the product when it sits in no device. Either
 * flag also writes one "Maintenance Ticket" entry in the product's tracking.
 *
 * Runs in the caller's transaction; ids must belong to `auth.organizationId` (a missing condition
 * or device is ignored). Called by product edits and condition assignment here, and by the
 * transactions area when a product is returned.
 */
export async function applyConditionEffects({
  tx,
  auth,
  args,
}: TxAuth<{
  args: {
    productId: string;
    conditionId: string | null;
    deviceId: string | null;
    transactionId?: string | null;
  };
}>): Promise<ConditionEffects> {
  const effects: ConditionEffects = { maintenance: false, reported: false };
  if (!args.conditionId) return effects;
  const condition = await conditionById({ tx, auth, id: args.conditionId });
  if (!condition || (!condition.autoMaintenance && !condition.autoReport)) return effects;

  const device = args.deviceId ? await lockDeviceById({ tx, auth, id: args.deviceId }) : undefined;

  if (condition.autoMaintenance && device && device.status === 'available') {
    const after = await setDeviceMaintenance({ tx, organizationId: auth.organizationId, id: device.id });
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'device',
        entityId: device.id,
        action: 'maintenance',
        before: deviceAuditImage(device),
        after: deviceAuditImage(after!),
      },
    });
    effects.maintenance = true;
  }
  if (condition.autoReport) {
    const productName = await productNameOf({ tx, auth, id: args.productId });
    effects.issueId = await openConditionIssue({
      tx,
      auth,
      args: {
        conditionId: condition.id,
        conditionName: condition.name,
        productName,
        transactionId: args.transactionId ?? null,
      },
    });
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: device ? 'device' : 'product',
        entityId: device ? device.id : args.productId,
        action: 'report_issue',
        changes: {
          condition: { before: null, after: condition.name },
          id_product: { before: null, after: args.productId },
          id_issue: { before: null, after: effects.issueId },
        },
      },
    });
    effects.reported = true;
  }
  await recordTracking({
    tx,
    input: {
      organizationId: auth.organizationId,
      productId: args.productId,
      state: 'maintenance',
      actorName: auth.actor.name,
      conditionId: condition.id,
      deviceId: device?.id ?? null,
    },
  });
  return effects;
}
