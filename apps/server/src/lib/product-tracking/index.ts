import type { TProductTrackingState } from '@lockerops/contract';
import type { Tx } from '../../db/client';
import { insertTracking, productConditionId } from './queries';

export { deviceOfProduct } from './queries';

/**
 * A product's history and place as the products, conditions and transactions areas all write or
 * read them (spec: operational §3 Product `product_tracking`): the products area shows the
 * timeline, conditions record their maintenance tickets, transactions their In and Out.
 */

/** What one tracking entry records (spec: operational §3 Product `product_tracking`). */
export interface TrackingInput {
  organizationId: string;
  productId: string;
  /** new ("Product Created"), incoming ("In"), outgoing ("Out"), maintenance ("Maintenance Ticket"). */
  state: TProductTrackingState;
  /** The customer of an In/Out (users.id), when there is one. */
  userId?: string | null;
  /** Who acted: a team member's name or an API key's name. */
  actorName?: string | null;
  /** The condition at that moment; omitted = the product's current condition. */
  conditionId?: string | null;
  /** The device involved (the one the product was taken from or returned to). */
  deviceId?: string | null;
}

/**
 * Appends one entry to a product's history, in the caller's transaction. Called by this area for
 * creation, condition effects and maintenance, and by the transactions area for In (a return) and
 * Out (a rental). The product must belong to `organizationId` (the insert runs under row-level
 * security). spec: operational §3 Product, §4 Product tracking states.
 */
export async function recordTracking({ tx, input }: { tx: Tx; input: TrackingInput }): Promise<void> {
  const { organizationId, productId } = input;
  const conditionId =
    input.conditionId === undefined
      ? await productConditionId({ tx, organizationId, productId })
      : input.conditionId;
  await insertTracking({
    tx,
    organizationId,
    entry: {
      productId,
      state: input.state,
      userId: input.userId ?? null,
      actorName: input.actorName ?? null,
      conditionId,
      deviceId: input.deviceId ?? null,
    },
  });
}
