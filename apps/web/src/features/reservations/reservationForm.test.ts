import type { TReservation } from '@lockerops/contract';
import { ZReservationCreateRequest } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';
import { lockerOptions, nothingFree, reservationFormValues, withDays, withZone } from './reservationForm';

describe('reservation form logic', () => {
  it('turns "days all" into every weekday and validates with the contract schema', () => {
    const v = {
      ...reservationFormValues(null, () => 'Europe/Paris'),
      mode: 'storage',
      tracking_number: 'st-7',
      id_location: '00000000-0000-4000-8000-000000000001',
      id_size: '00000000-0000-4000-8000-000000000002',
      id_user: '00000000-0000-4000-8000-000000000003',
      recurring: true,
      from_time: '09:00',
      to_time: '10:00',
      start_date: '2030-01-07',
      end_date: '2030-01-20',
    };
    const parsed = ZReservationCreateRequest.parse(withDays(v));
    expect(parsed).toMatchObject({
      monday: true,
      sunday: true,
      time_zone: 'Europe/Paris',
      start_date: '2030-01-07',
    });
    const custom = ZReservationCreateRequest.safeParse({ ...v, days: 'custom' });
    expect(custom.success).toBe(false);
    // the tracking number is required for storage too, not only delivery
    const untracked = ZReservationCreateRequest.safeParse(withDays({ ...v, tracking_number: '' }));
    expect(untracked.error?.issues.map((i) => i.message)).toContain('Tracking number required');
  });

  it("reads a custom range typed in the form on the place's wall clock, whatever the browser's zone", () => {
    const v = {
      ...reservationFormValues(null, () => 'America/Chicago'),
      start_date: '2027-01-15T10:00',
      end_date: '2027-07-15T12:00',
    };
    const zoned = withZone(v, 'America/Chicago');
    expect(zoned).toMatchObject({
      start_date: '2027-01-15T10:00:00-06:00',
      end_date: '2027-07-15T12:00:00-05:00',
      time_zone: 'America/Chicago',
    });
    const back = reservationFormValues(
      {
        mode: 'storage',
        recurring: false,
        id_location: 'L1',
        start_date: '2027-01-15T16:00:00.000Z',
        end_date: '2027-01-15T18:00:00.000Z',
      } as TReservation,
      (id) => (id === 'L1' ? 'America/Chicago' : 'UTC'),
    );
    expect(back).toMatchObject({ start_date: '2027-01-15T10:00', end_date: '2027-01-15T12:00' });
  });

  it('fills the form from a reservation (custom range in local time, custom days)', () => {
    const r = {
      mode: 'storage',
      recurring: true,
      monday: true,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: false,
      saturday: false,
      sunday: false,
      from_time: '09:00',
      to_time: '10:00',
      start_date: '2030-01-07',
      end_date: '2030-01-20',
      time_zone: 'UTC',
    } as TReservation;
    expect(reservationFormValues(r)).toMatchObject({
      days: 'custom',
      start_date: '2030-01-07',
      time_zone: 'UTC',
    });
  });

  it('offers available lockers of the mode and size, and disables submit when nothing is free', () => {
    const d = (n: number, mode: string, status: string, size: string | null) => ({
      id: `d${n}`,
      locker_number: n,
      name: `L${n}`,
      mode,
      status,
      size: size ? { id: size } : null,
    });
    const devices = [
      d(3, 'storage', 'available', 's'),
      d(1, 'storage', 'available', 's'),
      d(2, 'storage', 'maintenance', 's'),
      d(4, 'delivery', 'available', 's'),
      d(5, 'storage', 'available', 'l'),
    ];
    expect(lockerOptions(devices, 'storage', 's').map((x) => x.locker_number)).toEqual([1, 3]);
    expect(lockerOptions(devices, 'storage', 's', 'd2').map((x) => x.locker_number)).toEqual([1, 2, 3]);
    expect(nothingFree({ locationChosen: false, mode: 'storage', sizes: [], lockers: [] })).toBe(false);
    expect(nothingFree({ locationChosen: true, mode: 'service', sizes: [], lockers: [] })).toBe(true);
    expect(
      nothingFree({ locationChosen: true, mode: 'storage', sizes: [{ devices: 2 }], lockers: devices }),
    ).toBe(false);
  });
});
