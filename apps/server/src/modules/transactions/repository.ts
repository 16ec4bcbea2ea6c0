import {
  allowedActions,
  type TMode,
  type TPenaltyReason,
  type TTransaction,
  type TTransactionListQuery,
  type TTransactionLog,
  type TTransactionPublic,
  type TTransactionStatus,
  type TUserTransactionRow,
  ZId,
  ZTransactionListQuery,
} from '@lockerops/contract';
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import {
  conditions,
  devices,
  locations,
  memberships,
  organizations,
  prices,
  products,
  promos,
  transactionCounters,
  transactionLogs,
  transactionShares,
  transactions,
  users,
} from '../../db/schema';
import { BadRequest } from '../../errors';
import {
  anyOf,
  countTotal,
  decodeCursor,
  encodeCursor,
  estimateBranches,
  INVALID_CURSOR,
  keyset,
  likePattern,
  offsetOf,
  sampleIds,
  searchIdsAll,
} from '../../lib/crud/paging';
import { iso } from '../../lib/wire';

export type TransactionRow = typeof transactions.$inferSelect;

/** Who took a step: a team member, an API key, or the system (jobs). */
export interface Actor {
  type: 'member' | 'api_key' | 'system';
  id: string | null;
  name: string | null;
}

const num = (v: string | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

/**
 * The next readable number of an organization, atomically (one upsert on its counter row): answers
 * `{ invoiceId: 'INV-000042', orderId: 'ORD-000042' }`.
 */
export async function nextNumbers(
  tx: Tx,
  organizationId: string,
): Promise<{ invoiceId: string; orderId: string }> {
  const [row] = await tx
    .insert(transactionCounters)
    .values({ organizationId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: transactionCounters.organizationId,
      set: { lastNumber: sql`${transactionCounters.lastNumber} + 1` },
    })
    .returning({ n: transactionCounters.lastNumber });
  const n = String(row!.n).padStart(6, '0');
  return { invoiceId: `INV-${n}`, orderId: `ORD-${n}` };
}

/** Locks one transaction of the organization for update; undefined when missing or foreign. */
export async function lockTransaction(
  tx: Tx,
  organizationId: string,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.organizationId, organizationId)))
    .for('update');
  return row;
}

/** Locks many transactions of the organization for update, in id order (no deadlock between two bulk calls). */
export async function lockTransactions(
  tx: Tx,
  organizationId: string,
  ids: string[],
): Promise<TransactionRow[]> {
  return tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, [...new Set(ids)])))
    .orderBy(asc(transactions.id))
    .for('update');
}

/** Appends one entry to the Transaction History Log, in the step's transaction. */
export async function writeLog(
  tx: Tx,
  entry: {
    organizationId: string;
    eventId: string;
    action: string;
    statusBefore: TTransactionStatus | null;
    statusAfter: TTransactionStatus;
    detail?: Record<string, unknown>;
    actor: Actor;
  },
): Promise<void> {
  await tx.insert(transactionLogs).values({
    organizationId: entry.organizationId,
    idEvent: entry.eventId,
    action: entry.action,
    statusBefore: entry.statusBefore,
    statusAfter: entry.statusAfter,
    detail: entry.detail ?? {},
    actorType: entry.actor.type,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
  });
}

/** The history log of one transaction, oldest first. */
export async function listLogs(tx: Tx, organizationId: string, eventId: string): Promise<TTransactionLog[]> {
  const rows = await tx
    .select()
    .from(transactionLogs)
    .where(and(eq(transactionLogs.organizationId, organizationId), eq(transactionLogs.idEvent, eventId)))
    .orderBy(asc(transactionLogs.createdAt), asc(transactionLogs.id));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    status_before: r.statusBefore as TTransactionStatus | null,
    status_after: r.statusAfter as TTransactionStatus,
    detail: r.detail,
    actor_type: r.actorType,
    actor_name: r.actorName,
    created_at: r.createdAt.toISOString(),
  }));
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
  location: { id: locations.id, name: locations.name, address: locations.address },
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

const joined = (tx: Tx) =>
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
    .leftJoin(conditions, eq(conditions.id, transactions.idCondition));

type Joined = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** The wire shape of one joined row (spec: operational §3 Transaction (event)). */
function toWire(r: Joined): TTransaction {
  const t = r.t;
  const state = {
    event_type: t.eventType as TMode,
    event_status: t.eventStatus as TTransactionStatus,
    total: t.total,
  };
  return {
    id: t.id,
    invoice_id: t.invoiceId,
    order_id: t.orderId,
    event_type: state.event_type,
    event_status: state.event_status,
    user: r.user
      ? {
          id: r.user.id,
          name: r.user.name,
          last_name: r.user.lastName,
          email: r.user.email,
          phone_number: r.user.phoneNumber,
        }
      : null,
    device: r.device
      ? {
          id: r.device.id,
          name: r.device.name,
          locker_number: r.device.lockerNumber,
          mode: r.device.mode,
          status: r.device.status,
          lock_status: r.device.lockStatus,
          hardware_type: r.device.hardwareType,
        }
      : null,
    location: r.location ? { id: r.location.id, name: r.location.name, address: r.location.address } : null,
    product: r.product ? { id: r.product.id, name: r.product.name } : null,
    price: r.price
      ? {
          id: r.price.id,
          name: r.price.name,
          price_type: r.price.priceType,
          amount: Number(r.price.amount),
          unit: r.price.unit,
          unit_amount: r.price.unitAmount,
        }
      : null,
    promo: r.promo ? { id: r.promo.id, name: r.promo.name, code: r.promo.code } : null,
    membership: r.membership ? { id: r.membership.id, name: r.membership.name } : null,
    currency: t.currency,
    created_at: t.createdAt.toISOString(),
    started_at: iso(t.startedAt),
    ended_at: iso(t.endedAt),
    canceled_at: iso(t.canceledAt),
    canceled_by: t.canceledBy,
    expires_at: iso(t.expiresAt),
    subtotal: Number(t.subtotal),
    discount: Number(t.discount),
    total: Number(t.total),
    total_time: t.totalTime,
    weight: num(t.weight),
    refunded_amount: num(t.refundedAmount),
    penalize_charge: num(t.penalizeCharge),
    penalize_reason: t.penalizeReason as TPenaltyReason | null,
    payment_status: t.paymentStatus as TTransaction['payment_status'],
    notification_status: t.notificationStatus,
    notification_date: iso(t.notificationDate),
    courier_pin_code: t.courierPinCode,
    phone_number: t.phoneNumber,
    email: t.email,
    signature_url: t.signatureUrl,
    image_url: t.imageUrl,
    condition: r.condition ? { id: r.condition.id, name: r.condition.name } : null,
    actions: allowedActions(state),
  };
}

/**
 * Transactions of the organization by id, as the API answers them (missing ids are left out). A
 * named prepared statement: its text is the same for every page, so PostgreSQL parses it once per
 * connection and, after a few runs, reuses one plan (planning its nine-table join took 2–3 ms of a
 * 50-row page at 2M transactions).
 */
export async function loadTransactions(
  tx: Tx,
  organizationId: string,
  ids: string[],
): Promise<TTransaction[]> {
  // an id that is not a uuid matches no row (and must not reach the array literal)
  const valid = ids.filter((id) => ZId.safeParse(id).success);
  if (!valid.length) return [];
  const rows = await joined(tx)
    .where(
      and(
        eq(transactions.organizationId, sql.placeholder('organization')),
        sql`${transactions.id} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    )
    .prepare('transactions_by_ids')
    .execute({ organization: organizationId, ids: `{${valid.join(',')}}` });
  const byId = new Map(rows.map((r) => [r.t.id, toWire(r)]));
  return ids.map((id) => byId.get(id)).filter((x): x is TTransaction => Boolean(x));
}

const SORTS: Record<string, SQL | typeof transactions.createdAt> = {
  created_at: sql`${transactions.createdAt}`,
  started_at: sql`${transactions.startedAt}`,
  ended_at: sql`${transactions.endedAt}`,
  total: sql`${transactions.total}`,
  invoice_id: sql`${transactions.invoiceId}`,
  order_id: sql`${transactions.orderId}`,
  event_type: sql`${transactions.eventType}`,
  event_status: sql`${transactions.eventStatus}`,
  total_time: sql`${transactions.totalTime}`,
  user: sql`${users.name}`,
  location: sql`${locations.name}`,
  locker_number: sql`${devices.lockerNumber}`,
};
/** Sorts on a joined table: the page query joins it (the others read `transactions` alone). */
const JOINED_SORTS = new Set(['user', 'location', 'locker_number']);

/** The transaction's own columns that `search` reads, and those of the user, location and device. */
const OWN_SEARCH = [
  transactions.invoiceId,
  transactions.orderId,
  transactions.phoneNumber,
  transactions.email,
];
const USER_SEARCH = [users.name, users.lastName, users.email, users.phoneNumber];

/** One part of a search: its condition, and the same over a sample of its ids with the sample's scale. */
interface SearchPart {
  condition: SQL;
  sampled: SQL;
  scale: number;
}

/** `col = any(ids)`, and the same over a sample of the ids (`sampleIds`) for the estimate. */
function idsPart(col: AnyColumn, ids: string[]): SearchPart {
  const sample = sampleIds(ids);
  return { condition: anyOf(col, ids), sampled: anyOf(col, sample.ids), scale: sample.scale };
}

/** A part filtered directly (no ids): estimated as it is. */
const directPart = (condition: SQL): SearchPart => ({ condition, sampled: condition, scale: 1 });

/**
 * The parts of the `search` condition of `GET events` (their OR): the term in the invoice or order
 * number, phone or e-mail, or in the name, last name, e-mail or phone of its user, the name of its
 * location, or the name or locker number of its device. Each part is first resolved to ids through
 * the trigram indexes (`searchIdsAll`, one statement), so the list filters by ids on its composite
 * indexes; a part matching more than SEARCH_ID_CAP rows is filtered directly instead.
 */
async function searchParts(tx: Tx, organizationId: string, term: string): Promise<SearchPart[]> {
  const p = likePattern(term);
  const [own, user, location, device] = await searchIdsAll(
    tx,
    [
      { table: 'transactions', columns: ['invoice_id', 'order_id', 'phone_number', 'email'] },
      { table: 'users', columns: ['name', 'last_name', 'email', 'phone_number'] },
      { table: 'locations', columns: ['name'], withParent: true },
      { table: 'devices', columns: ['name', 'locker_number'], withParent: true },
    ],
    p,
  );
  const parts: SearchPart[] = [];
  if (own === null) parts.push(directPart(or(...OWN_SEARCH.map((c) => ilike(c, p)))!));
  else if (own.length) parts.push(idsPart(transactions.id, own));
  if (user === null)
    parts.push(
      directPart(
        sql`${transactions.idUser} in (select ${users.id} from ${users} where ${users.organizationId} = ${organizationId} and (${or(...USER_SEARCH.map((c) => ilike(c, p)))}))`,
      ),
    );
  else if (user.length) parts.push(idsPart(transactions.idUser, user));
  if (location === null)
    parts.push(
      directPart(
        sql`${transactions.idLocation} in (select ${locations.id} from ${locations} where ${ilike(locations.name, p)})`,
      ),
    );
  else if (location.length) parts.push(idsPart(transactions.idLocation, location));
  if (device === null)
    parts.push(
      directPart(
        sql`${transactions.idDevice} in (select ${devices.id} from ${devices} where ${or(ilike(devices.name, p), ilike(sql`${devices.lockerNumber}::text`, p))})`,
      ),
    );
  else if (device.length) parts.push(idsPart(transactions.idDevice, device));
  return parts;
}

/**
 * The WHERE of `GET events` (and its export), on `transactions` alone, and, when its search carries
 * a long id list, how to estimate its rows without sending every id again (`estimateBranches`: one
 * branch per part of the search, over a sample of its ids). The invoice/order look-up compares the
 * stored numbers (always upper case) so the unique indexes answer it.
 */
async function listFilter(
  tx: Tx,
  organizationId: string,
  q: z.output<typeof ZTransactionListQuery>,
): Promise<{ where: SQL; estimate?: () => Promise<number> }> {
  const parts: Array<SQL | undefined> = [eq(transactions.organizationId, organizationId)];
  if (q.by_type?.length) parts.push(inArray(transactions.eventType, q.by_type));
  if (q.status?.length) parts.push(inArray(transactions.eventStatus, q.status));
  if (q.id_location) parts.push(eq(transactions.idLocation, q.id_location));
  if (q.id_device) parts.push(eq(transactions.idDevice, q.id_device));
  if (q.id_user) parts.push(eq(transactions.idUser, q.id_user));
  if (q.ids?.length) parts.push(inArray(transactions.id, q.ids));
  const lookup = q.invoice_id || (q.key === 'invoice_id' ? q.value : undefined);
  if (lookup) {
    const v = [...new Set([lookup, lookup.toUpperCase()])];
    parts.push(or(inArray(transactions.invoiceId, v), inArray(transactions.orderId, v)));
  }
  const s = q.search?.trim();
  if (!s || s.length < 2) return { where: and(...parts)! };
  const search = await searchParts(tx, organizationId, s);
  const where = and(...parts, search.length ? or(...search.map((x) => x.condition)) : sql`false`)!;
  if (!search.some((x) => x.scale > 1)) return { where };
  const base = and(...parts)!;
  return {
    where,
    estimate: () =>
      estimateBranches(
        tx,
        search.map((x) => ({
          rows: sql`select 1 from ${transactions} where ${and(base, x.sampled)}`,
          scale: x.scale,
        })),
      ),
  };
}

/** The WHERE of `GET events` and of its export (see `listFilter`). */
export async function listWhere(
  tx: Tx,
  organizationId: string,
  q: z.output<typeof ZTransactionListQuery>,
): Promise<SQL> {
  return (await listFilter(tx, organizationId, q)).where;
}

/** The sort of `GET events`: field, direction, and whether it pages by keyset (created_at). */
export function sortOf(q: { sort_by?: string; order?: 'asc' | 'desc' }) {
  const known = !!q.sort_by && Object.hasOwn(SORTS, q.sort_by);
  const key = known ? q.sort_by! : 'created_at';
  const dir: 'asc' | 'desc' = known ? (q.order ?? 'asc') : 'desc';
  return { key, dir, col: SORTS[key]!, joined: JOINED_SORTS.has(key), keyset: key === 'created_at' };
}

/**
 * One page of `GET events`, newest first unless sorted otherwise. The page's ids are read from
 * `transactions` alone (on the composite index of the filter), then joined; `total` is exact up
 * to EXACT_COUNT_LIMIT rows, estimated above. Sorted by created_at, `cursor` continues after the
 * previous page at any depth (keyset on (created_at, id)); `page` alone is an offset, at most
 * MAX_OFFSET rows deep.
 */
export async function listTransactions(
  tx: Tx,
  organizationId: string,
  input: TTransactionListQuery,
): Promise<{
  items: TTransaction[];
  total: number;
  totalEstimated: boolean;
  page: number;
  pageSize: number;
  nextCursor: string | null;
}> {
  const q = ZTransactionListQuery.parse(input);
  const sort = sortOf(q);
  const offset = offsetOf(q.page, q.size, q.cursor);
  if (q.cursor && !sort.keyset) throw BadRequest(INVALID_CURSOR);
  const cursor = q.cursor ? decodeCursor(q.cursor, sort.key, sort.dir) : undefined;
  const { where, estimate } = await listFilter(tx, organizationId, q);
  const { total, estimated } = await countTotal(
    tx,
    sql`select 1 from ${transactions} where ${where}`,
    estimate,
  );
  const ks = keyset(transactions.createdAt, transactions.id, sort.dir, cursor);
  const base = tx.select({ id: transactions.id, k: ks.text }).from(transactions);
  const from = sort.joined
    ? base
        .leftJoin(users, eq(users.id, transactions.idUser))
        .leftJoin(devices, eq(devices.id, transactions.idDevice))
        .leftJoin(locations, eq(locations.id, transactions.idLocation))
    : base;
  const order = sort.keyset
    ? ks.orderBy
    : [sort.dir === 'desc' ? desc(sort.col) : asc(sort.col), desc(transactions.id)];
  const rows = await from
    .where(and(where, ks.after))
    .orderBy(...order)
    .limit(q.size)
    .offset(offset);
  const last = rows[rows.length - 1];
  const nextCursor =
    sort.keyset && last && rows.length === q.size
      ? encodeCursor({ sort: sort.key, order: sort.dir, value: last.k, id: last.id })
      : null;
  return {
    items: await loadTransactions(
      tx,
      organizationId,
      rows.map((r) => r.id),
    ),
    total,
    totalEstimated: estimated,
    page: q.page,
    pageSize: q.size,
    nextCursor,
  };
}

/**
 * A user's transactions as per-user rows (spec: operational §3 Per-user transaction row): newest
 * start first, at most `limit`; `active` keeps those still under way (or only ended ones when false).
 * `amount` is the total, `duration` the seconds between start and end (or until now when running).
 */
export async function userTransactionRows(
  tx: Tx,
  organizationId: string,
  userId: string,
  opts: { limit: number; active?: boolean },
): Promise<{ items: TUserTransactionRow[]; total: number }> {
  const activeSql = sql`${transactions.eventStatus} IN ('in_progress', 'awaiting_service_pickup', 'awaiting_service_dropoff', 'awaiting_user_pickup', 'awaiting_payment_confirmation')`;
  const where = and(
    eq(transactions.organizationId, organizationId),
    eq(transactions.idUser, userId),
    opts.active === undefined ? undefined : opts.active ? activeSql : sql`NOT (${activeSql})`,
  );
  const [{ total }] = (await tx.select({ total: count() }).from(transactions).where(where)) as [
    { total: number },
  ];
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
      lockerNumber: devices.lockerNumber,
    })
    .from(transactions)
    .leftJoin(conditions, eq(conditions.id, transactions.idCondition))
    .leftJoin(locations, eq(locations.id, transactions.idLocation))
    .leftJoin(devices, eq(devices.id, transactions.idDevice))
    .where(where)
    .orderBy(desc(sql`coalesce(${transactions.startedAt}, ${transactions.createdAt})`), desc(transactions.id))
    .limit(opts.limit);
  const now = Date.now();
  return {
    total: Number(total),
    items: rows.map((r) => {
      const started = r.startedAt ?? r.createdAt;
      const duration =
        r.totalTime ?? (r.endedAt ? null : Math.max(0, Math.floor((now - started.getTime()) / 1000)));
      return {
        id: r.id,
        started: iso(r.startedAt),
        ended: iso(r.endedAt),
        condition: r.condition,
        location: r.location,
        locker_number: r.lockerNumber,
        duration,
        amount: Number(r.total),
      };
    }),
  };
}

const isoText = (c: AnyColumn) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows of `event_export.csv` matching `where`, in the list's order, one column per CSV header
 * (spec: operational §7 Bulk upload/export): the user's name, e-mail and phone (the transaction's
 * own when it has no user), the location, the locker number, ISO 8601 times, amounts with two
 * decimals. Read through a cursor by the export.
 */
export function exportQuery(where: SQL, q: { sort_by?: string; order?: 'asc' | 'desc' }): SQL {
  const sort = sortOf(q);
  const order = sort.keyset
    ? sql`${transactions.createdAt} ${sql.raw(sort.dir)}, ${transactions.id} ${sql.raw(sort.dir)}`
    : sql`${sort.col} ${sql.raw(sort.dir)}, ${transactions.id} desc`;
  return sql`select ${transactions.invoiceId} as invoice_id, ${transactions.orderId} as order_id,
      ${transactions.eventType} as event_type, ${transactions.eventStatus} as event_status,
      concat_ws(' ', nullif(${users.name}, ''), nullif(${users.lastName}, '')) as "user",
      coalesce(${users.email}, ${transactions.email}) as email,
      coalesce(${users.phoneNumber}, ${transactions.phoneNumber}) as phone_number,
      ${locations.name} as location, ${devices.lockerNumber} as locker_number,
      ${isoText(transactions.startedAt)} as started_at, ${isoText(transactions.endedAt)} as ended_at,
      ${transactions.totalTime} as total_time, ${transactions.total}::text as total,
      ${transactions.refundedAmount}::text as refunded_amount,
      ${transactions.penalizeCharge}::text as penalize_charge, ${transactions.currency} as currency
    from ${transactions}
    left join ${users} on ${users.id} = ${transactions.idUser}
    left join ${locations} on ${locations.id} = ${transactions.idLocation}
    left join ${devices} on ${devices.id} = ${transactions.idDevice}
    where ${where}
    order by ${order}`;
}

/**
 * The export's two statements over one snapshot (spec: operational §7 Bulk upload/export): the
 * count of the transactions matching the list's filters `q` (or its `ids`) and the rows as the
 * export writes them (`exportQuery`), for `snapshotCsv`.
 */
export async function exportStatements(
  tx: Tx,
  organizationId: string,
  q: z.output<typeof ZTransactionListQuery>,
): Promise<{ count: SQL; rows: SQL }> {
  const where = await listWhere(tx, organizationId, q);
  return {
    count: sql`select count(*) as n from ${transactions} where ${where}`,
    rows: exportQuery(where, q),
  };
}

/**
 * The public view of a shared transaction (spec: operational §7 `GET event/{id}/public`): found
 * only with the token of one of its share links (only the token's SHA-256 `tokenHash` is stored),
 * across organizations (the link carries no session), so `db` is the server's own handle. Numbers,
 * status, place, times and amounts — no personal data. Undefined when the id or token is unknown.
 */
export async function publicTransaction(
  db: DbOrTx,
  id: string,
  tokenHash: string,
): Promise<TTransactionPublic | undefined> {
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
      and(eq(transactionShares.idEvent, transactions.id), eq(transactionShares.tokenHash, tokenHash)),
    )
    .where(eq(transactions.id, id))
    .limit(1);
  if (!r) return undefined;
  return {
    id: r.t.id,
    invoice_id: r.t.invoiceId,
    order_id: r.t.orderId,
    event_type: r.t.eventType as TTransactionPublic['event_type'],
    event_status: r.t.eventStatus as TTransactionPublic['event_status'],
    organization: r.org ?? r.orgName,
    location: r.loc?.name ?? null,
    address: r.loc?.address ?? null,
    locker_number: r.n ?? null,
    started_at: iso(r.t.startedAt),
    ended_at: iso(r.t.endedAt),
    total_time: r.t.totalTime,
    total: Number(r.t.total),
    refunded_amount: r.t.refundedAmount === null ? null : Number(r.t.refundedAmount),
    currency: r.t.currency,
  };
}
