export type TLockStatusValue = 'simulated' | 'unknown' | 'open' | 'locked' | 'offline';

/**
 * The `lockStatus` enum value a person reads, its label from `useEnumLabel()`: a virtual lock is
 * `simulated` (no hardware reports anything), a lock that has never reported (`lock_status_at` null,
 * or `unknown`) is `unknown`, and `open`, `locked` or `offline` only when a lock said so.
 * `lock_status_at` undefined means the caller does not know when the lock last reported (a wall's
 * door): the stored value is then shown.
 */
export function lockStatusValue(d: {
  hardware_type: string;
  lock_status: string;
  lock_status_at?: string | null;
}): TLockStatusValue {
  if (d.hardware_type === 'virtual') return 'simulated';
  if (d.lock_status_at === null || d.lock_status === 'unknown') return 'unknown';
  return d.lock_status === 'open' || d.lock_status === 'locked' || d.lock_status === 'offline'
    ? d.lock_status
    : 'unknown';
}

/** Whether a device's lock may be opened from the console (spec operational §4 Device status). */
export function canUnlock(d: { hardware_type: string; lock_status: string }): boolean {
  return !(d.hardware_type === 'gantner' && (d.lock_status === 'unknown' || d.lock_status === 'offline'));
}
