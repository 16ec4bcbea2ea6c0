import type { TProductTrackingEntry, TProductTrackingState } from '@lockerops/contract';

/**
 * The Asset History Log order (spec operational §4): newest first, with the creation entry last even
 * if another entry carries an older time. Stable for equal times (the server's order is kept).
 */
export function orderTimeline(entries: readonly TProductTrackingEntry[]): TProductTrackingEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => {
      const aNew = a.entry.state === 'new' ? 1 : 0;
      const bNew = b.entry.state === 'new' ? 1 : 0;
      if (aNew !== bNew) return aNew - bNew;
      const byTime = Date.parse(b.entry.created_at) - Date.parse(a.entry.created_at);
      return byTime || a.index - b.index;
    })
    .map(({ entry }) => entry);
}

/** Timeline colour of a state: maintenance tickets are red (spec operational §4). */
export function trackingColor(state: TProductTrackingState): 'error' | 'success' | 'info' | 'primary' {
  if (state === 'maintenance') return 'error';
  if (state === 'incoming') return 'success';
  if (state === 'outgoing') return 'info';
  return 'primary';
}

/** "In"/"Out" entries show the customer (spec operational §4 "in/out entries show the user"). */
export function trackingWho(entry: TProductTrackingEntry): string | null {
  if (entry.user) return [entry.user.name, entry.user.last_name].filter(Boolean).join(' ');
  return entry.actor_name;
}
