import {
  allowedActions,
  type TMode,
  type TTransaction,
  type TTransactionLog,
  type TTransactionPublic,
  type TTransactionStatus,
  type TUserTransactionRow,
  ZId,
  ZTransaction,
  ZTransactionLog,
  ZTransactionPublic,
  ZUserTransactionRow,
} from '@lockerops/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import type { DbOrTx, Tx } from '../../../db/client';
import {
  conditions,
  devices,
  locations,
  memberships,
  organizations,
  prices,
  products,
  promos,
  transactionLogs,
  transactionShares,
  transactions,
  users,
} from '../../../db/schema';
import { preparedOnce } from '../../../lib/prepared';
import { iso, wireOf } from '../../../lib/wire';

const num = (v: string | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

/** The history log of one transaction, oldest first. */
export async function listLogs({
  tx,
  organizationId,
  transactionId,
}: TxOrg<{ transactionId: string }>): Promise<TTransactionLog[]> {
  const rows = await tx
    .select()
    .from(transactionLogs)
    .where(
      and(
        eq(transactionLogs.organizationId, organizationId),
        eq(transactionLogs.transactionId, transactionId),
      ),
    )
    .orderBy(asc(transactionLogs.createdAt), asc(transactionLogs.id));
  return rows.map((r) => wireOf(ZTransactionLog, r));
}

const selection = {
  t: transactions,
  user: {
    id: users.id,
    name: users.name,
    lastName: users.lastName,
    email: users.email,
    phoneNumber: users.phoneNumber,
  },
  device: {
    id: devices.id,
    name: devices.name,
    lockerNumber: devices.lockerNumber,
    mode: devices.mode,
    status: devices.status,
    lockStatus: devices.lockStatus,
    hardwareType: devices.hardwareType,
  },
  location: {
    id: locations.id,
    name: locations.name,
    address: locations.address,
    timeZone: locations.timeZone,
  },
  product: { id: products.id, name: products.name },
  price: {
    id: prices.id,
    name: prices.name,
    priceType: prices.priceType,
    amount: prices.amount,
    unit: prices.unit,
    unitAmount: prices.unitAmount,
  },
  promo: { id: promos.id, name: promos.name, code: promos.code },
  membership: { id: memberships.id, name: memberships.name },
  condition: { id: conditions.id, name: conditions.name },
};

/**
 * Transactions of one organization by id with their related rows, as a named prepared statement
 * built once (`preparedOnce`: the answer of every life-cycle call reads it; `organization`: the
 * organization's id; `ids`: a uuid array literal).
 */
const statement = (tx: Tx) =>
  tx
    .select(selection)
    .from(transactions)
    .leftJoin(users, eq(users.id, transactions.idUser))
    .leftJoin(devices, eq(devices.id, transactions.idDevice))
    .leftJoin(locations, eq(locations.id, transactions.idLocation))
    .leftJoin(products, eq(products.id, transactions.idProduct))
    .leftJoin(prices, eq(prices.id, transactions.idPrice))
    .leftJoin(promos, eq(promos.id, transactions.idPromo))
    .leftJoin(memberships, eq(memberships.id, transactions.idMembership))
    .leftJoin(conditions, eq(conditions.id, transactions.idCondition))
    .where(
      and(
        eq(transactions.organizationId, sql.placeholder('organization')),
        sql`${transactions.id} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    )
    .prepare('transactions_by_ids');
const transactionsByIds = preparedOnce(statement);

type Joined = Awaited<ReturnType<ReturnType<typeof statement>['execute']>>[number];

/** The wire shape of one joined row (spec: operational §3 Transaction (event)). */
function toWire(r: Joined): TTransaction {
  const t = r.t;
  const state = {
    event_type: t.type as TMode,
    event_status: t.status as TTransactionStatus,
    total: t.total,
    has_door: t.idDevice !== null,
  };
  const shape = ZTransaction.shape;
  return wireOf(ZTransaction, t, {
    event_type: state.event_type,
    event_status: state.event_status,
    user: r.user && wireOf(shape.user, r.user),
    device: r.device && wireOf(shape.device, r.device),
    location: r.location && wireOf(shape.location.unwrap(), r.location),
    product: r.product,
    price: r.price && wireOf(shape.price, r.price, { amount: Number(r.price.amount) }),
    promo: r.promo,
    membership: r.membership,
    subtotal: Number(t.subtotal),
    discount: Number(t.discount),
    total: Number(t.total),
    weight: num(t.weight),
    refunded_amount: num(t.refundedAmount),
    penalize_charge: num(t.penalizeCharge),
    condition: r.condition,
    actions: allowedActions(state),
  });
}

/**
 * Transactions of the organization by id, as the API answers them (missing ids are left out). A
 * named prepared statement: its text is the same for every page, so PostgreSQL parses it once per
 * connection and, after a few runs, reuses one plan (planning its nine-table join took 2–3 ms of a
 * 50-row page at 2M transactions).
 */
export async function loadTransactions({
  tx,
  organizationId,
  ids,
}: TxOrg<{ ids: string[] }>): Promise<TTransaction[]> {
  // an id that is not a uuid matches no row (and must not reach the array literal)
  const valid = ids.filter((id) => ZId.safeParse(id).success);
  if (!valid.length) return [];
  const rows = await transactionsByIds(tx, { organization: organizationId, ids: `{${valid.join(',')}}` });
  const byId = new Map(rows.map((r) => [r.t.id, toWire(r)]));
  return ids.map((id) => byId.get(id)).filter((x): x is TTransaction => Boolean(x));
}

/**
 * A user's transactions as per-user rows (spec: operational §3 Per-user transaction row): newest
 * start first, at most `limit`; `active` keeps those still under way (or only ended ones when false).
 * `amount` is the total, `duration` the seconds between start and end (or until now when running).
 */
export async function userTransactionRows({
  tx,
  organizationId,
  userId,
  opts,
}: TxOrg<{ userId: string; opts: { limit: number; active?: boolean } }>): Promise<{
  items: TUserTransactionRow[];
  total: number;
}> {
  const activeSql = sql`${transactions.status} IN ('in_progress', 'awaiting_service_pickup', 'awaiting_service_dropoff', 'awaiting_user_pickup', 'awaiting_payment_confirmation')`;
  const filters = and(
    eq(transactions.idUser, userId),
    opts.active === undefined ? undefined : opts.active ? activeSql : sql`NOT (${activeSql})`,
  );
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(transactions)
    .where(and(eq(transactions.organizationId, organizationId), filters))) as [{ total: number }];
  const rows = await tx
    .select({
      id: transactions.id,
      startedAt: transactions.startedAt,
      createdAt: transactions.createdAt,
      endedAt: transactions.endedAt,
      totalTime: transactions.totalTime,
      total: transactions.total,
      condition: conditions.name,
      location: locations.name,
      idLocation: transactions.idLocation,
      locationTimeZone: locations.timeZone,
      lockerNumber: devices.lockerNumber,
    })
    .from(transactions)
    .leftJoin(conditions, eq(conditions.id, transactions.idCondition))
    .leftJoin(locations, eq(locations.id, transactions.idLocation))
    .leftJoin(devices, eq(devices.id, transactions.idDevice))
    .where(and(eq(transactions.organizationId, organizationId), filters))
    .orderBy(desc(sql`coalesce(${transactions.startedAt}, ${transactions.createdAt})`), desc(transactions.id))
    .limit(opts.limit);
  const now = Date.now();
  return {
    total: Number(total),
    items: rows.map((r) => {
      const started = r.startedAt ?? r.createdAt;
      const duration =
        r.totalTime ?? (r.endedAt ? null : Math.max(0, Math.floor((now - started.getTime()) / 1000)));
      return wireOf(ZUserTransactionRow, r, {
        started: iso(r.startedAt),
        ended: iso(r.endedAt),
        duration,
        amount: Number(r.total),
      });
    }),
  };
}

/**
 * The public view of a shared transaction (spec: operational §7 `GET event/{id}/public`): found
 * only with the token of one of its share links (only the token's SHA-256 `tokenHash` is stored),
 * across organizations (the link carries no session), so `db` is the server's own handle. Numbers,
 * status, place, times and amounts — no personal data. Undefined when the id or token is unknown.
 */
export async function publicTransaction({
  db,
  id,
  tokenHash,
}: {
  db: DbOrTx;
  id: string;
  tokenHash: string;
}): Promise<TTransactionPublic | undefined> {
  // tenant: every organization — the share link's token hash is all the caller brings
  const [r] = await db
    .select({
      t: transactions,
      org: organizations.appName,
      orgName: organizations.name,
      loc: locations,
      n: devices.lockerNumber,
    })
    .from(transactions)
    .innerJoin(organizations, eq(organizations.id, transactions.organizationId))
    .leftJoin(locations, eq(locations.id, transactions.idLocation))
    .leftJoin(devices, eq(devices.id, transactions.idDevice))
    .innerJoin(
      transactionShares,
      and(eq(transactionShares.transactionId, transactions.id), eq(transactionShares.tokenHash, tokenHash)),
    )
    .where(eq(transactions.id, id))
    .limit(1);
  if (!r) return undefined;
  return wireOf(ZTransactionPublic, r.t, {
    event_type: r.t.type as TTransactionPublic['event_type'],
    event_status: r.t.status as TTransactionPublic['event_status'],
    organization: r.org ?? r.orgName,
    location: r.loc?.name ?? null,
    address: r.loc?.address ?? null,
    locker_number: r.n ?? null,
    total: Number(r.t.total),
    refunded_amount: num(r.t.refundedAmount),
  });
}
