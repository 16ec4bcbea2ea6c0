import { type TTransaction, type TTransactionListQuery, ZTransactionListQuery } from '@lockerops/contract';
import { type AnyColumn, and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { devices, locations, transactions, users } from '../../../db/schema';
import { BadRequest } from '../../../errors';
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
} from '../../../lib/crud/paging';
import type { CsvSource, PageKey } from '../../../lib/crud/snapshot';
import { loadTransactions } from './wire';

const SORTS: Record<string, SQL | typeof transactions.createdAt> = {
  created_at: sql`${transactions.createdAt}`,
  started_at: sql`${transactions.startedAt}`,
  ended_at: sql`${transactions.endedAt}`,
  total: sql`${transactions.total}`,
  invoice_id: sql`${transactions.invoiceId}`,
  order_id: sql`${transactions.orderId}`,
  event_type: sql`${transactions.type}`,
  event_status: sql`${transactions.status}`,
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
  const [own, user, location, device] = await searchIdsAll({
    tx,
    searches: [
      { table: 'transactions', columns: ['invoice_id', 'order_id', 'phone_number', 'email'] },
      { table: 'users', columns: ['name', 'last_name', 'email', 'phone_number'] },
      { table: 'locations', columns: ['name'], withParent: true },
      { table: 'devices', columns: ['name', 'locker_number'], withParent: true },
    ],
    pattern: p,
  });
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
 * The WHERE of `GET events` (and its export), on `transactions` alone (`filters`: the same less the
 * organization, which the page's statement names itself), and, when its search carries
 * a long id list, how to estimate its rows without sending every id again (`estimateBranches`: one
 * branch per part of the search, over a sample of its ids). The invoice/order look-up compares the
 * stored numbers (always upper case) so the unique indexes answer it.
 */
async function listFilter(
  tx: Tx,
  organizationId: string,
  q: z.output<typeof ZTransactionListQuery>,
): Promise<{ where: SQL; filters?: SQL; estimate?: () => Promise<number> }> {
  const own = eq(transactions.organizationId, organizationId);
  const parts: Array<SQL | undefined> = [];
  if (q.by_type?.length) parts.push(inArray(transactions.type, q.by_type));
  if (q.status?.length) parts.push(inArray(transactions.status, q.status));
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
  if (!s || s.length < 2) {
    const filters = and(...parts);
    return { where: and(own, filters)!, filters };
  }
  const search = await searchParts(tx, organizationId, s);
  const filters = and(...parts, search.length ? or(...search.map((x) => x.condition)) : sql`false`);
  const where = and(own, filters)!;
  if (!search.some((x) => x.scale > 1)) return { where, filters };
  const base = and(own, ...parts)!;
  return {
    where,
    filters,
    estimate: () =>
      estimateBranches({
        tx,
        branches: search.map((x) => ({
          rows: sql`select 1 from ${transactions} where ${and(base, x.sampled)}`,
          scale: x.scale,
        })),
      }),
  };
}

/** The WHERE of `GET events` and of its export (see `listFilter`). */
export async function listWhere({
  tx,
  organizationId,
  q,
}: TxOrg<{ q: z.output<typeof ZTransactionListQuery> }>): Promise<SQL> {
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
export async function listTransactions({
  tx,
  organizationId,
  input,
}: TxOrg<{ input: TTransactionListQuery }>): Promise<{
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
  const { where, filters, estimate } = await listFilter(tx, organizationId, q);
  const { total, estimated } = await countTotal({
    tx,
    rows: sql`select 1 from ${transactions} where ${where}`,
    estimate,
  });
  const ks = keyset(transactions.createdAt, transactions.id, sort.dir, cursor);
  const order = sort.keyset
    ? ks.orderBy
    : [sort.dir === 'desc' ? desc(sort.col) : asc(sort.col), desc(transactions.id)];
  // dynamic: a sort by a related name joins its table below (the SQL is built when awaited)
  const page = tx
    .select({ id: transactions.id, k: ks.text })
    .from(transactions)
    .where(and(eq(transactions.organizationId, organizationId), filters, ks.after))
    .orderBy(...order)
    .limit(q.size)
    .offset(offset)
    .$dynamic();
  const rows = await (sort.joined
    ? page
        .leftJoin(users, eq(users.id, transactions.idUser))
        .leftJoin(devices, eq(devices.id, transactions.idDevice))
        .leftJoin(locations, eq(locations.id, transactions.idLocation))
    : page);
  const last = rows[rows.length - 1];
  const nextCursor =
    sort.keyset && last && rows.length === q.size
      ? encodeCursor({ sort: sort.key, order: sort.dir, value: last.k, id: last.id })
      : null;
  return {
    items: await loadTransactions({ tx, organizationId, ids: rows.map((r) => r.id) }),
    total,
    totalEstimated: estimated,
    page: q.page,
    pageSize: q.size,
    nextCursor,
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
      ${transactions.type} as event_type, ${transactions.status} as event_status,
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
 * The export's statements over one snapshot (spec: operational §7 Bulk upload/export): the count
 * of the transactions matching the list's filters `q` (or its `ids`), the rows as the export
 * writes them (`exportQuery`), and, sorted by created_at (the default), the same rows in keyset
 * pages on the (organization_id, created_at) index (`CsvSource.pages`), so the first lines leave
 * before the last are read, for `snapshotCsv`.
 */
export async function exportStatements({
  tx,
  organizationId,
  q,
}: TxOrg<{ q: z.output<typeof ZTransactionListQuery> }>): Promise<CsvSource> {
  const where = await listWhere({ tx, organizationId, q });
  const sort = sortOf(q);
  const key = sql`(${transactions.createdAt}, ${transactions.id})`;
  const before = sort.dir === 'desc' ? sql`<` : sql`>`;
  const upTo = sort.dir === 'desc' ? sql`>=` : sql`<=`;
  const after = (k: PageKey | null) =>
    k ? sql`${key} ${before} (${k.at}::timestamptz, ${k.id}::uuid)` : undefined;
  return {
    count: sql`select count(*) as n from ${transactions} where ${where}`,
    rows: exportQuery(where, q),
    pages: sort.keyset
      ? {
          lastKey: (from, limit) => sql`select ${transactions.createdAt}::text as at, ${transactions.id} as id
            from ${transactions} where ${and(where, after(from))}
            order by ${transactions.createdAt} ${sql.raw(sort.dir)}, ${transactions.id} ${sql.raw(sort.dir)}
            offset ${limit - 1} limit 1`,
          rows: (from, to) =>
            exportQuery(
              and(
                where,
                after(from),
                to ? sql`${key} ${upTo} (${to.at}::timestamptz, ${to.id}::uuid)` : undefined,
              )!,
              q,
            ),
        }
      : undefined,
  };
}
