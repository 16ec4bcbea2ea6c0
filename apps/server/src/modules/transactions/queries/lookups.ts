import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import {
  conditions,
  membershipLocations,
  memberships,
  membershipUsers,
  organizations,
  prices,
  products,
  promos,
  settings,
  users,
} from '../../../db/schema';
import { preparedOnce } from '../../../lib/prepared';
import type { TransactionRow } from '../queries';

/**
 * What a step of the transaction life cycle reads and changes around its transaction: its door,
 * price, promo, memberships, user, product and condition, and the organization's settings. Each
 * read is the organization's own unless its comment says otherwise.
 */

/** The organization's price by id (the door's or the transaction's). */
export async function priceById({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [p] = await tx
    .select()
    .from(prices)
    .where(and(eq(prices.organizationId, organizationId), eq(prices.id, id)));
  return p;
}

/** The organization's default price of `priceType`, or undefined. */
export async function defaultPrice({
  tx,
  organizationId,
  priceType,
}: TxOrg<{ priceType: 'pay_per_weight' | 'pay_per_time' }>) {
  const [p] = await tx
    .select()
    .from(prices)
    .where(
      and(
        eq(prices.organizationId, organizationId),
        eq(prices.isDefault, true),
        eq(prices.priceType, priceType),
      ),
    );
  return p;
}

/** The organization's default currency, or undefined when it has no settings row. */
export async function defaultCurrency({ tx, organizationId }: TxOrg): Promise<string | undefined> {
  const [s] = await tx
    .select({ c: settings.defaultCurrency })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  return s?.c;
}

/**
 * The organization's default currency as an SQL expression (usd when it has no settings row), for
 * a transaction's insert: the row takes it in its own statement.
 */
export const defaultCurrencySql = ({ organizationId }: { organizationId: string }) =>
  sql<string>`coalesce((select ${settings.defaultCurrency} from ${settings} where ${settings.organizationId} = ${organizationId}), 'usd')`;

/** The organization's connected payment account (read in the step's transaction), or null. */
export async function connectedAccount({ tx, organizationId }: TxOrg): Promise<string | null> {
  const [org] = await tx
    .select({ account: organizations.stripeAccountId })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.account ?? null;
}

/** The organization's app name (its white label) and sub-domain label (its Lite App's address). */
export async function appNameOf({ tx, organizationId }: TxOrg) {
  const [org] = await tx
    .select({ name: organizations.appName, subdomain: organizations.subdomain })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}

/** The organization's user `id` unless deleted, or undefined. */
export async function userOf({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [u] = await userById(tx, { id, org: organizationId });
  return u;
}

// a named prepared statement built once: read by every start, on each of its passes
const userById = preparedOnce((tx) =>
  tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('id')),
        eq(users.organizationId, sql.placeholder('org')),
        eq(users.isDeleted, false),
      ),
    )
    .prepare('user_by_id'),
);

/** The organization's user (not deleted) with this phone number or e-mail, if any. */
export async function recipientOf({
  tx,
  organizationId,
  to,
}: TxOrg<{ to: { phone_number?: string; email?: string } }>): Promise<{ id: string } | undefined> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isDeleted, false),
        or(
          to.phone_number ? eq(users.phoneNumber, to.phone_number) : sql`false`,
          to.email ? eq(users.emailNormalized, to.email) : sql`false`,
        ),
      ),
    )
    .limit(1);
  return user;
}

/** The organization's promo with this code (any case) valid at `at`, or undefined. */
export async function promoValidAt({ tx, organizationId, code, at }: TxOrg<{ code: string; at: Date }>) {
  const [p] = await tx
    .select()
    .from(promos)
    .where(
      and(
        eq(promos.organizationId, organizationId),
        sql`lower(${promos.code}) = ${code.toLowerCase()}`,
        lte(promos.startTime, at),
        sql`${promos.endTime} >= ${at.toISOString()}`,
      ),
    );
  return p;
}

/** A promo by id (the transaction's). */
export async function promoById({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [p] = await tx
    .select()
    .from(promos)
    .where(and(eq(promos.organizationId, organizationId), eq(promos.id, id)));
  return p;
}

/**
 * The active memberships the transaction's user holds that apply at its location (those without
 * locations apply everywhere), with the transactions each has used.
 */
export async function heldMemberships({ tx, t }: { tx: Tx; t: TransactionRow }) {
  if (!t.idUser) return [];
  return tx
    .select({ m: memberships, used: membershipUsers.usedTransactions })
    .from(membershipUsers)
    .innerJoin(memberships, eq(memberships.id, membershipUsers.membershipId))
    .where(
      and(
        eq(membershipUsers.organizationId, t.organizationId),
        eq(membershipUsers.userId, t.idUser),
        eq(memberships.active, true),
        or(
          sql`NOT EXISTS (SELECT 1 FROM ${membershipLocations} WHERE ${membershipLocations.membershipId} = ${memberships.id})`,
          t.idLocation
            ? sql`EXISTS (SELECT 1 FROM ${membershipLocations} WHERE ${membershipLocations.membershipId} = ${memberships.id} AND ${membershipLocations.locationId} = ${t.idLocation})`
            : sql`false`,
        ),
      ),
    );
}

/** Counts one more transaction used of the organization's limited membership by the user. */
export async function countMembershipUse({
  tx,
  organizationId,
  membershipId,
  userId,
}: TxOrg<{ membershipId: string; userId: string }>): Promise<void> {
  await tx
    .update(membershipUsers)
    .set({ usedTransactions: sql`${membershipUsers.usedTransactions} + 1` })
    .where(
      and(
        eq(membershipUsers.organizationId, organizationId),
        eq(membershipUsers.membershipId, membershipId),
        eq(membershipUsers.userId, userId),
      ),
    );
}

/** A product of the organization by id (the door's), or undefined. */
export async function productById({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [p] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.organizationId, organizationId)));
  return p;
}

/** The id of the organization's condition `id`, or undefined. */
export async function conditionIdOf({
  tx,
  organizationId,
  id,
}: TxOrg<{ id: string }>): Promise<string | undefined> {
  const [c] = await tx
    .select({ id: conditions.id })
    .from(conditions)
    .where(and(eq(conditions.id, id), eq(conditions.organizationId, organizationId)));
  return c?.id;
}
