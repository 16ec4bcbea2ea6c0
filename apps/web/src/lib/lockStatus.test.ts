import { describe, expect, it } from 'vitest';
import { lockStatusValue } from './lockStatus';

describe('lockStatusValue', () => {
  it('reads "simulated" for a virtual lock, whatever it stored', () => {
    expect(lockStatusValue({ hardware_type: 'virtual', lock_status: 'open', lock_status_at: null })).toBe(
      'simulated',
    );
  });
  it('reads "unknown" for a lock that never reported', () => {
    expect(lockStatusValue({ hardware_type: 'gantner', lock_status: 'locked', lock_status_at: null })).toBe(
      'unknown',
    );
    expect(lockStatusValue({ hardware_type: 'gantner', lock_status: 'unknown' })).toBe('unknown');
  });
  it('reads what the lock said once it reported', () => {
    const at = '2026-01-01T00:00:00Z';
    expect(lockStatusValue({ hardware_type: 'gantner', lock_status: 'open', lock_status_at: at })).toBe(
      'open',
    );
    expect(lockStatusValue({ hardware_type: 'linka', lock_status: 'locked', lock_status_at: at })).toBe(
      'locked',
    );
    expect(lockStatusValue({ hardware_type: 'linka', lock_status: 'offline', lock_status_at: at })).toBe(
      'offline',
    );
  });
});
