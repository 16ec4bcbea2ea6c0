import {
  currencySymbol,
  endpoints,
  type TPage,
  type TResendCodeRequest,
  type TTransaction,
  ZDevice,
  ZEndManyResponse,
  ZSettings,
  ZTransaction,
  ZTransactionActionResponse,
  ZTransactionLogs,
  ZTransactionStatuses,
  zPage,
} from '@lockerops/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall, type CallBody } from '../../api/client';
import { useOptions } from '../../api/options';

/** Query-key prefix of the transactions list; every action invalidates it. */
export const transactionsKey = ['transactions'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const TRANSACTIONS_ENDPOINT = endpoints.events;
export const ZTransactionPage: z.ZodType<TPage<TTransaction>> = zPage(ZTransaction);

/** Dropdown lists: page 1, size 10000 (spec operational §7 List-fetch sizes). */
const ALL = { page: 1, size: 10000 };

/** `GET events/statuses`: every status with its label (spec: operational §4, §7). */
export function useTransactionStatuses() {
  return useQuery({
    queryKey: [...transactionsKey, 'statuses'],
    queryFn: ({ signal }) => apiCall(endpoints.events.statuses, { schema: ZTransactionStatuses, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    select: (r) => r.items,
  });
}

/** The location filter's options (`GET locations`, every location of the organization). */
export const useTransactionLocations = () =>
  useOptions('locations', { select: (items) => items.map((l) => ({ id: l.id, name: l.name })) });

/** The organization currency's symbol (`GET settings` default_currency; spec §9), '$' until loaded. */
export function useCurrencySymbol(): string {
  const q = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => apiCall(endpoints.settings.get, { schema: ZSettings, signal }),
    staleTime: 60_000,
  });
  return currencySymbol(q.data?.default_currency);
}

/** Available devices of a location: the doors a service dropoff may use (`GET devices`). */
export function useAvailableDevices(locationId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['devices', 'options', locationId, 'available'],
    queryFn: ({ signal }) =>
      apiCall(endpoints.devices.list, {
        query: { ...ALL, id_location: locationId, by_status: 'available' },
        schema: zPage(ZDevice),
        signal,
      }),
    select: (p) => p.items.map((d) => ({ id: d.id, name: d.name, locker_number: d.locker_number })),
    enabled: enabled && !!locationId,
  });
}

/** `GET event-logs/{id}`: the Transaction History Log, oldest first. */
export function useTransactionLogs(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...transactionsKey, 'logs', id],
    queryFn: ({ signal }) =>
      apiCall(endpoints.eventLogs.get, { params: { id }, schema: ZTransactionLogs, signal }),
    select: (r) => r.items,
    enabled,
  });
}

/** `PATCH events/{id}/service`: one service step (charge with weight, dropoff with id_device, pickup). */
export const serviceStep = (id: string, body: CallBody<typeof endpoints.events.service>) =>
  apiCall(endpoints.events.service, { params: { id }, body, schema: ZTransactionActionResponse });

/** `PATCH events/{id}/refund` with `{ amount }`. */
export const refundTransaction = (id: string, body: CallBody<typeof endpoints.events.refund>) =>
  apiCall(endpoints.events.refund, { params: { id }, body, schema: ZTransactionActionResponse });

/** `PATCH events/{id}/penalize` with `{ amount, reason }`. */
export const penalizeTransaction = (id: string, body: CallBody<typeof endpoints.events.penalize>) =>
  apiCall(endpoints.events.penalize, { params: { id }, body, schema: ZTransactionActionResponse });

/** `PATCH events` with `{ ids, ended_at }`: ends one or many, all or nothing. */
export const endTransactions = (body: CallBody<typeof endpoints.events.endMany>) =>
  apiCall(endpoints.events.endMany, { body, schema: ZEndManyResponse });

/** `POST events/{id}/share` with `{ phone_number }` or `{ email }`. */
export const shareTransaction = (id: string, body: CallBody<typeof endpoints.events.share>) =>
  apiCall(endpoints.events.share, { params: { id }, body, schema: ZTransactionActionResponse });

/** `POST events/{id}/resend-code`: sends a delivery's pickup code again. */
/** `POST events/{id}/resend-code` by the chosen channel (`via` sms or email). */
export const resendCode = (id: string, body: TResendCodeRequest = {}) =>
  apiCall(endpoints.events.resendCode, { params: { id }, body, schema: ZTransactionActionResponse });

/**
 * Available delivery doors, every location (`GET devices?by_status=available&mode=delivery`): the
 * lockers a new delivery may hold.
 */
export function useDeliveryDevices(enabled: boolean) {
  return useQuery({
    queryKey: ['devices', 'options', 'delivery', 'available'],
    queryFn: ({ signal }) =>
      apiCall(endpoints.devices.list, {
        query: { ...ALL, by_status: 'available', mode: 'delivery' },
        schema: zPage(ZDevice),
        signal,
      }),
    select: (p) =>
      p.items.map((d) => ({
        id: d.id,
        name: d.name,
        locker_number: d.locker_number,
        location: d.location.name,
      })),
    enabled,
  });
}

/** `POST event/delivery` with `{ id_device?, phone_number?, email? }` (spec: operational §7 Transactions). */
export const createDelivery = (body: CallBody<typeof endpoints.event.delivery>) =>
  apiCall(endpoints.event.delivery, { body, schema: ZTransactionActionResponse });
