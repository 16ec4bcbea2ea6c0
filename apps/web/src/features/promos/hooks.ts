import {
  promosEndpoints,
  type TPage,
  type TPromo,
  ZPromo,
  type ZPromoCreateRequest,
  zPage,
} from '@lockerops/contract';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { wallClockToIso } from '../../lib/time';

export const promosKey = ['promos'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const PROMOS_ENDPOINT = promosEndpoints.promos;
export const ZPromoPage: z.ZodType<TPage<TPromo>> = zPage(ZPromo);

export type TPromoFormInput = z.input<typeof ZPromoCreateRequest>;
export type TPromoFormOutput = z.output<typeof ZPromoCreateRequest>;

/**
 * ISO UTC of a `datetime-local` value typed on the wall clock of `zone` (the organization's: a promo
 * is valid across its locations), or '' (the schema reports it as required).
 */
export const fromWallClock = (v: string, zone: string) =>
  v ? dayjs(wallClockToIso(v, zone)).toISOString() : '';

/** The Add/Edit Promo form's values (ZPromoCreateRequest, spec operational §5 Promo) of a promo, or blank. */
export function promoValuesOf(promo: TPromo | null): TPromoFormInput {
  if (!promo)
    return { name: '', code: '', discount_type: 'percentage', amount: '', start_time: '', end_time: '' };
  return {
    name: promo.name,
    code: promo.code,
    discount_type: promo.discount_type,
    amount: String(promo.amount),
    start_time: promo.start_time,
    end_time: promo.end_time,
  };
}
