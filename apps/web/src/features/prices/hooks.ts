import {
  pricesEndpoints,
  type TPage,
  type TPrice,
  ZPrice,
  type ZPriceCreateRequest,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../api/client';

/** Query-key prefix of the prices list; every price mutation invalidates it. */
export const pricesKey = ['prices'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const PRICES_ENDPOINT = pricesEndpoints.prices;
export const ZPricePage: z.ZodType<TPage<TPrice>> = zPage(ZPrice);

/** The area's reads as query options: each key and fetcher is written once, here. */
export const priceQueries = {
  /** `GET prices?default=true`: the organization's default price alone (at most one). */
  defaults: () =>
    queryOptions({
      queryKey: [...pricesKey, 'default'],
      queryFn: ({ signal }) =>
        apiCall(pricesEndpoints.prices.list, {
          query: { page: 1, size: 2, default: 'true' },
          schema: ZPricePage,
          signal,
        }),
    }),
};

export type TPriceFormInput = z.input<typeof ZPriceCreateRequest>;
export type TPriceFormOutput = z.output<typeof ZPriceCreateRequest>;

const blank: TPriceFormInput = {
  name: '',
  price_type: 'pay_per_time',
  amount: '',
  currency: 'usd',
  unit_amount: '',
  unit: 'hour',
  prorated: false,
  card_on_file: false,
  default: false,
};

/** The price form's values (ZPriceCreateRequest, spec operational §5 Price) of a price, or blank. */
export function priceValuesOf(price: TPrice | null): TPriceFormInput {
  if (!price) return blank;
  return {
    name: price.name,
    price_type: price.price_type,
    amount: price.amount.toFixed(2),
    currency: price.currency,
    unit_amount: price.unit_amount === null ? '' : String(price.unit_amount),
    unit: price.unit,
    prorated: price.prorated,
    card_on_file: price.card_on_file,
    default: price.default,
  };
}

/** The organization's default price, read alone (the price form says when another price is the default). */
export const useDefaultPrices = (enabled = true) => useQuery({ ...priceQueries.defaults(), enabled });
