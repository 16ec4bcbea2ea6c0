/**
 * The "Lock Status" a person reads (issue 27): a virtual lock is "Simulated" (no hardware reports
 * anything), a lock that has never reported (`lock_status_at` null, or `unknown`) is "Unknown", and
 * "Open", "Locked" or "Offline" only when a lock said so. `lock_status_at` undefined means the
 * caller does not know when the lock last reported (a wall's door): the stored value is then shown.
 */
export function lockStatusLabel(d: {
  hardware_type: string;
  lock_status: string;
  lock_status_at?: string | null;
}): string {
  if (d.hardware_type === 'virtual') return 'Simulated';
  if (d.lock_status_at === null || d.lock_status === 'unknown') return 'Unknown';
  const labels: Record<string, string> = { open: 'Open', locked: 'Locked', offline: 'Offline' };
  return labels[d.lock_status] ?? 'Unknown';
}

/** Whether a device's lock may be opened from the console (spec operational §4 Device status). */
export function canUnlock(d: { hardware_type: string; lock_status: string }): boolean {
  return !(d.hardware_type === 'gantner' && (d.lock_status === 'unknown' || d.lock_status === 'offline'));
}
