import { z } from 'zod';
import { ZLocationZone, ZMode } from '../common';
import { TRANSACTION_ACTIONS } from './state-machine';
import { PAYMENT_STATUSES, ZPenaltyReason, ZTransactionStatus } from './statuses';

/** Money on the wire: a number with two decimals. */
const ZMoneyOut = z.number().describe('money, two decimals, in `currency`');

const ZRef = z.object({ id: z.uuid(), name: z.string() });

/** A transaction (event) as the API answers it (spec: operational §3 Transaction (event)). */
export const ZTransaction = z.object({
  id: z.uuid(),
  invoice_id: z.string().describe('readable, unique per organization, e.g. INV-000042'),
  order_id: z.string().describe('readable, unique per organization, e.g. ORD-000042'),
  event_type: ZMode,
  event_status: ZTransactionStatus,
  user: z
    .object({
      id: z.uuid(),
      name: z.string(),
      last_name: z.string().nullable(),
      email: z.string().nullable(),
      phone_number: z.string().nullable(),
    })
    .nullable(),
  device: z
    .object({
      id: z.uuid(),
      name: z.string(),
      locker_number: z.number().int(),
      mode: z.string(),
      status: z.string(),
      lock_status: z.string(),
      hardware_type: z.string(),
    })
    .nullable(),
  location: ZRef.extend({ address: z.string().nullable(), time_zone: ZLocationZone }).nullable(),
  product: ZRef.nullable(),
  price: z
    .object({
      id: z.uuid(),
      name: z.string(),
      price_type: z.string(),
      amount: ZMoneyOut,
      unit: z.string(),
      unit_amount: z.number().int().nullable(),
    })
    .nullable(),
  promo: ZRef.extend({ code: z.string() }).nullable(),
  membership: ZRef.nullable(),
  currency: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  canceled_by: z.string().nullable(),
  expires_at: z.string().nullable().describe('delivery: when an uncollected parcel expires'),
  subtotal: ZMoneyOut,
  discount: ZMoneyOut,
  total: ZMoneyOut,
  total_time: z.number().int().nullable().describe('seconds between start and end'),
  weight: z.number().nullable().describe('service: the charged weight, in the price unit'),
  refunded_amount: ZMoneyOut.nullable(),
  penalize_charge: ZMoneyOut.nullable(),
  penalize_reason: ZPenaltyReason.nullable(),
  payment_status: z.enum(PAYMENT_STATUSES),
  notification_status: z.string().nullable(),
  notification_date: z.string().nullable(),
  courier_pin_code: z.string().nullable().describe('delivery: the code the courier drops off with'),
  phone_number: z.string().nullable().describe('delivery recipient'),
  email: z.string().nullable().describe('delivery recipient'),
  signature_url: z.string().nullable(),
  image_url: z.string().nullable(),
  condition: ZRef.nullable().describe('rental: the condition it was returned in'),
  actions: z.array(z.enum(TRANSACTION_ACTIONS)).describe('actions the state machine allows now'),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** `GET event/{id}/public?token=`: the token of a share link; without one the id answers 404. */
export const ZTransactionShareQuery = z.object({ token: z.string().max(200).optional() });

/** The public view of a shared transaction: no personal data (`GET event/{id}/public`). */
export const ZTransactionPublic = z.object({
  id: z.uuid(),
  invoice_id: z.string(),
  order_id: z.string(),
  event_type: ZMode,
  event_status: ZTransactionStatus,
  organization: z.string(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  locker_number: z.number().int().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  total_time: z.number().int().nullable(),
  total: ZMoneyOut,
  refunded_amount: ZMoneyOut.nullable(),
  currency: z.string(),
});
export type TTransactionPublic = z.infer<typeof ZTransactionPublic>;

/** One entry of the Transaction History Log (`GET event-logs/{id}`). */
export const ZTransactionLog = z.object({
  id: z.uuid(),
  action: z.string(),
  status_before: ZTransactionStatus.nullable(),
  status_after: ZTransactionStatus,
  detail: z.record(z.string(), z.unknown()),
  actor_type: z.string(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type TTransactionLog = z.infer<typeof ZTransactionLog>;
export const ZTransactionLogs = z.object({ items: z.array(ZTransactionLog) });

export const ZTransactionStatuses = z.object({
  items: z.array(z.object({ value: ZTransactionStatus, label: z.string() })),
});

/** Answer of an action: its success text and the transaction after it. */
export const ZTransactionActionResponse = z.object({ detail: z.string(), event: ZTransaction });
export type TTransactionActionResponse = z.infer<typeof ZTransactionActionResponse>;

/** Answer of `PATCH events` (end many). */
export const ZEndManyResponse = z.object({ detail: z.string(), items: z.array(ZTransaction) });

/** Export headers of the transactions CSV (`GET events/export`, file `event_export.csv`). */
export const TRANSACTION_CSV_HEADERS = [
  'invoice_id',
  'order_id',
  'event_type',
  'event_status',
  'user',
  'email',
  'phone_number',
  'location',
  'locker_number',
  'started_at',
  'ended_at',
  'total_time',
  'total',
  'refunded_amount',
  'penalize_charge',
  'currency',
] as const;
