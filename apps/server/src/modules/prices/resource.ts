import {
  endpoints,
  PRICE_CSV_HEADERS,
  PRICE_MESSAGES,
  type TPrice,
  ZPrice,
  ZPriceCreateRequest,
  ZPriceListQuery,
  ZPriceUpdateRequest,
} from '@lockerops/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { TxAuth, TxOrg } from '../../auth/context';
import { prices, settings } from '../../db/schema';
import { writeAudit } from '../../lib/crud/audit';
import type { Resource } from '../../lib/crud/resource';
import { wireColumns, wireOf } from '../../lib/wire';
import { moneyNumber, moneyText } from './service';

type PriceRow = typeof prices.$inferSelect;

/** The organization's default currency (settings), for a price or membership created without one. */
export async function defaultCurrency({ tx, organizationId }: TxOrg): Promise<string> {
  const [row] = await tx
    .select({ currency: settings.defaultCurrency })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  return row?.currency ?? 'usd';
}

/**
 * Makes `keepId` (or nothing, before an insert) the only default price of the organization:
 * clears every other default in the caller's transaction, with an audit entry for each. A per-organization advisory lock
 * serializes concurrent default changes, so two requests that both set a default both succeed and
 * the later one wins; the partial unique index `prices_one_default_uq` is the second wall.
 */
export async function clearOtherDefaults({ tx, auth, keepId }: TxAuth<{ keepId?: string }>): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`prices-default:${auth.organizationId}`}, 0))`,
  );
  const cleared = await tx
    .update(prices)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(prices.organizationId, auth.organizationId),
        eq(prices.isDefault, true),
        keepId ? ne(prices.id, keepId) : undefined,
      ),
    )
    .returning({ id: prices.id });
  for (const { id } of cleared) {
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'price',
        entityId: id,
        action: 'update',
        changes: { is_default: { before: true, after: false } },
      },
    });
  }
}

/** The wire shape of a price row (money as a number with two decimals). */
export const priceToWire = (p: PriceRow): TPrice =>
  wireOf(ZPrice, p, { amount: moneyNumber(p.amount), default: p.isDefault });

/**
 * The Prices area, the console's Pay-per page (spec: operational §2 Prices, §3 Price, §4 Price form,
 * §5 Price, §7 Prices). Rules: the unit belongs to the price type, pay-per-time needs unit_amount
 * (dropped for weight), an amount above 0 forces card_on_file, and at most one default per
 * organization — setting one clears the previous default in the same transaction.
 */
export const pricesResource: Resource<
  TPrice,
  typeof ZPriceCreateRequest,
  typeof ZPriceUpdateRequest,
  typeof ZPriceListQuery
> = {
  entity: 'price',
  path: 'prices',
  api: endpoints.prices,
  model: 'price',
  tag: 'Prices',
  table: prices,
  item: ZPrice,
  create: ZPriceCreateRequest,
  update: ZPriceUpdateRequest,
  query: ZPriceListQuery,
  // a device's price picker: weight prices for service mode, the others for the rest (§5 Device);
  // the price form's notice: the default alone
  filters: (q) => [
    q.weight === 'true' ? eq(prices.priceType, 'pay_per_weight') : undefined,
    q.weight === 'false' ? ne(prices.priceType, 'pay_per_weight') : undefined,
    q.default === 'true' ? eq(prices.isDefault, true) : undefined,
  ],
  search: [prices.name, prices.priceType, prices.unit, prices.currency],
  sort: {
    ...wireColumns(prices, ['name', 'price_type', 'amount', 'unit', 'unit_amount']),
    default: prices.isDefault,
    created_at: prices.createdAt,
  },
  defaultSort: { by: 'created_at', order: 'desc' },
  async toWire(rows) {
    return (rows as unknown as PriceRow[]).map(priceToWire);
  },
  async toValues(input, { tx, auth, existing }) {
    // An update of the current default keeps it without taking the lock: the lock is only ever
    // taken before touching another row, so a request holding this row's lock never waits on it.
    if (input.default && !existing?.isDefault) await clearOtherDefaults({ tx, auth, keepId: existing?.id });
    const amount = moneyText(input.amount);
    return {
      name: input.name,
      priceType: input.price_type,
      amount,
      currency:
        input.currency ??
        (existing?.currency as string | undefined) ??
        (await defaultCurrency({ tx, organizationId: auth.organizationId })),
      unitAmount: input.price_type === 'pay_per_time' ? input.unit_amount : null,
      unit: input.unit,
      prorated: input.prorated,
      // spec operational §4: an amount above 0 forces card on file
      cardOnFile: Number(amount) > 0 ? true : input.card_on_file,
      isDefault: input.default,
    };
  },
  csv: {
    headers: PRICE_CSV_HEADERS,
    toRecord: (p) => ({ ...p, amount: p.amount.toFixed(2) }),
  },
  messages: {
    created: PRICE_MESSAGES.created,
    updated: PRICE_MESSAGES.updated,
    deleted: PRICE_MESSAGES.deleted,
  },
};
