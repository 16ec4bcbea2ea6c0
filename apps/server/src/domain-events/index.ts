import type { TMode } from '@lockerops/contract';
import type { Tx } from '../db/client';
import { type Interest, insertEvent } from './queries';

/**
 * Names of the life-cycle events the notifications area sends messages on (spec: console §4
 * "Events per mode": service on_start, on_service_dropoff, on_service_pickup, on_service_charge,
 * on_reservation, on_complete; rental and storage on_start, on_reservation, on_complete; delivery
 * on_start, on_reservation, on_complete, non_locker_delivery, on_expired).
 */
export const DOMAIN_EVENT_NAMES = [
  'on_start',
  'on_reservation',
  'on_service_pickup',
  'on_service_charge',
  'on_service_dropoff',
  'on_complete',
  'non_locker_delivery',
  'on_expired',
] as const;
export type DomainEventName = (typeof DOMAIN_EVENT_NAMES)[number];

/** One domain event: what happened, in which mode, to which transaction or reservation. */
export interface DomainEvent {
  organizationId: string;
  name: DomainEventName;
  mode: TMode;
  subject: { type: 'transaction' | 'reservation'; id: string };
  /** Data a message template may use (invoice_id, order_id, locker_number, location, weight, amount…). */
  payload: Record<string, unknown>;
}

/**
 * A subscriber runs inside the emitting database transaction, with its handle: what it writes
 * (a queued notification, say) commits or rolls back with the step. It must not call outside
 * systems itself; it records work for a job to do.
 */
export type DomainEventSubscriber = ((ctx: {
  tx: Tx;
  event: DomainEvent & { id: string };
}) => Promise<void>) & {
  /**
   * Whether the subscriber has anything to do for `event`, as a boolean SQL expression (an
   * `exists (…)` naming the event's organization): asked in the event's own insert, so a
   * subscriber with nothing to do (no template, no endpoint) costs no statement of its own.
   * Absent: the subscriber runs for every event.
   */
  interest?: (event: DomainEvent) => Interest;
};

const subscribers = new Set<DomainEventSubscriber>();

/**
 * Adds a subscriber for every domain event (adding one again changes nothing); answers the function
 * that removes it. The product's subscribers are added by `buildApp` (app.ts): the bus imports none
 * of them.
 */
export function subscribe(fn: DomainEventSubscriber): () => void {
  subscribers.add(fn);
  return () => subscribers.delete(fn);
}

/**
 * THE one place life-cycle events are emitted: writes the event to `domain_events` in the caller's
 * transaction, then runs the in-process subscribers in that same transaction — those with an
 * `interest` only when the insert's statement found they have something to do. Answers the
 * stored event's id. Throws what a subscriber throws (the step then rolls back).
 */
export async function emit({ tx, event }: { tx: Tx; event: DomainEvent }): Promise<string> {
  const subs = [...subscribers];
  const asked: Record<string, Interest> = {};
  subs.forEach((fn, i) => {
    const q = fn.interest?.(event);
    if (q) asked[`i${i}`] = q;
  });
  const row = await insertEvent({
    tx,
    row: {
      organizationId: event.organizationId,
      name: event.name,
      mode: event.mode,
      subjectType: event.subject.type,
      subjectId: event.subject.id,
      payload: event.payload,
    },
    interests: asked,
  });
  const id = row.id;
  for (const [i, fn] of subs.entries()) {
    const key = `i${i}`;
    if (key in asked && row[key] !== true) continue;
    await fn({ tx, event: { ...event, id } });
  }
  return id;
}
