import {
  type TPage,
  type TResendCodeRequest,
  type TTransaction,
  transactionsEndpoints,
  ZEndManyResponse,
  ZTransaction,
  ZTransactionActionResponse,
  ZTransactionLogs,
  ZTransactionStatuses,
  zPage,
} from '@lockerops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall, type CallBody } from '../../api/client';

/** Query-key prefix of the transactions list; every action invalidates it. */
export const transactionsKey = ['transactions'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const TRANSACTIONS_ENDPOINT = transactionsEndpoints.events;
export const ZTransactionPage: z.ZodType<TPage<TTransaction>> = zPage(ZTransaction);

/** The area's reads as query options: each key and fetcher is written once, here. */
export const transactionQueries = {
  /** `GET events/statuses`: every status with its label; it never changes while the console runs. */
  statuses: () =>
    queryOptions({
      queryKey: [...transactionsKey, 'statuses'],
      queryFn: ({ signal }) =>
        apiCall(transactionsEndpoints.events.statuses, { schema: ZTransactionStatuses, signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** `GET event-logs/{id}`: one transaction's history log. */
  logs: (id: string) =>
    queryOptions({
      queryKey: [...transactionsKey, 'logs', id],
      queryFn: ({ signal }) =>
        apiCall(transactionsEndpoints.eventLogs.get, { params: { id }, schema: ZTransactionLogs, signal }),
    }),
};

/** `GET events/statuses`: every status with its label (spec: operational §4, §7). */
export const useTransactionStatuses = () =>
  useQuery({ ...transactionQueries.statuses(), select: (r) => r.items });

/** `GET event-logs/{id}`: the Transaction History Log, oldest first. */
export const useTransactionLogs = (id: string, enabled: boolean) =>
  useQuery({ ...transactionQueries.logs(id), select: (r) => r.items, enabled });

/** `PATCH events/{id}/service`: one service step (charge with weight, dropoff with id_device, pickup). */
export const serviceStep = (id: string, body: CallBody<typeof transactionsEndpoints.events.service>) =>
  apiCall(transactionsEndpoints.events.service, { params: { id }, body, schema: ZTransactionActionResponse });

/** `PATCH events/{id}/refund` with `{ amount }`. */
export const refundTransaction = (id: string, body: CallBody<typeof transactionsEndpoints.events.refund>) =>
  apiCall(transactionsEndpoints.events.refund, { params: { id }, body, schema: ZTransactionActionResponse });

/** `PATCH events/{id}/penalize` with `{ amount, reason }`. */
export const penalizeTransaction = (
  id: string,
  body: CallBody<typeof transactionsEndpoints.events.penalize>,
) =>
  apiCall(transactionsEndpoints.events.penalize, {
    params: { id },
    body,
    schema: ZTransactionActionResponse,
  });

/** `PATCH events` with `{ ids, ended_at }`: ends one or many, all or nothing. */
export const endTransactions = (body: CallBody<typeof transactionsEndpoints.events.endMany>) =>
  apiCall(transactionsEndpoints.events.endMany, { body, schema: ZEndManyResponse });

/** `POST events/{id}/share` with `{ phone_number }` or `{ email }`. */
export const shareTransaction = (id: string, body: CallBody<typeof transactionsEndpoints.events.share>) =>
  apiCall(transactionsEndpoints.events.share, { params: { id }, body, schema: ZTransactionActionResponse });

/** `POST events/{id}/resend-code`: sends a delivery's pickup code again. */
/** `POST events/{id}/resend-code` by the chosen channel (`via` sms or email). */
export const resendCode = (id: string, body: TResendCodeRequest = {}) =>
  apiCall(transactionsEndpoints.events.resendCode, {
    params: { id },
    body,
    schema: ZTransactionActionResponse,
  });

/** `POST event/delivery` with `{ id_device?, phone_number?, email? }` (spec: operational §7 Transactions). */
export const createDelivery = (body: CallBody<typeof transactionsEndpoints.event.delivery>) =>
  apiCall(transactionsEndpoints.event.delivery, { body, schema: ZTransactionActionResponse });
