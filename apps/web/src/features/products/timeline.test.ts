import type { TProductTrackingEntry } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';
import { orderTimeline, trackingColor, trackingWho } from './timeline';

const entry = (id: string, state: TProductTrackingEntry['state'], at: string): TProductTrackingEntry => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  state,
  label: state,
  created_at: at,
  user: null,
  actor_name: null,
  condition: null,
  id_device: null,
});

describe('product timeline', () => {
  it('puts the newest first and the creation last', () => {
    const ordered = orderTimeline([
      entry('1', 'new', '2026-01-02T00:00:00Z'),
      entry('2', 'incoming', '2026-01-01T00:00:00Z'),
      entry('3', 'outgoing', '2026-01-03T00:00:00Z'),
      entry('4', 'maintenance', '2026-01-03T00:00:00Z'),
    ]);
    expect(ordered.map((e) => e.state)).toEqual(['outgoing', 'maintenance', 'incoming', 'new']);
  });

  it('paints maintenance red and names the customer of an In/Out', () => {
    expect(trackingColor('maintenance')).toBe('error');
    expect(trackingColor('new')).toBe('primary');
    const e = entry('5', 'incoming', '2026-01-01T00:00:00Z');
    expect(trackingWho({ ...e, user: { id: e.id, name: 'Rita', last_name: 'Renter' } })).toBe('Rita Renter');
    expect(trackingWho({ ...e, actor_name: 'Demo' })).toBe('Demo');
  });
});
