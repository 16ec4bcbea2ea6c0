import { describe, expect, it } from 'vitest';
import { camelCase, columnsOf, snakeCase, wireFields } from './wire';

describe('the naming boundary (lib/wire)', () => {
  it('renames both ways, the same on every call', () => {
    for (let i = 0; i < 3; i++) {
      expect(snakeCase('lockerNumber')).toBe('locker_number');
      expect(snakeCase('id')).toBe('id');
      expect(snakeCase('jams30dCount')).toBe('jams30d_count');
      expect(camelCase('locker_number')).toBe('lockerNumber');
      expect(camelCase('harbor_tower_id')).toBe('harborTowerId');
      expect(camelCase('jams_30d')).toBe('jams30d');
    }
  });

  it('answers rows under wire names with timestamps as text, and requests as columns', () => {
    const at = new Date('2026-03-08T07:00:00Z');
    expect(wireFields({ lockerNumber: 3, createdAt: at, name: 'A' }, ['lockerNumber', 'createdAt'])).toEqual({
      locker_number: 3,
      created_at: '2026-03-08T07:00:00.000Z',
    });
    expect(columnsOf({ locker_number: 3, name: undefined }, ['locker_number', 'name'])).toEqual({
      lockerNumber: 3,
    });
  });

  it('keeps renaming names it was never given before (the memory is bounded, not the answers)', () => {
    for (let i = 0; i < 12_000; i++) expect(camelCase(`field_${i}_x`)).toBe(`field${i}X`);
    expect(snakeCase('fieldAfterTheCap')).toBe('field_after_the_cap');
  });
});
