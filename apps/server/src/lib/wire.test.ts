import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { camelCase, columnsOf, fromWire, snakeCase, wireFields, wireOf } from './wire';

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

  const ZDoor = z.object({
    id: z.string(),
    locker_number: z.number(),
    created_at: z.string(),
    opened_at: z.string().nullable(),
    size: z.object({ id: z.string(), size_name: z.string() }).nullable(),
    amount: z.number(),
  });

  it('answers a row in the shape of its schema: plain renames, timestamps as text, the rest given', () => {
    const at = new Date('2026-03-08T07:00:00Z');
    const row = {
      id: 'd1',
      lockerNumber: 3,
      createdAt: at,
      openedAt: null,
      amount: '4.50',
      organizationId: 'o',
    };
    for (let i = 0; i < 2; i++) {
      const wire = wireOf(ZDoor, row, {
        size: wireOf(ZDoor.shape.size, { id: 's1', sizeName: 'M' }),
        amount: Number(row.amount),
      });
      expect(wire).toEqual({
        id: 'd1',
        locker_number: 3,
        created_at: '2026-03-08T07:00:00.000Z',
        opened_at: null,
        size: { id: 's1', size_name: 'M' },
        amount: 4.5,
      });
      expect(Object.keys(wire)).toEqual(Object.keys(ZDoor.shape));
    }
    // @ts-expect-error a field of the schema the row does not carry and nothing gives
    wireOf(ZDoor, { id: 'd1', lockerNumber: 3, createdAt: at, openedAt: null }, { size: null });
  });

  it('answers fields named like inherited properties from the row or from what is given', () => {
    const ZOdd = z.object({ constructor: z.string(), to_string: z.string() });
    expect(wireOf(ZOdd, { constructor: 'c', toString: 't' } as never)).toEqual({
      constructor: 'c',
      to_string: 't',
    });
    expect(wireOf(ZOdd, { toString: 't' }, { constructor: 'given' })).toEqual({
      constructor: 'given',
      to_string: 't',
    });
  });

  it('reads a request into columns: what it carries, less the fields mapped apart', () => {
    const ZRequest = z.object({ locker_number: z.number(), name: z.string().optional(), size: z.string() });
    expect(fromWire(ZRequest, { locker_number: 3, name: undefined, size: 'M' }, ['size'])).toEqual({
      lockerNumber: 3,
    });
  });
});
