import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { conditions, devices, locations, prices, products, transactions } from '../../../db/schema';

/*
 * What the Lite App reads to rent a product: the rental doors of a public place holding a product
 * and free, the customer's rentals in progress, the organization's product conditions. Every
 * statement names its organization.
 */

/** A public place (not hidden, not restricted) of the organization: the join's condition. */
const publicPlaceOf = (organizationId: string) =>
  and(
    eq(locations.id, devices.idLocation),
    eq(locations.organizationId, organizationId),
    eq(locations.hidden, false),
    isNull(locations.restrictionType),
  );

/**
 * The rental doors free to rent (available, holding a product) at the public place `locationId`
 * — all of them, or only `deviceIds` — by locker number, with the product and the door's price.
 */
export function rentableDoors({
  tx,
  organizationId,
  locationId,
  deviceId,
}: TxOrg<{ locationId?: string; deviceId?: string }>) {
  return tx
    .select({
      idDevice: devices.id,
      idLocation: devices.idLocation,
      lockerNumber: devices.lockerNumber,
      idPrice: devices.idPrice,
      productId: products.id,
      productName: products.name,
      description: products.description,
      image: products.image,
      amount: prices.amount,
      currency: prices.currency,
      unit: prices.unit,
      unitAmount: prices.unitAmount,
    })
    .from(devices)
    .innerJoin(locations, publicPlaceOf(organizationId))
    .innerJoin(products, and(eq(products.id, devices.idProduct), eq(products.organizationId, organizationId)))
    .leftJoin(prices, and(eq(prices.id, devices.idPrice), eq(prices.organizationId, organizationId)))
    .where(
      and(
        eq(devices.organizationId, organizationId),
        eq(devices.mode, 'rental'),
        eq(devices.status, 'available'),
        isNotNull(devices.idProduct),
        locationId ? eq(devices.idLocation, locationId) : undefined,
        deviceId ? eq(devices.id, deviceId) : undefined,
      ),
    )
    .orderBy(asc(devices.lockerNumber))
    .limit(200);
}

/** How many rentals the user has in progress. */
export async function rentalsInProgress({ tx, organizationId, userId }: TxOrg<{ userId: string }>) {
  const [row] = await tx
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.organizationId, organizationId),
        eq(transactions.idUser, userId),
        eq(transactions.type, 'rental'),
        eq(transactions.status, 'in_progress'),
      ),
    );
  return row?.n ?? 0;
}

/** The organization's product conditions, by name (at most 100). */
export function conditionList({ tx, organizationId }: TxOrg) {
  return tx
    .select({ id: conditions.id, name: conditions.name })
    .from(conditions)
    .where(eq(conditions.organizationId, organizationId))
    .orderBy(asc(conditions.name))
    .limit(100);
}
