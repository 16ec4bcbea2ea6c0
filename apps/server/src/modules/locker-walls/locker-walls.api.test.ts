import { LOCKER_WALL_MESSAGES as M, MSG, type TLockerWall } from '@lockerops/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { devices, locations, products, sizes } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let member: { authorization: string };
let viewer: { authorization: string };
let orgId: string;
let loc: string;
let otherLoc: string;
let lockerNo = 0;

// Locations and devices are written straight to the database so these tests depend only on the
// locker-wall calls; their own areas test their calls.
async function makeLocation(organizationId: string, name: string) {
  const [row] = await t.database.db.insert(locations).values({ organizationId, name }).returning();
  return row!.id;
}

async function makeDevice(
  organizationId: string,
  idLocation: string,
  extra: Partial<typeof devices.$inferInsert> = {},
) {
  lockerNo += 1;
  const [row] = await t.database.db
    .insert(devices)
    .values({
      organizationId,
      idLocation,
      name: `Locker ${lockerNo}`,
      lockerNumber: lockerNo,
      mode: 'storage',
      hardwareType: 'virtual',
      ...extra,
    })
    .returning();
  return row!.id;
}

const create = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/locker-walls', headers, payload });
const update = (id: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/locker-walls/${id}`, headers, payload });
const door = (id: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/locker-walls/${id}/doors`, headers, payload });
const kiosk = (id: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/locker-walls/${id}/kiosk`, headers, payload });
const get = (id: string, headers = admin) => t.app.inject({ url: `/api/locker-walls/${id}`, headers });
const wallOf = async (id: string): Promise<TLockerWall> => (await get(id)).json();
const doorAt = (w: TLockerWall, x: number, y: number) => w.lockers.find((l) => l.x === x && l.y === y)!;

const base = { name: 'Wall A', qty_wide: 4, qty_tall: 3 };
const newWall = async (extra: object = {}) => {
  const res = await create({ ...base, id_location: loc, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json() as TLockerWall;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
  loc = await makeLocation(orgId, 'Main street');
  otherLoc = await makeLocation(orgId, 'Harbor');
});
afterAll(() => t.close());

describe('locker walls: create and validate', () => {
  it('creates a 4×3 wall with 12 empty doors, the kiosk in the middle', async () => {
    const res = await create({
      ...base,
      id_location: loc,
      description: 'By the entrance',
      custom_id: 'W-1',
      image: '/api/files/0b6f3f0e-6d4c-4c1e-9a53-2f8e1d7c4a10.png',
      is_kiosk: true,
    });
    expect(res.statusCode).toBe(200);
    const w = res.json() as TLockerWall;
    expect(w).toMatchObject({
      name: 'Wall A',
      description: 'By the entrance',
      custom_id: 'W-1',
      image: '/api/files/0b6f3f0e-6d4c-4c1e-9a53-2f8e1d7c4a10.png',
      qty_wide: 4,
      qty_tall: 3,
      is_kiosk: true,
      id_location: loc,
      devices: [],
      counts: { available: 0, maintenance: 0, reserved: 0, unassigned: 11, kiosk: 1 },
    });
    expect(w.lockers).toHaveLength(12);
    expect(w.lockers.map((l) => [l.y, l.x]).slice(0, 5)).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 1],
    ]);
    expect(doorAt(w, 2, 2)).toEqual({ x: 2, y: 2, kiosk: true, id: null, state: 'kiosk', device: null });
  });

  it('answers the spec messages', async () => {
    const res = await create({ id_location: loc, name: ' ', qty_wide: 0, qty_tall: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual([M.nameRequired, M.qtyWide, M.qtyTall]);
    expect(M.qtyWide).toBe('# Doors wide must be greater than 0');
    const big = await create({ id_location: loc, name: 'Big', qty_wide: 51, qty_tall: 51 });
    expect(big.json().detail).toEqual([M.qtyWideMax, M.qtyTall]);
    const frac = await create({ id_location: loc, name: 'Frac', qty_wide: 2.5, qty_tall: 2 });
    expect(frac.json().detail).toBe('# Doors wide must be a whole number');
    const long = await create({ ...base, id_location: loc, description: 'x'.repeat(201) });
    expect(long.json().detail).toBe(M.descriptionMax);
    const edge = await create({ ...base, id_location: loc, qty_wide: 50, qty_tall: '50' });
    expect(edge.statusCode).toBe(200);
    expect(edge.json().lockers).toHaveLength(2500);
  });

  it('lists the walls of a location with their doors', async () => {
    const w = await newWall({ name: 'Harbor wall', id_location: otherLoc, qty_wide: 1, qty_tall: 1 });
    const res = await t.app.inject({ url: `/api/locker-walls?id_location=${otherLoc}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, pages: 1, page: 1 });
    expect(res.json().items[0]).toMatchObject({ id: w.id, name: 'Harbor wall', lockers: [{ x: 1, y: 1 }] });
    const all = (await t.app.inject({ url: '/api/locker-walls', headers: admin })).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
  });
});

describe('locker walls: doors', () => {
  it('assigns, reassigns and unassigns, with states from the device status', async () => {
    const w = await newWall();
    const [sizeRow] = await t.database.db
      .insert(sizes)
      .values({ organizationId: orgId, name: 'Medium', width: '10', depth: '10', height: '10' })
      .returning();
    const d1 = await makeDevice(orgId, loc, { idSize: sizeRow!.id });
    const [tent] = await t.database.db
      .insert(products)
      .values({ organizationId: orgId, name: 'Tent' })
      .returning();
    const d2 = await makeDevice(orgId, loc, { status: 'maintenance', mode: 'rental', idProduct: tent!.id });
    const d3 = await makeDevice(orgId, loc, { status: 'reserved' });

    const a = await door(w.id, { x: 1, y: 1, id_device: d1 });
    expect(a.statusCode).toBe(200);
    expect(a.json().detail).toBe('Locker has been assigned correctly');
    expect(doorAt(a.json().wall, 1, 1)).toMatchObject({
      id: d1,
      state: 'available',
      device: { id: d1, status: 'available', size: { id: sizeRow!.id, name: 'Medium' }, product: null },
    });
    // a rental door shows the product it is stocked with (the console's Locker Details)
    const b = await door(w.id, { x: 2, y: 1, id_device: d2 });
    expect(doorAt(b.json().wall, 2, 1).device).toMatchObject({ product: { id: tent!.id, name: 'Tent' } });
    const c = (await door(w.id, { x: 3, y: 1, id_device: d3 })).json().wall as TLockerWall;
    expect(c.counts).toEqual({ available: 1, maintenance: 1, reserved: 1, unassigned: 9, kiosk: 0 });
    expect(doorAt(c, 2, 1).state).toBe('maintenance');
    expect(c.devices.sort()).toEqual([d1, d2, d3].sort());

    // the same device elsewhere, or a taken door without reassign
    const again = await door(w.id, { x: 4, y: 1, id_device: d1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This locker is already assigned.');
    const d4 = await makeDevice(orgId, loc);
    const taken = await door(w.id, { x: 1, y: 1, id_device: d4 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(M.alreadyAssigned);

    const re = await door(w.id, { x: 1, y: 1, id_device: d4, reassign: true });
    expect(re.json().detail).toBe('Locker has been reassigned correctly');
    expect(doorAt(re.json().wall, 1, 1).id).toBe(d4);

    const un = await door(w.id, { x: 1, y: 1, id_device: null }, member);
    expect(un.statusCode).toBe(200);
    expect(un.json().detail).toBe('Locker has been unassigned correctly');
    expect(doorAt(un.json().wall, 1, 1).state).toBe('unassigned');
    expect((await door(w.id, { x: 1, y: 1, id_device: null })).json().detail).toBe(M.doorEmpty);

    // unassigned devices of the location: d1 and d4 are free again, d2 and d3 sit in doors
    const free = await t.app.inject({ url: `/api/locker-walls/${w.id}/unassigned-devices`, headers: member });
    const freeIds = free.json().items.map((d: { id: string }) => d.id);
    expect(freeIds).toEqual(expect.arrayContaining([d1, d4]));
    expect(freeIds).not.toContain(d2);

    const history = (await t.app.inject({ url: `/api/history/locker_wall/${w.id}`, headers: admin })).json()
      .items;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'unassign',
      'reassign',
      'assign',
      'assign',
      'assign',
      'create',
    ]);
    expect(history[1].changes['door 1,1']).toMatchObject({ before: { id: d1 }, after: { id: d4 } });
  });

  it('refuses doors outside the wall, the kiosk door and devices of another location', async () => {
    const w = await newWall({ is_kiosk: true });
    const d = await makeDevice(orgId, loc);
    const outside = await door(w.id, { x: 5, y: 1, id_device: d });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toBe(M.doorOutside);
    const k = await door(w.id, { x: 2, y: 2, id_device: d });
    expect(k.statusCode).toBe(409);
    expect(k.json().detail).toBe(M.kioskDoor);
    const far = await makeDevice(orgId, otherLoc);
    const elsewhere = await door(w.id, { x: 1, y: 1, id_device: far });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toBe(M.deviceElsewhere);
  });

  it('lets one of two operators assigning the same locker at once win', async () => {
    const w1 = await newWall({ name: 'Race 1' });
    const w2 = await newWall({ name: 'Race 2' });
    const d = await makeDevice(orgId, loc);
    const results = await Promise.all([
      door(w1.id, { x: 1, y: 1, id_device: d }),
      door(w2.id, { x: 2, y: 2, id_device: d }, member),
      door(w1.id, { x: 3, y: 3, id_device: d }, member),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().detail).toBe('This locker is already assigned.');
    }
    const walls = [await wallOf(w1.id), await wallOf(w2.id)];
    expect(walls.flatMap((w) => w.devices)).toEqual([d]);
  });

  it('leaves the one-door-per-device rule to the database, whatever the code path', async () => {
    const w = await newWall({ name: 'Guarded' });
    const d = await makeDevice(orgId, loc);
    await door(w.id, { x: 1, y: 1, id_device: d });
    await expect(
      t.database.db.execute(
        sql`update locker_wall_doors set id_device = ${d} where id_locker_wall = ${w.id} and x = 2 and y = 1`,
      ),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(
      t.database.db.execute(
        sql`update locker_wall_doors set kiosk = true where id_locker_wall = ${w.id} and x = 1 and y = 1`,
      ),
    ).rejects.toThrow();
  });

  it('lets one of two operators filling the same door at once win', async () => {
    const w = await newWall({ name: 'Race door' });
    const [a, b] = [await makeDevice(orgId, loc), await makeDevice(orgId, loc)];
    const results = await Promise.all([
      door(w.id, { x: 4, y: 3, id_device: a }),
      door(w.id, { x: 4, y: 3, id_device: b }, member),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().detail).toBe(M.alreadyAssigned);
    expect((await wallOf(w.id)).devices).toHaveLength(1);
  });
});

describe('locker walls: kiosk and dimensions', () => {
  it('moves the kiosk (swapping with a locker) and removes it', async () => {
    const w = await newWall({ is_kiosk: true });
    const d = await makeDevice(orgId, loc);
    await door(w.id, { x: 4, y: 3, id_device: d });
    const moved = await kiosk(w.id, { x: 4, y: 3 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().detail).toBe('Kiosk successfully moved');
    const mw = moved.json().wall as TLockerWall;
    expect(doorAt(mw, 4, 3)).toMatchObject({ kiosk: true, id: null, state: 'kiosk' });
    expect(doorAt(mw, 2, 2)).toMatchObject({ kiosk: false, id: d, state: 'available' });
    expect(mw.counts.kiosk).toBe(1);

    const empty = await kiosk(w.id, { x: 1, y: 1 }, member);
    expect(doorAt(empty.json().wall, 1, 1).kiosk).toBe(true);
    expect(doorAt(empty.json().wall, 4, 3)).toMatchObject({ kiosk: false, id: null });
    expect((await kiosk(w.id, { x: 9, y: 1 })).statusCode).toBe(400);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/locker-walls/${w.id}/kiosk`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().detail).toBe('Kiosk has been deleted from wall');
    expect(removed.json().wall).toMatchObject({ is_kiosk: false, counts: { kiosk: 0, unassigned: 11 } });
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/locker-walls/${w.id}/kiosk`,
      headers: admin,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(M.noKiosk);

    // without a kiosk, moving places one, never over a locker
    expect((await kiosk(w.id, { x: 2, y: 2 })).json().detail).toBe(M.kioskOnAssigned);
    const placed = await kiosk(w.id, { x: 3, y: 3 });
    expect(placed.json().wall).toMatchObject({ is_kiosk: true, counts: { kiosk: 1 } });
  });

  it('keeps assignments on a plain edit and unassigns every door when the dimensions change', async () => {
    const w = await newWall();
    const d = await makeDevice(orgId, loc);
    await door(w.id, { x: 1, y: 2, id_device: d });
    const plain = await update(
      w.id,
      {
        ...base,
        id_location: loc,
        name: 'Renamed',
        image: '/api/files/5c2a9e41-8b7d-4f3a-a1c6-9d0e3b7f2a84.png',
      },
      member,
    );
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({
      name: 'Renamed',
      image: '/api/files/5c2a9e41-8b7d-4f3a-a1c6-9d0e3b7f2a84.png',
      devices: [d],
    });

    const kioskOn = await update(w.id, { ...base, id_location: loc, name: 'Renamed', is_kiosk: true });
    expect(kioskOn.json()).toMatchObject({ is_kiosk: true, devices: [d], counts: { kiosk: 1 } });
    const kioskOff = await update(w.id, { ...base, id_location: loc, name: 'Renamed' });
    expect(kioskOff.json()).toMatchObject({ is_kiosk: false, counts: { kiosk: 0 } });

    const resized = await update(w.id, {
      ...base,
      id_location: loc,
      name: 'Renamed',
      qty_wide: 2,
      qty_tall: 5,
    });
    expect(resized.statusCode).toBe(200);
    expect(resized.json()).toMatchObject({ qty_wide: 2, qty_tall: 5, devices: [] });
    expect(resized.json().lockers).toHaveLength(10);
    expect(resized.json().counts.unassigned).toBe(10);
    const history = (await t.app.inject({ url: `/api/history/locker_wall/${w.id}`, headers: admin })).json()
      .items;
    expect(history[0].changes).toMatchObject({
      qty_wide: { before: 4, after: 2 },
      qty_tall: { before: 3, after: 5 },
      assignments: { before: { '1,2': d }, after: {} },
    });
    // moving the wall to another location unassigns it too
    await door(w.id, { x: 2, y: 2, id_device: d });
    const moved = await update(w.id, {
      ...base,
      id_location: otherLoc,
      qty_wide: 2,
      qty_tall: 5,
      name: 'Moved',
    });
    expect(moved.json()).toMatchObject({ id_location: otherLoc, devices: [] });
    await update(w.id, { ...base, id_location: loc, qty_wide: 2, qty_tall: 5, name: 'Back' });
    // a deleted device leaves its door unassigned
    await door(w.id, { x: 1, y: 1, id_device: d });
    await t.database.db.delete(devices).where(eq(devices.id, d));
    expect(doorAt(await wallOf(w.id), 1, 1).state).toBe('unassigned');
  });

  it('refuses the kiosk when every door holds a locker', async () => {
    const w = await newWall({ qty_wide: 1, qty_tall: 1 });
    await door(w.id, { x: 1, y: 1, id_device: await makeDevice(orgId, loc) });
    const res = await update(w.id, { ...base, id_location: loc, qty_wide: 1, qty_tall: 1, is_kiosk: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(M.noFreeDoorForKiosk);
  });
});

describe('locker walls: delete, roles and tenancy', () => {
  it('deletes a wall (admin only) and frees its devices', async () => {
    const w = await newWall({ name: 'Doomed' });
    const d = await makeDevice(orgId, loc);
    await door(w.id, { x: 1, y: 1, id_device: d });
    const byMember = await t.app.inject({
      method: 'DELETE',
      url: `/api/locker-walls/${w.id}`,
      headers: member,
    });
    expect(byMember.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/locker-walls/${w.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ detail: 'Locker Wall deleted successfully' });
    expect((await get(w.id)).statusCode).toBe(404);
    const other = await newWall({ name: 'Heir' });
    expect((await door(other.id, { x: 1, y: 1, id_device: d })).statusCode).toBe(200);
  });

  it('keeps viewers out and lets members work', async () => {
    const w = await newWall();
    expect((await t.app.inject({ url: '/api/locker-walls', headers: viewer })).statusCode).toBe(403);
    expect((await get(w.id, viewer)).statusCode).toBe(403);
    expect((await create({ ...base, id_location: loc }, viewer)).statusCode).toBe(403);
    expect((await door(w.id, { x: 1, y: 1, id_device: null }, viewer)).statusCode).toBe(403);
    expect((await create({ ...base, id_location: loc }, member)).statusCode).toBe(200);
    expect((await get(w.id, member)).statusCode).toBe(200);
  });

  it("answers 404 for another organization's walls, locations and devices", async () => {
    const rival = await createOrganization(t, 'wallco');
    await createMember(t, rival.id, { email: 'boss@wallco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@wallco.test', undefined, 'wallco.localhost'));
    const theirLoc = await makeLocation(rival.id, 'Rival place');
    const theirDevice = await makeDevice(rival.id, theirLoc);
    const theirWall = (await create({ ...base, id_location: theirLoc }, theirs)).json() as TLockerWall;
    expect(theirWall.id).toBeDefined();
    const mine = await newWall();

    expect((await create({ ...base, id_location: theirLoc })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/locker-walls?id_location=${theirLoc}`, headers: admin })).statusCode,
    ).toBe(404);
    expect((await get(theirWall.id)).statusCode).toBe(404);
    expect((await update(theirWall.id, { ...base, id_location: loc })).statusCode).toBe(404);
    expect((await update(mine.id, { ...base, id_location: theirLoc })).statusCode).toBe(404);
    expect((await door(theirWall.id, { x: 1, y: 1, id_device: null })).statusCode).toBe(404);
    expect((await kiosk(theirWall.id, { x: 1, y: 1 })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/locker-walls/${theirWall.id}/kiosk`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/locker-walls/${theirWall.id}/unassigned-devices`, headers: admin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/history/locker_wall/${theirWall.id}`, headers: admin })).statusCode,
    ).toBe(404);
    const foreignDevice = await door(mine.id, { x: 1, y: 1, id_device: theirDevice });
    expect(foreignDevice.statusCode).toBe(404);
    expect(foreignDevice.json().detail).toBe(M.deviceNotFound);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/locker-walls/${theirWall.id}`, headers: admin }))
        .statusCode,
    ).toBe(404);
    expect((await get(theirWall.id, theirs)).statusCode).toBe(200);
    const listed = (await t.app.inject({ url: '/api/locker-walls', headers: admin })).json().items;
    expect(listed.map((w: TLockerWall) => w.id)).not.toContain(theirWall.id);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const p of [
      '/api/locker-walls',
      '/api/locker-walls/{id}',
      '/api/locker-walls/{id}/doors',
      '/api/locker-walls/{id}/kiosk',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(MSG.descriptionMax).toBe(M.descriptionMax);
  });
});
