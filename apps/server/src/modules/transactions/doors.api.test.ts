import { DEVICE_MESSAGES } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  demoOrg,
  insertHourlyPrice,
  one,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { createLockAdapter, createVirtualDriver, type LockTarget } from '../../adapters/locks';
import { type ChargeGateway, sandboxCharges } from '../../adapters/payments/charges';
import { devices, transactions, users } from '../../db/schema';

/** A lock latency the test ends itself: the virtual lock waits until `release()` (no real 5 s wait). */
function controllableDelay() {
  const asked: number[] = [];
  let release!: () => void;
  let started!: () => void;
  let running = new Promise<void>((r) => {
    started = r;
  });
  let gate = new Promise<void>((r) => {
    release = r;
  });
  return {
    asked,
    get running() {
      return running;
    },
    release: () => release(),
    /** Arms the next wait. */
    reset() {
      asked.length = 0;
      running = new Promise<void>((r) => {
        started = r;
      });
      gate = new Promise<void>((r) => {
        release = r;
      });
    },
    delay: async (ms: number, _t: LockTarget) => {
      asked.push(ms);
      started();
      await gate;
    },
  };
}

type H = Record<string, string>;
let t: TestApp;
let admin: H;
let key: H;
let orgId: string;
let loc: string;
let sizeId: string;
let hourPrice: string;
let userId: string;
const slow = controllableDelay();
/** Every charge the gateway was asked for (by idempotency key). */
const charged: string[] = [];
const charges: ChargeGateway = {
  kind: 'test',
  charge: async (req) => {
    charged.push(req.idempotencyKey);
    return sandboxCharges.charge(req);
  },
  refund: sandboxCharges.refund,
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: H = admin) =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const lockSettings = (body: object) => call('PUT', `locations/${loc}/lock-settings`, body);
const timeline = async (id: string) =>
  (await call('GET', `devices/${id}/unlocks`)).json().items as Array<{
    state: string;
    reason: string;
  }>;
const transactionOf = async (id: string) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

let nextNumber = 900;
const storageDoor = async () => {
  const res = await call('POST', 'devices', {
    name: `Door ${nextNumber}`,
    locker_number: nextNumber++,
    mode: 'storage',
    status: 'available',
    hardware_type: 'virtual',
    id_location: loc,
    id_size: sizeId,
    id_price: hourPrice,
  });
  if (res.statusCode !== 200) throw new Error(`device: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
};

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    charges,
    locks: createLockAdapter({
      drivers: { virtual: createVirtualDriver({ delay: slow.delay }) },
      openTimeoutMs: 500,
      pollMs: 20,
    }),
  });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  key = { 'x-api-key': (await call('POST', 'api-keys')).json().key };
  sizeId = (await call('POST', 'sizes', { name: 'M', width: 10, depth: 10, height: 10 })).json().id;
  loc = (
    await call('POST', 'locations', {
      name: 'Door Street',
      address: 'Door Street 1',
      contact_email: 'desk@x.test',
      contact_phone: '+15551234567',
    })
  ).json().id;
  hourPrice = await insertHourlyPrice(t.database.db, orgId);
  [{ id: userId }] = await one(
    t.database.db
      .insert(users)
      .values({ organizationId: orgId, name: 'Grace', email: 'grace@x.test' })
      .returning(),
  );
});
afterAll(() => t?.close());

describe('doors of transaction steps open outside the database transaction', () => {
  it('a 5 s lock delay during a pickup holds no row: the same device is edited meanwhile', async () => {
    const door = await storageDoor();
    const started = await call('POST', 'events/storage', { id_device: door, id_user: userId }, key);
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().event.id as string;
    await t.database.db
      .update(transactions)
      .set({ startedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(transactions.id, id));
    expect((await lockSettings({ virtual_latency_ms: 5000 })).statusCode).toBe(200);
    slow.reset();
    charged.length = 0;

    const pickup = call('POST', `events/${id}/pickup`, {}, key);
    await slow.running;
    expect(slow.asked).toEqual([5000]);
    // the lock is being called: its intent is committed, the step is not written, nothing charged
    expect((await timeline(door))[0]).toMatchObject({ state: 'sent', reason: 'Transaction pickup' });
    expect(await transactionOf(id)).toMatchObject({ status: 'in_progress', paymentStatus: 'none' });
    expect(charged).toEqual([]);
    // and no row is held: an edit of the same device (reserved, so not through the console, which
    // refuses to edit a reserved door) and of the transaction completes before the lock answers
    const renamed = await t.database.db
      .update(devices)
      .set({ name: 'Renamed during pickup' })
      .where(eq(devices.id, door))
      .returning({ id: devices.id });
    expect(renamed).toHaveLength(1);
    await t.database.db.update(transactions).set({ email: 'grace@y.test' }).where(eq(transactions.id, id));
    slow.release();

    const done = await pickup;
    expect(done.statusCode, done.body).toBe(200);
    expect(await transactionOf(id)).toMatchObject({
      status: 'finished',
      paymentStatus: 'succeeded',
      total: '10.00',
    });
    expect(charged).toEqual([`${id}:pickup`]);
    const [d] = await t.database.db.select().from(devices).where(eq(devices.id, door));
    expect(d).toMatchObject({ name: 'Renamed during pickup', status: 'available', lockStatus: 'open' });
    expect((await timeline(door))[0]).toMatchObject({ state: 'opened' });
    await lockSettings({});
  });

  it('a start whose door stays shut keeps nothing: no transaction, the door still available', async () => {
    const door = await storageDoor();
    await lockSettings({ virtual_offline_rate: 1 });
    const before = (await t.database.db.select().from(transactions)).length;
    const res = await call('POST', 'events/storage', { id_device: door, id_user: userId }, key);
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toBe(DEVICE_MESSAGES.unreachable);
    expect((await t.database.db.select().from(transactions)).length).toBe(before);
    const [d] = await t.database.db.select().from(devices).where(eq(devices.id, door));
    expect(d!.status).toBe('available');
    expect((await timeline(door))[0]).toMatchObject({ state: 'offline', reason: 'Transaction start' });
    await lockSettings({});
  });

  it('a pickup whose door stays shut charges nothing and leaves the transaction in progress', async () => {
    const door = await storageDoor();
    const id = (await call('POST', 'events/storage', { id_device: door, id_user: userId }, key)).json().event
      .id;
    await t.database.db
      .update(transactions)
      .set({ startedAt: new Date(Date.now() - 3600_000) })
      .where(eq(transactions.id, id));
    await lockSettings({ virtual_offline_rate: 1 });
    charged.length = 0;
    const res = await call('POST', `events/${id}/pickup`, {}, key);
    expect(res.statusCode).toBe(502);
    expect(charged).toEqual([]);
    expect(await transactionOf(id)).toMatchObject({
      status: 'in_progress',
      paymentStatus: 'none',
      deviceHeld: true,
    });
    await lockSettings({});
    // the failed attempt marked the virtual lock offline; back on line it opens
    expect((await call('PATCH', `devices/${door}/virtual-lock`, { online: true })).statusCode).toBe(200);
    expect((await call('POST', `events/${id}/pickup`, {}, key)).statusCode).toBe(200);
    expect(charged).toEqual([`${id}:pickup`]);
  });

  it('a start and a pickup take two database transactions each: the door decided, then the step', async () => {
    const door = await storageDoor();
    const db = t.database.db;
    const transaction = db.transaction.bind(db);
    let opened = 0;
    db.transaction = ((fn, config) => {
      opened += 1;
      return transaction(fn, config);
    }) as typeof db.transaction;
    try {
      const started = await call('POST', 'events/storage', { id_device: door, id_user: userId }, key);
      expect(started.statusCode, started.body).toBe(200);
      // the promise of the door with its unlock and invoice number; the lock's answer with the step
      // and the answer's read
      expect(opened).toBe(2);
      opened = 0;
      const id = started.json().event.id as string;
      const picked = await call('POST', `events/${id}/pickup`, {}, key);
      expect(picked.statusCode, picked.body).toBe(200);
      expect(picked.json().event).toMatchObject({ id, event_status: 'finished' });
      expect(opened).toBe(2);
    } finally {
      db.transaction = transaction;
    }
    expect((await timeline(door)).map((u) => u.state)).toEqual(['opened', 'opened']);
  });
});
