import {
  PRODUCT_TRACKING_LABELS,
  type TProductTrackingEntry,
  type TProductTrackingState,
} from '@lockerops/contract';
import type { Tx } from '../../db/client';
import { insertTracking, productConditionId, trackingRows } from './queries';

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
export async function recordTracking(tx: Tx, input: TrackingInput): Promise<void> {
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

/**
 * A product's timeline: newest first, with the creation entry always last (spec: operational §4
 * "Timeline newest first with creation last"). Entries of one transaction keep their write order.
 */
export async function productTimeline(
  tx: Tx,
  organizationId: string,
  productId: string,
): Promise<TProductTrackingEntry[]> {
  const rows = await trackingRows({ tx, organizationId, productId });
  return rows.map((r) => {
    const state = r.state as TProductTrackingState;
    return {
      id: r.id,
      state,
      label: PRODUCT_TRACKING_LABELS[state],
      created_at: r.createdAt.toISOString(),
      user: r.userId ? { id: r.userId, name: r.userName ?? '', last_name: r.userLastName ?? null } : null,
      actor_name: r.actorName,
      condition: r.conditionId ? { id: r.conditionId, name: r.conditionName ?? '' } : null,
      id_device: r.idDevice,
    };
  });
}
