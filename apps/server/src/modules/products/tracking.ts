import {
  PRODUCT_TRACKING_LABELS,
  type TProductTrackingEntry,
  type TProductTrackingState,
} from '@lockerops/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conditions, products, productTracking, users } from '../../db/schema';

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
  let conditionId = input.conditionId;
  if (conditionId === undefined) {
    const [p] = await tx
      .select({ idCondition: products.idCondition })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.organizationId, input.organizationId)));
    conditionId = p?.idCondition ?? null;
  }
  await tx.insert(productTracking).values({
    organizationId: input.organizationId,
    idProduct: input.productId,
    state: input.state,
    idUser: input.userId ?? null,
    actorName: input.actorName ?? null,
    idCondition: conditionId,
    idDevice: input.deviceId ?? null,
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
  const rows = await tx
    .select({
      id: productTracking.id,
      state: productTracking.state,
      createdAt: productTracking.createdAt,
      actorName: productTracking.actorName,
      idDevice: productTracking.idDevice,
      userId: users.id,
      userName: users.name,
      userLastName: users.lastName,
      conditionId: conditions.id,
      conditionName: conditions.name,
    })
    .from(productTracking)
    .leftJoin(users, eq(users.id, productTracking.idUser))
    .leftJoin(conditions, eq(conditions.id, productTracking.idCondition))
    .where(and(eq(productTracking.organizationId, organizationId), eq(productTracking.idProduct, productId)))
    .orderBy(
      sql`(${productTracking.state} = 'new')`,
      desc(productTracking.createdAt),
      desc(productTracking.seq),
    );
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
