import { TRANSACTION_MESSAGES, type TTransaction } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';
import { makeTransaction } from './testFixtures';
import {
  consoleActionsFor,
  endDateInRange,
  paidAmount,
  ROW_CLASS,
  refundSchema,
  transactionRowClass,
} from './transactionView';

describe('consoleActionsFor', () => {
  it('offers admins only the actions of the state (spec §4)', () => {
    const admin = (p: Partial<TTransaction>) => consoleActionsFor(makeTransaction(p), 'admin');
    expect(admin({ event_status: 'in_progress', event_type: 'storage' })).toEqual(['end', 'share', 'cancel']);
    expect(admin({ event_status: 'in_progress', event_type: 'service' })).toEqual([
      'charge',
      'end',
      'share',
      'cancel',
    ]);
    // a desk delivery waiting for its locker: placed from the console
    expect(admin({ event_status: 'in_progress', event_type: 'delivery' })).toEqual([
      'end',
      'share',
      'cancel',
      'complete',
    ]);
    expect(admin({ event_status: 'awaiting_service_pickup', event_type: 'service' })).toEqual([
      'pickup',
      'end',
      'share',
      'cancel',
    ]);
    expect(admin({ event_status: 'awaiting_service_dropoff', event_type: 'service' })).toEqual([
      'dropoff',
      'end',
      'share',
      'cancel',
    ]);
    expect(admin({ event_status: 'awaiting_user_pickup', event_type: 'delivery' })).toEqual([
      'resend_code',
      'end',
      'share',
      'cancel',
    ]);
    expect(admin({ event_status: 'finished', total: 12.5 })).toEqual(['refund', 'penalize', 'share']);
    expect(admin({ event_status: 'finished', total: 0 })).toEqual(['penalize', 'share']);
    expect(admin({ event_status: 'canceled' })).toEqual(['penalize', 'share']);
    expect(admin({ event_status: 'expired', event_type: 'delivery' })).toEqual(['end', 'share']);
  });

  it('offers members and viewers nothing (spec §1)', () => {
    const t = makeTransaction({ event_status: 'finished', total: 5 });
    expect(consoleActionsFor(t, 'member')).toEqual([]);
    expect(consoleActionsFor(t, 'viewer')).toEqual([]);
  });

  it('never offers a step the state machine refuses, even when a stale row lists it', () => {
    const t = makeTransaction({ event_status: 'finished', total: 5, actions: ['end', 'refund'] });
    expect(consoleActionsFor(t, 'admin')).toEqual(['refund']);
  });
});

describe('transactionRowClass', () => {
  it('tints active rows green and expired rows grey', () => {
    for (const s of ['in_progress', 'awaiting_service_pickup', 'awaiting_user_pickup'] as const)
      expect(transactionRowClass({ event_status: s })).toBe(ROW_CLASS.active);
    expect(transactionRowClass({ event_status: 'expired' })).toBe(ROW_CLASS.expired);
    expect(transactionRowClass({ event_status: 'finished' })).toBe('');
  });
});

describe('refund limit', () => {
  it('refuses more than the paid amount with the spec message', () => {
    const paid = paidAmount(makeTransaction({ total: 10, penalize_charge: 2.5 }));
    expect(paid).toBe(12.5);
    const over = refundSchema(paid).safeParse({ amount: '12.51' });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(TRANSACTION_MESSAGES.refundTooHigh);
    expect(refundSchema(paid).safeParse({ amount: '12.50' }).success).toBe(true);
  });
});

describe('end date', () => {
  it('lies between the latest start and now', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    const starts = ['2026-01-01T10:00:00Z', '2026-01-01T12:00:00Z'];
    expect(endDateInRange(new Date('2026-01-01T11:00:00Z'), starts, now)).toBe(false);
    expect(endDateInRange(new Date('2026-01-01T13:00:00Z'), starts, now)).toBe(true);
    expect(endDateInRange(new Date('2026-01-03T00:00:00Z'), starts, now)).toBe(false);
  });
});
