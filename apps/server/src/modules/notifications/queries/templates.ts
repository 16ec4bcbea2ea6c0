import { NOTIFICATION_MESSAGES as M } from '@lockerops/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AuthContext, TxAuth } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { notificationDeliveries, notifications } from '../../../db/schema';
import { pageOffset } from '../../../lib/crud/paging';
import { findOr404, lockOr404 } from '../../../lib/crud/resource';
import { toWire } from '../../../lib/wire';
import type { NotificationRow } from '../resource';
import type { DeliveryRow } from '../service/engine';

/**
 * One page of a template's delivery log (`GET notifications/{id}/deliveries`), newest first, Send
 * test messages included, with the number of all its deliveries. 404 'Notification not found' for
 * an id of another organization. spec: console §7.
 */
export async function deliveriesOf({
  tx,
  auth,
  id,
  page,
  size,
}: TxAuth<{ id: string; page: number; size: number }>): Promise<{ rows: DeliveryRow[]; total: number }> {
  await findOr404({ tx, table: notifications, auth, id, what: M.notFound });
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.organizationId, auth.organizationId),
        eq(notificationDeliveries.idNotification, id),
      ),
    )) as [{ total: number }];
  const rows = await tx
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.organizationId, auth.organizationId),
        eq(notificationDeliveries.idNotification, id),
      ),
    )
    .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
    .limit(size)
    .offset(pageOffset(page, size));
  return { rows, total };
}

/**
 * A template of the organization. 404 'Notification not found' for an id of another organization.
 * spec: console §7.
 */
export async function findNotification({ tx, auth, id }: TxAuth<{ id: string }>): Promise<NotificationRow> {
  return (await findOr404({
    tx,
    table: notifications,
    auth,
    id,
    what: M.notFound,
  })) as unknown as NotificationRow;
}

/** A template row with wire names (its audit image). */
export const notificationAuditImage = (row: NotificationRow) => toWire(notifications, row as never);

/** Inserts a copy of a template for the organization; answers the new row. */
export async function insertNotificationCopy({
  tx,
  auth,
  values,
}: {
  tx: Tx;
  auth: AuthContext;
  values: Omit<typeof notifications.$inferInsert, 'organizationId'>;
}): Promise<NotificationRow> {
  const [row] = await tx
    .insert(notifications)
    .values({ ...values, organizationId: auth.organizationId })
    .returning();
  return row as unknown as NotificationRow;
}

/** Sets columns of the organization's template `id`; answers the row after. */
export async function updateNotification({
  tx,
  auth,
  id,
  set,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
  set: Partial<typeof notifications.$inferInsert>;
}): Promise<NotificationRow> {
  const [row] = await tx
    .update(notifications)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.organizationId, auth.organizationId)))
    .returning();
  return row as unknown as NotificationRow;
}

export type DeliveryInsert = Omit<typeof notificationDeliveries.$inferInsert, 'organizationId'>;

/** Records deliveries of the organization; answers them. */
export async function insertDeliveries({
  tx,
  auth,
  rows,
}: {
  tx: Tx;
  auth: AuthContext;
  rows: DeliveryInsert[];
}): Promise<DeliveryRow[]> {
  if (!rows.length) return [];
  return tx
    .insert(notificationDeliveries)
    .values(rows.map((r) => ({ ...r, organizationId: auth.organizationId })))
    .returning();
}

/** Records the outcome of the organization's delivery `id`; answers the row after. */
export async function updateDelivery({
  tx,
  auth,
  id,
  set,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
  set: Partial<DeliveryRow>;
}): Promise<DeliveryRow> {
  const [row] = await tx
    .update(notificationDeliveries)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.organizationId, auth.organizationId)),
    )
    .returning();
  return row!;
}

/** The organization's template `id`, locked for update; 404 otherwise. */
export async function lockNotification({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  return (await lockOr404({ tx, table: notifications, auth, id })) as unknown as NotificationRow;
}
