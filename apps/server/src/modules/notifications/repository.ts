import { NOTIFICATION_MESSAGES as M } from '@lockerops/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { notificationDeliveries, notifications } from '../../db/schema';
import { pageOffset } from '../../lib/crud/paging';
import { findOr404 } from '../../lib/crud/resource';
import type { DeliveryRow } from './engine';
import type { NotificationRow } from './resource';

/**
 * One page of a template's delivery log (`GET notifications/{id}/deliveries`), newest first, Send
 * test messages included, with the number of all its deliveries. 404 'Notification not found' for
 * an id of another organization. spec: console §7.
 */
export async function deliveriesOf(
  tx: Tx,
  auth: AuthContext,
  id: string,
  page: number,
  size: number,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  await findOr404(tx, notifications, auth, id, M.notFound);
  const where = and(
    eq(notificationDeliveries.organizationId, auth.organizationId),
    eq(notificationDeliveries.idNotification, id),
  );
  const [{ total }] = (await tx.select({ total: count() }).from(notificationDeliveries).where(where)) as [
    { total: number },
  ];
  const rows = await tx
    .select()
    .from(notificationDeliveries)
    .where(where)
    .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
    .limit(size)
    .offset(pageOffset(page, size));
  return { rows, total };
}

/**
 * A template of the organization. 404 'Notification not found' for an id of another organization.
 * spec: console §7.
 */
export async function findNotification(tx: Tx, auth: AuthContext, id: string): Promise<NotificationRow> {
  return (await findOr404(tx, notifications, auth, id, M.notFound)) as unknown as NotificationRow;
}
