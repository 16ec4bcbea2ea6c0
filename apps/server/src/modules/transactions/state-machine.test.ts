import {
  allowedActions,
  isActionAllowed,
  MODES,
  TRANSACTION_STATUSES,
  type TransactionState,
} from '@lockerops/contract';
import { describe, expect, it } from 'vitest';

const s = (
  event_type: TransactionState['event_type'],
  event_status: TransactionState['event_status'],
  total = 0,
) => ({
  event_type,
  event_status,
  total,
});

describe('state machine (spec: operational §4 Actions by state)', () => {
  it('resend code only for a delivery awaiting user pickup', () => {
    expect(isActionAllowed('resend_code', s('delivery', 'awaiting_user_pickup'))).toBe(true);
    expect(isActionAllowed('resend_code', s('service', 'awaiting_user_pickup'))).toBe(false);
    expect(isActionAllowed('resend_code', s('delivery', 'in_progress'))).toBe(false);
  });

  it('charge only for a service in progress; pickup only for a service awaiting service pickup', () => {
    expect(isActionAllowed('charge', s('service', 'in_progress'))).toBe(true);
    expect(isActionAllowed('charge', s('storage', 'in_progress'))).toBe(false);
    expect(isActionAllowed('charge', s('service', 'awaiting_service_pickup'))).toBe(false);
    expect(isActionAllowed('pickup', s('service', 'awaiting_service_pickup'))).toBe(true);
    expect(isActionAllowed('pickup', s('service', 'in_progress'))).toBe(false);
  });

  it('dropoff when awaiting service dropoff and not delivery', () => {
    expect(isActionAllowed('dropoff', s('service', 'awaiting_service_dropoff'))).toBe(true);
    expect(isActionAllowed('dropoff', s('delivery', 'awaiting_service_dropoff'))).toBe(false);
    expect(isActionAllowed('dropoff', s('service', 'in_progress'))).toBe(false);
  });

  it('end when not finished, canceled or refunded — in every mode', () => {
    for (const mode of MODES)
      for (const status of TRANSACTION_STATUSES)
        expect(isActionAllowed('end', s(mode, status))).toBe(
          !['finished', 'canceled', 'refunded'].includes(status),
        );
  });

  it('refund only when finished with a total above 0', () => {
    expect(isActionAllowed('refund', s('storage', 'finished', 5))).toBe(true);
    expect(isActionAllowed('refund', s('storage', 'finished', 0))).toBe(false);
    expect(isActionAllowed('refund', s('storage', 'refunded', 5))).toBe(false);
    expect(isActionAllowed('refund', s('storage', 'in_progress', 5))).toBe(false);
  });

  it('penalty only when finished, canceled or refunded', () => {
    for (const status of TRANSACTION_STATUSES)
      expect(isActionAllowed('penalize', s('rental', status))).toBe(
        ['finished', 'canceled', 'refunded'].includes(status),
      );
  });

  it('partner steps follow the life cycle of each mode', () => {
    expect(isActionAllowed('user_pickup', s('storage', 'in_progress'))).toBe(true);
    expect(isActionAllowed('user_pickup', s('service', 'in_progress'))).toBe(false);
    expect(isActionAllowed('user_pickup', s('service', 'awaiting_user_pickup'))).toBe(true);
    expect(isActionAllowed('user_pickup', s('delivery', 'awaiting_user_pickup'))).toBe(true);
    expect(isActionAllowed('user_pickup', s('rental', 'in_progress'))).toBe(false);
    expect(isActionAllowed('return', s('rental', 'in_progress'))).toBe(true);
    expect(isActionAllowed('courier_dropoff', s('delivery', 'in_progress'))).toBe(true);
    expect(isActionAllowed('complete', s('delivery', 'awaiting_user_pickup'))).toBe(false);
    // a parcel waiting at the desk (no door) may still be placed in a locker, once
    const atDesk = { ...s('delivery', 'awaiting_user_pickup'), has_door: false };
    expect(isActionAllowed('complete', atDesk)).toBe(true);
    expect(isActionAllowed('courier_dropoff', atDesk)).toBe(false);
    expect(isActionAllowed('complete', { ...s('delivery', 'awaiting_user_pickup'), has_door: true })).toBe(
      false,
    );
    expect(isActionAllowed('expire', s('delivery', 'awaiting_user_pickup'))).toBe(true);
    expect(isActionAllowed('expire', s('storage', 'in_progress'))).toBe(false);
    expect(isActionAllowed('confirm_payment', s('storage', 'awaiting_payment_confirmation'))).toBe(true);
    expect(isActionAllowed('cancel', s('storage', 'finished'))).toBe(false);
  });

  it('lists the allowed actions in order', () => {
    expect(allowedActions(s('storage', 'finished', 3))).toEqual(['refund', 'penalize', 'share']);
    expect(allowedActions(s('delivery', 'awaiting_user_pickup'))).toEqual([
      'resend_code',
      'end',
      'cancel',
      'share',
      'user_pickup',
      'expire',
    ]);
  });
});
