import {
  endpoints,
  PROMO_CSV_HEADERS,
  PROMO_MESSAGES,
  type TPromo,
  ZPromo,
  ZPromoCreateRequest,
  ZPromoUpdateRequest,
} from '@lockerops/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { promos } from '../../db/schema';
import { Conflict } from '../../errors';
import type { Resource } from '../../lib/crud/resource';
import { wireColumns, wireOf } from '../../lib/wire';
import { moneyNumber, moneyText } from '../prices';

type PromoRow = typeof promos.$inferSelect;

/** The wire shape of a promo row (money as a number with two decimals). */
export const promoToWire = (p: PromoRow): TPromo => wireOf(ZPromo, p, { amount: moneyNumber(p.amount) });

/**
 * The Promos area, the console's Promo codes page (spec: operational §2, §3 Promo, §4 Promo form,
 * §5 Promo, §7 Promos). The code is unique within the organization ignoring case: a
 * per-organization-and-code advisory lock makes concurrent creates of one code answer 409 with the
 * spec-style message, and the unique index on lower(code) is the second wall.
 */
export const promosResource: Resource<TPromo, typeof ZPromoCreateRequest, typeof ZPromoUpdateRequest> = {
  entity: 'promo',
  path: 'promos',
  api: endpoints.promos,
  model: 'promo',
  tag: 'Promos',
  table: promos,
  item: ZPromo,
  create: ZPromoCreateRequest,
  update: ZPromoUpdateRequest,
  search: [promos.name, promos.code, promos.discountType],
  sort: wireColumns(promos, [
    'name',
    'code',
    'discount_type',
    'amount',
    'start_time',
    'end_time',
    'created_at',
  ]),
  defaultSort: { by: 'created_at', order: 'desc' },
  async toWire(rows) {
    return (rows as unknown as PromoRow[]).map(promoToWire);
  },
  async toValues(input, { tx, auth, existing }) {
    const code = input.code;
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`promo-code:${auth.organizationId}:${code.toLowerCase()}`}, 0))`,
    );
    const [taken] = await tx
      .select({ id: promos.id })
      .from(promos)
      .where(
        and(
          eq(promos.organizationId, auth.organizationId),
          sql`lower(${promos.code}) = ${code.toLowerCase()}`,
          existing ? ne(promos.id, existing.id) : undefined,
        ),
      );
    if (taken) throw Conflict(PROMO_MESSAGES.codeTaken);
    return {
      name: input.name,
      code,
      discountType: input.discount_type,
      amount: moneyText(input.amount),
      startTime: new Date(input.start_time),
      endTime: new Date(input.end_time),
    };
  },
  csv: { headers: PROMO_CSV_HEADERS },
  messages: {
    created: PROMO_MESSAGES.created,
    updated: PROMO_MESSAGES.updated,
    deleted: PROMO_MESSAGES.deleted,
  },
};
