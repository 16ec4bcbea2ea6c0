import { describe, expect, it } from 'vitest';
import {
  countDoors,
  doorStateOf,
  kioskSpot,
  LOCKER_WALL_MESSAGES,
  ZLockerWallCreateRequest,
} from './locker-walls';

describe('locker wall rules', () => {
  it('derives the door state from the kiosk flag and the device status', () => {
    expect(doorStateOf({ kiosk: true, device: null })).toBe('kiosk');
    expect(doorStateOf({ kiosk: false, device: null })).toBe('unassigned');
    expect(doorStateOf({ kiosk: false, device: { status: 'maintenance' } })).toBe('maintenance');
    expect(doorStateOf({ kiosk: false, device: { status: 'reserved' } })).toBe('reserved');
    expect(doorStateOf({ kiosk: false, device: { status: 'available' } })).toBe('available');
  });

  it('counts doors per state for the legend', () => {
    expect(countDoors([{ state: 'kiosk' }, { state: 'available' }, { state: 'available' }])).toEqual({
      available: 2,
      maintenance: 0,
      reserved: 0,
      unassigned: 0,
      kiosk: 1,
    });
  });

  it('puts the kiosk in the middle, or on the nearest free door', () => {
    expect(kioskSpot(4, 3)).toEqual({ x: 2, y: 2 });
    expect(kioskSpot(1, 1)).toEqual({ x: 1, y: 1 });
    expect(kioskSpot(3, 3, (x, y) => !(x === 2 && y === 2))).toEqual({ x: 2, y: 1 });
    expect(kioskSpot(1, 1, () => false)).toBeNull();
  });

  it('validates door counts with the spec messages, from numbers or form strings', () => {
    const base = { id_location: '6f1d2c1e-0000-4000-8000-000000000000', name: 'W' };
    expect(ZLockerWallCreateRequest.parse({ ...base, qty_wide: '4', qty_tall: 3 })).toMatchObject({
      qty_wide: 4,
      qty_tall: 3,
      is_kiosk: false,
      description: null,
    });
    const bad = ZLockerWallCreateRequest.safeParse({ ...base, qty_wide: -1, qty_tall: 0 });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
      LOCKER_WALL_MESSAGES.qtyWide,
      LOCKER_WALL_MESSAGES.qtyTall,
    ]);
  });
});
