import type { TLockerWall } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';
import {
  gridOf,
  LAST_LOCATION_KEY,
  pickWall,
  readLastLocation,
  unassignsAll,
  writeLastLocation,
} from './wallLayout';

const door = (x: number, y: number) => ({
  x,
  y,
  kiosk: false,
  id: null,
  state: 'unassigned' as const,
  device: null,
});

describe('locker wall layout', () => {
  it('lays the doors out as rows of columns', () => {
    const grid = gridOf({ qty_wide: 3, qty_tall: 2, lockers: [door(1, 1), door(3, 2), door(2, 1)] });
    expect(grid.map((r) => r.map((d) => (d ? `${d.x},${d.y}` : null)))).toEqual([
      ['1,1', '2,1', null],
      [null, null, '3,2'],
    ]);
  });

  it('warns only when a wall with lockers changes its dimensions', () => {
    const wall = { qty_wide: 4, qty_tall: 3, devices: ['d'] };
    expect(unassignsAll(wall, '4', '3')).toBe(false);
    expect(unassignsAll(wall, '5', '3')).toBe(true);
    expect(unassignsAll(wall, 4, 2)).toBe(true);
    expect(unassignsAll(wall, '', '3')).toBe(false);
    expect(unassignsAll({ ...wall, devices: [] }, '5', '5')).toBe(false);
    expect(unassignsAll(null, '5', '5')).toBe(false);
  });

  it('remembers the last location', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readLastLocation(storage)).toBeNull();
    writeLastLocation('b', storage);
    expect(store.get(LAST_LOCATION_KEY)).toBe('b');
    expect(readLastLocation(storage)).toBe('b');
  });

  it('keeps the selected wall while it exists', () => {
    const walls = [{ id: 'w1' }, { id: 'w2' }] as TLockerWall[];
    expect(pickWall(walls, 'w2')?.id).toBe('w2');
    expect(pickWall(walls, 'deleted')?.id).toBe('w1');
    expect(pickWall([], null)).toBeNull();
  });
});
