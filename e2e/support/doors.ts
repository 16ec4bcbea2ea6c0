import type { APIRequestContext } from '@playwright/test';
import { type AdminApi, type ApiRecord, createLocation, unique } from './console';

/**
 * A fresh location with a 3 × 3 locker wall of virtual storage doors #1–#9 (door #n at column
 * ((n-1) % 3) + 1, row ⌈n/3⌉: #7 at 1,3; #5 at 2,2) priced per minute, as a field test needs it.
 */
export async function lockerWallOfNine(api: AdminApi, request: APIRequestContext, prefix: string) {
  const location = await createLocation(api, unique(`${prefix} Pier`));
  const size = await api.post('sizes', { name: unique(`${prefix} Size`), width: 10, depth: 10, height: 10 });
  const price = await api.post('prices', {
    name: unique(`${prefix} Price`),
    price_type: 'pay_per_time',
    amount: 60,
    unit_amount: 1,
    unit: 'minute',
  });
  const wall = await api.post('locker-walls', {
    id_location: location.id,
    name: unique(`${prefix} Wall`),
    qty_wide: 3,
    qty_tall: 3,
  });
  const doors: Array<ApiRecord & { locker_number: number }> = [];
  for (let n = 1; n <= 9; n++) {
    const door = await api.post<ApiRecord & { locker_number: number }>('devices', {
      name: unique(`${prefix} Door ${n}`),
      locker_number: n,
      mode: 'storage',
      status: 'available',
      hardware_type: 'virtual',
      id_location: location.id,
      id_size: size.id,
      id_price: price.id,
    });
    const res = await request.patch(`/api/locker-walls/${wall.id}/doors`, {
      headers: api.headers,
      data: { x: ((n - 1) % 3) + 1, y: Math.ceil(n / 3), id_device: door.id },
    });
    if (!res.ok()) throw new Error(`assign door ${n}: ${res.status()} ${await res.text()}`);
    doors.push(door);
  }
  return { location, wall, doors, door: (n: number) => doors[n - 1]! };
}

/** Starts a storage transaction on a door for a new customer through the partner API. */
export async function startStorage(
  api: AdminApi,
  request: APIRequestContext,
  idDevice: string,
  name: string,
) {
  const user = await api.post('users', {
    name,
    email: `${name.replace(/\W+/g, '-').toLowerCase()}@demo-org.test`,
  });
  const res = await request.post('/api/events/storage', {
    headers: api.headers,
    data: { id_device: idDevice, id_user: user.id },
  });
  if (!res.ok()) throw new Error(`start storage ${res.status()}: ${await res.text()}`);
  const { event } = (await res.json()) as { event: { id: string; invoice_id: string } };
  return { user, event };
}
