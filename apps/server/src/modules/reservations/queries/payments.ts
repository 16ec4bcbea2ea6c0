import type { TReservationPaymentStatus } from '@lockerops/contract';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { reservationPayments } from '../../../db/schema';

/*
 * The payments reservations are booked with (README "Reservation widget"): one row per verified
 * contact code, written before the provider is asked and updated with its answer, so a payment
 * is never made twice for one booking and never left unaccounted for. Every statement names its
 * organization, but the sweep's.
 */

export type ReservationPaymentRow = typeof reservationPayments.$inferSelect;

/** What a payment is about when it is opened. */
export interface PaymentOpening {
  verificationId: string;
  source: 'widget';
  provider: string;
  amount: string;
  currency: string;
  paymentMethod: string;
  trackingNumber: string;
}

/**
 * Opens the payment of the verification code `verificationId`: a new row `pending`, or the code's
 * declined (`failed`) or `refunded` payment opened again for a new try (`attempts` + 1). Answers `{ row, opened: true }`, or the
 * code's payment as it stands (`opened: false`) when it is pending or paid — a retried
 * or concurrent request (the unique index on the code orders them: the second waits for the
 * first's commit and finds its row).
 */
export async function openPayment({
  tx,
  organizationId,
  p,
}: TxOrg<{ p: PaymentOpening }>): Promise<{ row: ReservationPaymentRow; opened: boolean }> {
  const t = reservationPayments;
  const [opened] = await tx
    .insert(t)
    .values({ organizationId, ...p, status: 'pending' })
    .onConflictDoUpdate({
      target: [t.organizationId, t.verificationId],
      set: {
        status: 'pending',
        provider: p.provider,
        amount: p.amount,
        currency: p.currency,
        paymentMethod: p.paymentMethod,
        trackingNumber: p.trackingNumber,
        reference: null,
        refundReference: null,
        message: null,
        attempts: sql`${t.attempts} + 1`,
        updatedAt: sql`now()`,
      },
      setWhere: and(eq(t.organizationId, organizationId), inArray(t.status, ['failed', 'refunded'])),
    })
    .returning();
  if (opened) return { row: opened, opened: true };
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.organizationId, organizationId), eq(t.verificationId, p.verificationId)));
  return { row: row!, opened: false };
}

/** What the provider's answer (or the booking) changes on a payment. */
export interface PaymentOutcomeValues {
  status?: TReservationPaymentStatus;
  reference?: string | null;
  refundReference?: string | null;
  message?: string | null;
  idReservation?: string;
  bookedAt?: Date;
}

/** Records an outcome on the organization's payment `id`; answers the row. */
export async function recordPayment({
  tx,
  organizationId,
  id,
  set,
}: TxOrg<{ id: string; set: PaymentOutcomeValues }>): Promise<ReservationPaymentRow | undefined> {
  const t = reservationPayments;
  const [row] = await tx
    .update(t)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(t.organizationId, organizationId), eq(t.id, id)))
    .returning();
  return row;
}

/** The payments of reservations `ids` of the organizations `orgIds` (the console's wire). */
export async function paymentsOfReservations({
  tx,
  orgIds,
  ids,
}: {
  tx: Tx;
  orgIds: string[];
  ids: string[];
}): Promise<ReservationPaymentRow[]> {
  if (!ids.length) return [];
  const t = reservationPayments;
  return tx
    .select()
    .from(t)
    .where(and(inArray(t.organizationId, orgIds), inArray(t.idReservation, ids)));
}

/**
 * Payments asked of the provider and never booked, last changed before `before` (their server
 * stopped between the payment and the booking), at most 100; a row a running booking holds is
 * skipped (SKIP LOCKED). The sweep is a scheduled job, run once across all processes.
 */
export async function unbookedPayments({ tx, before }: { tx: Tx; before: Date }) {
  const t = reservationPayments;
  // tenant: every organization — the sweep of payments left unbooked
  return tx
    .select()
    .from(t)
    .where(and(isNull(t.bookedAt), inArray(t.status, ['pending', 'succeeded']), lte(t.updatedAt, before)))
    .limit(100)
    .for('update', { skipLocked: true });
}
