import { describe, expect, it } from 'vitest';
import { lockStatusLabel } from './lockStatus';

describe('lockStatusLabel', () => {
  it('reads "Simulated" for a virtual lock, whatever it stored', () => {
    expect(lockStatusLabel({ hardware_type: 'virtual', lock_status: 'open', lock_status_at: null })).toBe(
      'Simulated',
    );
  });
  it('reads "Unknown" for a lock that never reported', () => {
    expect(lockStatusLabel({ hardware_type: 'gantner', lock_status: 'locked', lock_status_at: null })).toBe(
      'Unknown',
    );
    expect(lockStatusLabel({ hardware_type: 'gantner', lock_status: 'unknown' })).toBe('Unknown');
  });
  it('reads what the lock said once it reported', () => {
    const at = '2026-01-01T00:00:00Z';
    expect(lockStatusLabel({ hardware_type: 'gantner', lock_status: 'open', lock_status_at: at })).toBe(
      'Open',
    );
    expect(lockStatusLabel({ hardware_type: 'linka', lock_status: 'locked', lock_status_at: at })).toBe(
      'Locked',
    );
    expect(lockStatusLabel({ hardware_type: 'linka', lock_status: 'offline', lock_status_at: at })).toBe(
      'Offline',
    );
  });
});
