import { and, eq, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { conditions, organizations, products, settings, users } from '../../../db/schema';
import { preparedOnce } from '../../../lib/prepared';

/**
 * What a step of the transaction life cycle reads and changes around its transaction: its door,
 * price, promo, memberships, user, product and condition, and the organization's settings. Each
 * read is the organization's own unless its comment says otherwise.
 */

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
