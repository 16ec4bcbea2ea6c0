import {
  endpoints,
  MAX_PAGE_SIZE,
  MEMBERSHIP_CSV_HEADERS,
  MEMBERSHIP_MESSAGES,
  type TListQuery,
  type TMembership,
  type TPage,
  type TSubscriber,
  ZMembership,
  ZMembershipCreateRequest,
  ZMembershipListQuery,
  ZMembershipUpdateRequest,
} from '@lockerops/contract';
import { and, count, desc, eq, exists, ilike, inArray, notExists, or, sql } from 'drizzle-orm';
import type { PlanSync } from '../../adapters/payments/plans';
import type { TxOrg } from '../../auth/context';
import type { Tx } from '../../db/client';
import {
  locations,
  membershipLocations,
  memberships,
  membershipUsers,
  organizations,
  users,
} from '../../db/schema';
import { BadRequest, Conflict } from '../../errors';
import { likePattern, pageOf, pageOffset } from '../../lib/crud/paging';
import type { Resource } from '../../lib/crud/resource';
import { organizationsOf } from '../../lib/tenant-rows';
import { wireColumns, wireOf } from '../../lib/wire';
import { defaultCurrency, moneyNumber, moneyText } from '../prices';

type MembershipRow = typeof memberships.$inferSelect;

const held = sql`(select 1 from ${membershipUsers} where ${membershipUsers.membershipId} = ${memberships.id})`;

const userName = (u: { name: string; lastName: string | null }) =>
  [u.name, u.lastName].filter(Boolean).join(' ');

/** Locations and users of a batch of memberships, two queries for the whole page. */
async function linksOf(tx: Tx, rows: MembershipRow[]) {
  const ids = rows.map((m) => m.id);
  const orgIds = organizationsOf(rows);
  const locs = ids.length
    ? await tx
        .select({ membershipId: membershipLocations.membershipId, id: locations.id, name: locations.name })
        .from(membershipLocations)
        .innerJoin(locations, eq(locations.id, membershipLocations.locationId))
        .where(
          and(
            inArray(membershipLocations.organizationId, orgIds),
            inArray(membershipLocations.membershipId, ids),
          ),
        )
        .orderBy(locations.name)
    : [];
  const holders = ids.length
    ? await tx
        .select({
          membershipId: membershipUsers.membershipId,
          id: users.id,
          name: users.name,
          lastName: users.lastName,
        })
        .from(membershipUsers)
        .innerJoin(users, eq(users.id, membershipUsers.userId))
        .where(
          and(inArray(membershipUsers.organizationId, orgIds), inArray(membershipUsers.membershipId, ids)),
        )
        .orderBy(users.name)
    : [];
  return { locs, holders };
}

/**
 * The Memberships area, the console's Subscriptions page (spec: operational §2, §3
 * Subscription/membership, §4 Subscription form, §5 Subscription, §7 Memberships). A membership
 * applies to `locations` and is held by `users` (its subscribers); `subscribed` filters plans that
 * users hold. A held membership cannot be deleted (409).
 */
export const membershipsResource: Resource<
  TMembership,
  typeof ZMembershipCreateRequest,
  typeof ZMembershipUpdateRequest,
  typeof ZMembershipListQuery
> = {
  entity: 'membership',
  path: 'memberships',
  api: endpoints.memberships,
  model: 'subscription',
  tag: 'Memberships',
  table: memberships,
  item: ZMembership,
  create: ZMembershipCreateRequest,
  update: ZMembershipUpdateRequest,
  query: ZMembershipListQuery,
  filters: (q) => [
    q.subscribed === 'true' ? exists(held) : q.subscribed === 'false' ? notExists(held) : undefined,
  ],
  search: [memberships.name, memberships.description, memberships.membershipType, memberships.billingType],
  sort: wireColumns(memberships, [
    'name',
    'amount',
    'billing_type',
    'billing_period',
    'membership_type',
    'active',
    'created_at',
  ]),
  defaultSort: { by: 'created_at', order: 'desc' },
  async toWire(rows, tx) {
    const list = rows as unknown as MembershipRow[];
    const { locs, holders } = await linksOf(tx, list);
    return list.map((m) => {
      const mine = holders.filter((h) => h.membershipId === m.id);
      return wireOf(ZMembership, m, {
        amount: moneyNumber(m.amount),
        value: m.value === null ? null : Number(m.value),
        locations: locs.filter((l) => l.membershipId === m.id).map((l) => ({ id: l.id, name: l.name })),
        users: mine.map((u) => ({ id: u.id, name: userName(u) })),
        subscribed: mine.length > 0,
        subscribers: mine.length,
      });
    });
  },
  async toValues(input, { tx, auth, existing }) {
    const recurring = input.billing_type === 'recurring';
    return {
      name: input.name,
      description: input.description,
      active: input.active,
      currency:
        input.currency ??
        (existing?.currency as string | undefined) ??
        (await defaultCurrency({ tx, organizationId: auth.organizationId })),
      amount: moneyText(input.amount),
      billingType: input.billing_type,
      billingPeriod: recurring ? input.billing_period : null,
      // a one-time plan is paid once
      numberOfPayments: recurring ? input.number_of_payments : 1,
      membershipType: input.membership_type,
      value: input.membership_type === 'unlimited' || input.value === null ? null : moneyText(input.value),
      cardOnFile: Number(input.amount) > 0 ? true : input.card_on_file,
    };
  },
  async afterWrite(row, input, { tx, auth }) {
    const organizationId = auth.organizationId;
    const locationIds = [...new Set(input.locations)];
    const userIds = [...new Set(input.users)];
    if (locationIds.length) {
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(locations)
        .where(and(eq(locations.organizationId, organizationId), inArray(locations.id, locationIds)))) as [
        { n: number },
      ];
      if (n !== locationIds.length) throw BadRequest(MEMBERSHIP_MESSAGES.locationNotFound);
    }
    if (userIds.length) {
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.isDeleted, false),
            inArray(users.id, userIds),
          ),
        )) as [{ n: number }];
      if (n !== userIds.length) throw BadRequest(MEMBERSHIP_MESSAGES.userNotFound);
    }
    await tx
      .delete(membershipLocations)
      .where(
        and(
          eq(membershipLocations.organizationId, organizationId),
          eq(membershipLocations.membershipId, row.id),
        ),
      );
    if (locationIds.length)
      await tx
        .insert(membershipLocations)
        .values(locationIds.map((locationId) => ({ organizationId, membershipId: row.id, locationId })));
    // keep the usage of users who still hold the plan; drop the others; add the new ones
    const current = await tx
      .select({ userId: membershipUsers.userId })
      .from(membershipUsers)
      .where(
        and(eq(membershipUsers.organizationId, organizationId), eq(membershipUsers.membershipId, row.id)),
      );
    const keep = new Set(userIds);
    const gone = current.map((c) => c.userId).filter((id) => !keep.has(id));
    if (gone.length)
      await tx
        .delete(membershipUsers)
        .where(
          and(
            eq(membershipUsers.organizationId, organizationId),
            eq(membershipUsers.membershipId, row.id),
            inArray(membershipUsers.userId, gone),
          ),
        );
    const have = new Set(current.map((c) => c.userId));
    const added = userIds.filter((id) => !have.has(id));
    if (added.length)
      await tx
        .insert(membershipUsers)
        .values(added.map((userId) => ({ organizationId, membershipId: row.id, userId })));
  },
  async beforeDelete(rows, { tx, auth }) {
    const [holder] = await tx
      .select({ id: membershipUsers.membershipId })
      .from(membershipUsers)
      .where(
        and(
          eq(membershipUsers.organizationId, auth.organizationId),
          inArray(
            membershipUsers.membershipId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .limit(1);
    if (holder) throw Conflict(MEMBERSHIP_MESSAGES.held);
  },
  csv: {
    headers: MEMBERSHIP_CSV_HEADERS,
    toRecord: (m) => ({
      ...m,
      amount: m.amount.toFixed(2),
      locations: m.locations.map((l) => l.id).join(';'),
      users: m.users.map((u) => u.id).join(';'),
    }),
  },
  messages: {
    created: MEMBERSHIP_MESSAGES.created,
    updated: MEMBERSHIP_MESSAGES.updated,
    deleted: MEMBERSHIP_MESSAGES.deleted,
  },
};

/**
 * The memberships resource that also keeps each saved plan in step at the payment provider
 * (`plans`): once the plan's own writes have committed, the product and price are created or
 * updated on the organization's connected account with no transaction open, and
 * `stripe_product_id` / `stripe_price_id` stored in a second short transaction (a new price when
 * amount, currency or billing changed; the old one archived). A provider failure leaves the plan
 * saved without them; the next save syncs it again.
 */
export function withPlanSync(base: typeof membershipsResource, plans: PlanSync): typeof membershipsResource {
  return {
    ...base,
    async afterCommit(row, { run, existing }) {
      const m = row as unknown as MembershipRow;
      const before = existing as unknown as MembershipRow | undefined;
      const account = await run(async (tx) => {
        const [org] = await tx
          .select({ account: organizations.stripeAccountId })
          .from(organizations)
          .where(eq(organizations.id, m.organizationId));
        return org?.account ?? null;
      });
      // the provider is asked with no transaction open; its ids are stored in a second one
      const synced = await plans.sync({
        membershipId: m.id,
        organizationId: m.organizationId,
        account,
        name: m.name,
        description: m.description,
        active: m.active,
        amount: m.amount,
        currency: m.currency,
        billingType: m.billingType,
        billingPeriod: m.billingPeriod,
        productId: m.stripeProductId,
        priceId: m.stripePriceId,
        priceChanged:
          !before ||
          before.amount !== m.amount ||
          before.currency !== m.currency ||
          before.billingType !== m.billingType ||
          before.billingPeriod !== m.billingPeriod,
      });
      if (!synced) return row;
      const values = { stripeProductId: synced.productId, stripePriceId: synced.priceId };
      const [stored] = await run((tx) =>
        tx
          .update(memberships)
          .set(values)
          .where(and(eq(memberships.id, m.id), eq(memberships.organizationId, m.organizationId)))
          .returning(),
      );
      return (stored ?? { ...row, ...values }) as typeof row;
    },
  };
}

/**
 * Subscribers: who holds which membership (users not deleted), newest first, paged (1-based, at
 * most `MAX_PAGE_SIZE`); `search` (2+ characters) matches the membership name and the user name,
 * last name or e-mail. Throws only the database's errors. spec: operational §2 /subscribers.
 */
export async function listSubscribers({
  tx,
  organizationId,
  q,
}: TxOrg<{ q: TListQuery }>): Promise<TPage<TSubscriber>> {
  const s = q.search?.trim();
  const filters = and(
    eq(users.isDeleted, false),
    s && s.length >= 2
      ? or(
          ...[memberships.name, users.name, users.lastName, users.email].map((c) =>
            ilike(sql`${c}::text`, likePattern(s)),
          ),
        )
      : undefined,
  );
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(membershipUsers)
    .innerJoin(memberships, eq(memberships.id, membershipUsers.membershipId))
    .innerJoin(users, eq(users.id, membershipUsers.userId))
    .where(and(eq(membershipUsers.organizationId, organizationId), filters))) as [{ total: number }];
  const size = Math.min(q.size, MAX_PAGE_SIZE);
  const rows = await tx
    .select({
      membershipId: memberships.id,
      membershipName: memberships.name,
      userId: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      used: membershipUsers.usedTransactions,
      createdAt: membershipUsers.createdAt,
    })
    .from(membershipUsers)
    .innerJoin(memberships, eq(memberships.id, membershipUsers.membershipId))
    .innerJoin(users, eq(users.id, membershipUsers.userId))
    .where(and(eq(membershipUsers.organizationId, organizationId), filters))
    .orderBy(desc(membershipUsers.createdAt), membershipUsers.membershipId, membershipUsers.userId)
    .limit(size)
    .offset(pageOffset(q.page, size));
  return pageOf(
    rows.map((r) => ({
      membership: { id: r.membershipId, name: r.membershipName },
      user: { id: r.userId, name: [r.name, r.lastName].filter(Boolean).join(' '), email: r.email },
      used_transactions: r.used,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    q.page,
    size,
  );
}
