import { TRANSACTION_MESSAGES as M, RESERVATION_MESSAGES } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  one,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { type ChargeGateway, type ChargeRequest, sandboxCharges } from '../../adapters/payments/charges';
import {
  devices,
  locationLockSettings,
  locations,
  organizations,
  prices,
  transactions,
  users,
} from '../../db/schema';

/**
 * A super-tenant's shared doors used by its sub-organization's transactions.
 */
let t: TestApp;
const charged: ChargeRequest[] = [];
const recording: ChargeGateway = {
  kind: 'test',
  charge: async (req) => {
    charged.push(req);
    return sandboxCharges.charge(req);
  },
  refund: sandboxCharges.refund,
};
type H = Record<string, string>;
let parentAdmin: H;
let kidAdmin: H;
let kidMember: H;
let kidKey: H;
let siblingAdmin: H;
let strangerAdmin: H;
let parentId: string;
let kidId: string;
let sharedLoc: string;
let privateLoc: string;
let kidPrice: string;
let lockerNumber = 1;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });

async function door(
  organizationId: string,
  idLocation: string,
  mode: 'storage' | 'rental' | 'delivery' | 'service' = 'storage',
): Promise<string> {
  const [d] = await t.database.db
    .insert(devices)
    .values({
      organizationId,
      idLocation,
      name: `${mode} ${lockerNumber}`,
      lockerNumber: lockerNumber++,
      mode,
      hardwareType: 'virtual',
    })
    .returning();
  return d!.id;
}

async function user(organizationId: string, name: string): Promise<string> {
  const [u] = await t.database.db
    .insert(users)
    .values({ organizationId, name, email: `${name.toLowerCase()}@x.test`, phoneNumber: '+14155550123' })
    .returning();
  return u!.id;
}

/** The parent's own view of its door (its admin's `GET devices/{id}`). */
const parentDoor = async (id: string) => (await call('GET', `devices/${id}`, parentAdmin)).json();

beforeAll(async () => {
  t = await createTestApp({}, undefined, { charges: recording });
  const db = t.database.db;
  parentId = (await demoOrg(t)).id;
  await db
    .update(organizations)
    .set({ superTenant: true, sharedLocations: true, stripeAccountId: 'acct_parent' })
    .where(eq(organizations.id, parentId));
  parentAdmin = bearer(await signIn(t.app));
  const kid = await createOrganization(t, 'kidco', parentId);
  kidId = kid.id;
  await db.update(organizations).set({ stripeAccountId: 'acct_kid' }).where(eq(organizations.id, kidId));
  await createMember(t, kidId, { email: 'boss@kidco.test' });
  await createMember(t, kidId, { email: 'desk@kidco.test', role: 'member' });
  kidAdmin = bearer(await signIn(t.app, 'boss@kidco.test', undefined, 'kidco.localhost'));
  kidMember = bearer(await signIn(t.app, 'desk@kidco.test', undefined, 'kidco.localhost'));
  kidKey = { 'x-api-key': (await call('POST', 'api-keys', kidAdmin)).json().key };
  const sibling = await createOrganization(t, 'sibco', parentId);
  await createMember(t, sibling.id, { email: 'boss@sibco.test' });
  siblingAdmin = bearer(await signIn(t.app, 'boss@sibco.test', undefined, 'sibco.localhost'));
  const stranger = await createOrganization(t, 'strangers');
  await createMember(t, stranger.id, { email: 'boss@strangers.test' });
  strangerAdmin = bearer(await signIn(t.app, 'boss@strangers.test', undefined, 'strangers.localhost'));

  [{ id: sharedLoc }] = await one(
    db
      .insert(locations)
      .values({ organizationId: parentId, name: 'Hub Station', address: '1 Hub St', shared: true })
      .returning(),
  );
  [{ id: privateLoc }] = await one(
    db
      .insert(locations)
      .values({ organizationId: parentId, name: 'Back Office', address: '2 Hub St' })
      .returning(),
  );
  // the parent's price on the door is not the sub-organization's: its own default price applies
  await db.insert(prices).values({
    organizationId: parentId,
    name: 'Parent hourly',
    priceType: 'pay_per_time',
    amount: '9.00',
    unitAmount: 1,
    unit: 'hour',
    isDefault: true,
  });
  [{ id: kidPrice }] = await one(
    db
      .insert(prices)
      .values({
        organizationId: kidId,
        name: 'Kid hourly',
        priceType: 'pay_per_time',
        amount: '2.00',
        currency: 'eur',
        unitAmount: 1,
        unit: 'hour',
        isDefault: true,
      })
      .returning(),
  );
});
afterAll(() => t.close());

describe("a sub-organization's transactions on its parent's shared doors", () => {
  it('starts on a shared door, charges its own account, and the pickup frees the door', async () => {
    const d = await door(parentId, sharedLoc);
    const ada = await user(kidId, 'Ada');
    // the sub-organization's member starts it (its partner key below does the same)
    const res = await call('POST', 'events/storage', kidMember, { id_device: d, id_user: ada });
    expect(res.statusCode).toBe(200);
    const ev = res.json().event;
    expect(ev).toMatchObject({ event_type: 'storage', event_status: 'in_progress', currency: 'eur' });

    // the row is the sub-organization's: in its list, not in the parent's
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, ev.id));
    expect(row).toMatchObject({
      organizationId: kidId,
      idDevice: d,
      idLocation: sharedLoc,
      idPrice: kidPrice,
    });
    const kidList = (await call('GET', 'events?size=100', kidAdmin)).json().items as Array<{ id: string }>;
    expect(kidList.map((e) => e.id)).toContain(ev.id);
    const parentList = (await call('GET', 'events?size=100', parentAdmin)).json().items as Array<{
      id: string;
    }>;
    expect(parentList.map((e) => e.id)).not.toContain(ev.id);
    expect((await call('GET', `events/${ev.id}`, parentAdmin)).statusCode).toBe(404);

    // the parent sees its door occupied and opened
    expect(await parentDoor(d)).toMatchObject({ status: 'reserved', lock_status: 'open' });
    // the parent cannot start on it meanwhile, nor can a sibling sub-organization
    const parentUser = await user(parentId, 'Pat');
    const byParent = await call('POST', 'events/storage', parentAdmin, { id_device: d, id_user: parentUser });
    expect(byParent.statusCode).toBe(409);
    expect(byParent.json().detail).toBe(M.deviceUnavailable);

    await t.database.db
      .update(transactions)
      .set({ startedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(transactions.id, ev.id));
    const pick = await call('POST', `events/${ev.id}/pickup`, kidKey, {});
    expect(pick.statusCode).toBe(200);
    expect(pick.json().event).toMatchObject({ event_status: 'finished', total: 4, currency: 'eur' });
    expect(charged.at(-1)).toMatchObject({ organizationId: kidId, account: 'acct_kid', amount: '4.00' });
    expect((await parentDoor(d)).status).toBe('available');
  });

  it("the partner key starts too; a sibling cannot touch the sub-organization's rows", async () => {
    const d = await door(parentId, sharedLoc);
    const res = await call('POST', 'events/storage', kidKey, {
      id_device: d,
      id_user: await user(kidId, 'Bo'),
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().event.id;
    const sibUser = await user((await orgOf('sibco')).id, 'Sib');
    // the door is held: a sibling sub-organization waits like anybody else
    const busy = await call('POST', 'events/storage', siblingAdmin, { id_device: d, id_user: sibUser });
    expect(busy.statusCode).toBe(409);
    // and never sees or steps the sub-organization's transaction
    expect((await call('GET', `events/${id}`, siblingAdmin)).statusCode).toBe(404);
    expect((await call('POST', `events/${id}/pickup`, siblingAdmin, {})).statusCode).toBe(404);
    expect((await call('PATCH', `events/${id}/cancel`, siblingAdmin, {})).statusCode).toBe(404);
    // nor the sub-organization's own doors
    const kidLoc = (
      await t.database.db
        .insert(locations)
        .values({ organizationId: kidId, name: 'Kid corner', address: '3 Kid St' })
        .returning()
    )[0]!.id;
    const kidDoor = await door(kidId, kidLoc);
    const foreign = await call('POST', 'events/storage', siblingAdmin, {
      id_device: kidDoor,
      id_user: sibUser,
    });
    expect(foreign.statusCode).toBe(404);
    // an organization outside the family cannot use the shared door either
    const free = await door(parentId, sharedLoc);
    const strangerUser = await user((await orgOf('strangers')).id, 'Stan');
    expect(
      (await call('POST', 'events/storage', strangerAdmin, { id_device: free, id_user: strangerUser }))
        .statusCode,
    ).toBe(404);
    // the operator ends it from the sub-organization's console: the parent's door is free again
    expect((await call('PATCH', 'events', kidAdmin, { ids: [id] })).statusCode).toBe(200);
    expect((await parentDoor(d)).status).toBe('available');
  });

  it("refuses the parent's unshared doors and every change of the parent's door", async () => {
    const hidden = await door(parentId, privateLoc);
    const ada = await user(kidId, 'Cy');
    const res = await call('POST', 'events/storage', kidKey, { id_device: hidden, id_user: ada });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(M.deviceNotFound);

    const d = await door(parentId, sharedLoc);
    // a body the sub-organization could save on a door of its own: the door itself is not found
    const kidLoc = (
      await t.database.db
        .insert(locations)
        .values({ organizationId: kidId, name: 'Kid desk', address: '4 Kid St' })
        .returning()
    )[0]!.id;
    const size = (await call('POST', 'sizes', kidAdmin, { name: 'S', width: 1, depth: 1, height: 1 })).json();
    const edit = {
      name: 'Mine now',
      locker_number: 999,
      mode: 'storage',
      status: 'maintenance',
      hardware_type: 'virtual',
      id_location: kidLoc,
      id_size: size.id,
    };
    expect((await call('PUT', `devices/${d}`, kidAdmin, edit)).statusCode).toBe(404);
    expect(
      (await call('PATCH', 'devices', kidAdmin, { id_devices: [d], device: { status: 'maintenance' } }))
        .statusCode,
    ).toBe(404);
    expect((await call('PATCH', 'devices/unlock', kidAdmin, { ids: [d] })).statusCode).toBe(404);
    expect(await parentDoor(d)).toMatchObject({ status: 'available', lock_status: 'locked' });

    // rental and vending doors hold the parent's stock
    const rental = await door(parentId, sharedLoc, 'rental');
    const r = await call('POST', 'events/rental', kidKey, { id_device: rental, id_user: ada });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toBe(M.sharedDoorMode);
  });

  it("respects the parent's reservations on a shared door", async () => {
    const d = await door(parentId, sharedLoc);
    const reserved = await call('POST', 'reservations', parentAdmin, {
      mode: 'storage',
      tracking_number: 'HUB-1',
      id_device: d,
      id_location: sharedLoc,
      id_user: await user(parentId, 'Rita'),
      start_date: new Date(Date.now() - 60_000).toISOString(),
      end_date: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(reserved.statusCode).toBe(200);
    const res = await call('POST', 'events/storage', kidKey, {
      id_device: d,
      id_user: await user(kidId, 'Di'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(RESERVATION_MESSAGES.reservedForAnother);
    expect((await parentDoor(d)).status).toBe('available');
  });

  it('a transaction under way finishes after the location stops being shared', async () => {
    const d = await door(parentId, sharedLoc);
    const res = await call('POST', 'events/storage', kidKey, {
      id_device: d,
      id_user: await user(kidId, 'Ed'),
    });
    expect(res.statusCode).toBe(200);
    await t.database.db.update(locations).set({ shared: false }).where(eq(locations.id, sharedLoc));
    try {
      // a new one cannot start there now
      const other = await door(parentId, sharedLoc);
      const refused = await call('POST', 'events/storage', kidKey, {
        id_device: other,
        id_user: await user(kidId, 'Flo'),
      });
      expect(refused.statusCode).toBe(404);
      const pick = await call('POST', `events/${res.json().event.id}/pickup`, kidKey, {});
      expect(pick.statusCode).toBe(200);
      expect((await parentDoor(d)).status).toBe('available');
    } finally {
      await t.database.db.update(locations).set({ shared: true }).where(eq(locations.id, sharedLoc));
    }
  });

  it("opens the door with its location's lock settings, which are the parent's", async () => {
    const [loc] = await t.database.db
      .insert(locations)
      .values({ organizationId: parentId, name: 'Flaky Hub', address: '5 Hub St', shared: true })
      .returning();
    // the parent's bridge for this location never answers
    await t.database.db
      .insert(locationLockSettings)
      .values({ organizationId: parentId, idLocation: loc!.id, virtualOfflineRate: 1 });
    const d = await door(parentId, loc!.id);
    const res = await call('POST', 'events/storage', kidKey, {
      id_device: d,
      id_user: await user(kidId, 'Gus'),
    });
    expect(res.statusCode).toBe(502);
    // nothing was kept: the door stays available, no transaction of the sub-organization holds it
    expect((await parentDoor(d)).status).toBe('available');
    expect(await t.database.db.select().from(transactions).where(eq(transactions.idDevice, d))).toEqual([]);
  });

  it('a delivery into a shared door: held, dropped off, picked up with the code', async () => {
    const d = await door(parentId, sharedLoc, 'delivery');
    const created = await call('POST', 'event/delivery', kidAdmin, {
      id_device: d,
      phone_number: '+14155550188',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().event.id;
    expect((await parentDoor(d)).status).toBe('reserved');
    expect((await call('POST', `delivery/${id}/dropoff`, kidKey, {})).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, id));
    const pick = await call('POST', `events/${id}/pickup`, kidKey, { code: row!.pickupCode });
    expect(pick.statusCode).toBe(200);
    expect((await parentDoor(d)).status).toBe('available');
  });
});

async function orgOf(subdomain: string) {
  const [o] = await t.database.db.select().from(organizations).where(eq(organizations.subdomain, subdomain));
  return o!;
}
