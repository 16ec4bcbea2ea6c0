import { and, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { customerDoorHolds, devices, locations, prices, sizes } from '../../../db/schema';

/*
 * The doors Lite App customers hold while they pay (README "Lite App"): a hold keeps the door from
 * every other customer of the app until `held_until`, read against the app's clock (`now`), so an
 * abandoned payment frees the door once its time is up. Every statement names its organization.
 */

/**
 * A condition on `devices`: no other customer holds the door at `now` (a hold of `userId`
 * itself, or one whose time is up, does not count).
 */
export const notHeldByAnother = (organizationId: string, userId: string | undefined, now: Date) =>
  sql`not exists (select 1 from ${customerDoorHolds} where ${and(
    eq(customerDoorHolds.organizationId, organizationId),
    eq(customerDoorHolds.idDevice, devices.id),
    gt(customerDoorHolds.heldUntil, now),
    userId ? ne(customerDoorHolds.userId, userId) : undefined,
  )})`;

/**
 * Holds the door `deviceId` for `userId` until `until`, dropping the customer's other holds: one
 * door waits for one payment. Answers the hold, or undefined when another customer's hold of the
 * door is still running (the unique index on the door orders concurrent holds).
 */
export async function insertHold({
  tx,
  organizationId,
  deviceId,
  userId,
  now,
  until,
}: TxOrg<{ deviceId: string; userId: string; now: Date; until: Date }>) {
  await tx
    .delete(customerDoorHolds)
    .where(
      and(
        eq(customerDoorHolds.organizationId, organizationId),
        eq(customerDoorHolds.userId, userId),
        ne(customerDoorHolds.idDevice, deviceId),
      ),
    );
  const [row] = await tx
    .insert(customerDoorHolds)
    .values({ organizationId, idDevice: deviceId, userId, heldUntil: until })
    .onConflictDoUpdate({
      target: [customerDoorHolds.organizationId, customerDoorHolds.idDevice],
      set: { userId, heldUntil: until, id: sql`gen_random_uuid()` },
      setWhere: and(
        eq(customerDoorHolds.organizationId, organizationId),
        or(eq(customerDoorHolds.userId, userId), lte(customerDoorHolds.heldUntil, now)),
      ),
    })
    .returning();
  return row;
}

/** The customer's running hold `id` at `now` (its door), or undefined (another's, or ended). */
export async function runningHold({
  tx,
  organizationId,
  userId,
  id,
  now,
}: TxOrg<{ userId: string; id: string; now: Date }>) {
  const [row] = await tx
    .select({ id: customerDoorHolds.id, idDevice: customerDoorHolds.idDevice })
    .from(customerDoorHolds)
    .where(
      and(
        eq(customerDoorHolds.organizationId, organizationId),
        eq(customerDoorHolds.userId, userId),
        eq(customerDoorHolds.id, id),
        gt(customerDoorHolds.heldUntil, now),
      ),
    );
  return row;
}

/** Removes the customer's hold `id` (their start took the door). */
export async function deleteHold({ tx, organizationId, userId, id }: TxOrg<{ userId: string; id: string }>) {
  await tx
    .delete(customerDoorHolds)
    .where(
      and(
        eq(customerDoorHolds.organizationId, organizationId),
        eq(customerDoorHolds.userId, userId),
        eq(customerDoorHolds.id, id),
      ),
    );
}

/**
 * The customer's running hold `id` at `now` with what the payment screen shows of its door: the
 * place (and its zone), the door's number, size and price; undefined when ended or another's.
 */
export async function heldDoor({
  tx,
  organizationId,
  userId,
  id,
  now,
}: TxOrg<{ userId: string; id: string; now: Date }>) {
  const [row] = await tx
    .select({
      idDevice: devices.id,
      idLocation: locations.id,
      idSize: sizes.id,
      location: locations.name,
      timeZone: locations.timeZone,
      lockerNumber: devices.lockerNumber,
      size: sizes.name,
      heldUntil: customerDoorHolds.heldUntil,
      amount: prices.amount,
      currency: prices.currency,
      unit: prices.unit,
      unitAmount: prices.unitAmount,
    })
    .from(customerDoorHolds)
    .innerJoin(
      devices,
      and(eq(devices.id, customerDoorHolds.idDevice), eq(devices.organizationId, organizationId)),
    )
    .innerJoin(
      locations,
      and(eq(locations.id, devices.idLocation), eq(locations.organizationId, organizationId)),
    )
    .innerJoin(sizes, and(eq(sizes.id, devices.idSize), eq(sizes.organizationId, organizationId)))
    .leftJoin(prices, and(eq(prices.id, devices.idPrice), eq(prices.organizationId, organizationId)))
    .where(
      and(
        eq(customerDoorHolds.organizationId, organizationId),
        eq(customerDoorHolds.userId, userId),
        eq(customerDoorHolds.id, id),
        gt(customerDoorHolds.heldUntil, now),
      ),
    );
  return row;
}
