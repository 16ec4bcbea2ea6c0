import {
  PRODUCT_TRACKING_LABELS,
  type TProductTrackingEntry,
  type TProductTrackingState,
  ZProductTrackingEntry,
} from '@lockerops/contract';
import type { TxOrg } from '../../../auth/context';
import { wireOf } from '../../../lib/wire';
import { trackingRows } from '../queries';

export { recordTracking } from '../../../lib/product-tracking';

/**
 * A product's timeline: newest first, with the creation entry always last (spec: operational §4
 * "Timeline newest first with creation last"). Entries of one transaction keep their write order.
 */
export async function productTimeline({
  tx,
  organizationId,
  productId,
}: TxOrg<{ productId: string }>): Promise<TProductTrackingEntry[]> {
  const rows = await trackingRows({ tx, organizationId, productId });
  return rows.map((r) => {
    const state = r.state as TProductTrackingState;
    return wireOf(ZProductTrackingEntry, r, {
      state,
      label: PRODUCT_TRACKING_LABELS[state],
      user: r.userId ? { id: r.userId, name: r.userName ?? '', last_name: r.userLastName ?? null } : null,
      condition: r.conditionId ? { id: r.conditionId, name: r.conditionName ?? '' } : null,
    });
  });
}
