import { CSV_MESSAGES, DEVICE_MESSAGES, LOCK_MESSAGES, MSG } from '@lockerops/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
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
import { multipartBody } from '../../../test/multipart';
import { devices, organizations, prices } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let member: { authorization: string };
let orgId: string;
let locA: string;
let locB: string;
let sizeId: string;
let timePrice: string;
let weightPrice: string;

type H = { authorization: string };
const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: H = admin,
) =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let nextNumber = 100;
const base = (over: Record<string, unknown> = {}) => ({
  name: `Door ${nextNumber}`,
  locker_number: nextNumber++,
  mode: 'storage',
  status: 'available',
  hardware_type: 'virtual',
  id_location: locA,
  id_size: sizeId,
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await inject('POST', 'devices', base(over));
  if (res.statusCode !== 200) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; lock_status: string; status: string };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  const loc = (name: string) =>
    inject('POST', 'locations', {
      name,
      address: `${name} Road 1`,
      contact_email: 'desk@x.test',
      contact_phone: '+15551234567',
    });
  locA = (await loc('Dock A')).json().id;
  locB = (await loc('Dock B')).json().id;
  sizeId = (await inject('POST', 'sizes', { name: 'M', width: 10, depth: 10, height: 10 })).json().id;
  const [p1, p2] = await t.database.db
    .insert(prices)
    .values([
      {
        organizationId: orgId,
        name: 'Hourly',
        priceType: 'pay_per_time',
        amount: '2.00',
        unitAmount: 1,
        unit: 'hour',
      },
      { organizationId: orgId, name: 'Per lb', priceType: 'pay_per_weight', amount: '1.50', unit: 'lb' },
    ])
    .returning();
  timePrice = p1!.id;
  weightPrice = p2!.id;
});
afterAll(() => t.close());

describe('devices: create and the rules of spec §5 Device', () => {
  it('creates a virtual device with its location, size and lock status', async () => {
    const res = await inject(
      'POST',
      'devices',
      base({ name: 'First', locker_number: 1, id_price: timePrice }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'First',
      locker_number: 1,
      status: 'available',
      lock_status: 'locked',
      location: { id: locA, name: 'Dock A', shared: false },
      size: { id: sizeId, name: 'M' },
      price: { id: timePrice, amount: 2, price_type: 'pay_per_time' },
      restriction: { restriction_type: null, items: [] },
    });
  });

  it('answers the required-field messages', async () => {
    const res = await inject('POST', 'devices', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(
      expect.arrayContaining([
        DEVICE_MESSAGES.nameRequired,
        DEVICE_MESSAGES.lockerNumberRequired,
        DEVICE_MESSAGES.modeRequired,
        DEVICE_MESSAGES.statusRequired,
        DEVICE_MESSAGES.hardwareRequired,
        DEVICE_MESSAGES.locationRequired,
      ]),
    );
  });

  it('refuses locker numbers that are not integers of at most 7 digits', async () => {
    for (const n of [12345678, 1.5, 'abc', -1]) {
      const res = await inject('POST', 'devices', base({ locker_number: n }));
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(DEVICE_MESSAGES.lockerNumberUnsupported);
    }
    expect((await inject('POST', 'devices', base({ locker_number: 9999999 }))).statusCode).toBe(200);
  });

  it('needs a size unless the mode is rental or vending, and a price when price is required', async () => {
    expect((await inject('POST', 'devices', base({ id_size: null }))).json().detail).toBe(
      DEVICE_MESSAGES.sizeRequired,
    );
    expect((await inject('POST', 'devices', base({ id_size: null, mode: 'rental' }))).statusCode).toBe(200);
    expect((await inject('POST', 'devices', base({ price_required: true }))).json().detail).toBe(
      DEVICE_MESSAGES.priceRequired,
    );
    const vending = await inject(
      'POST',
      'devices',
      base({ mode: 'vending', id_price: timePrice, price_required: true }),
    );
    expect(vending.statusCode).toBe(200);
    expect(vending.json()).toMatchObject({ id_price: null, price_required: false });
  });

  it('keeps service mode on pay-per-weight prices and the reverse', async () => {
    const a = await inject('POST', 'devices', base({ mode: 'service', id_price: timePrice }));
    expect(a.statusCode).toBe(400);
    expect(a.json().detail).toBe(DEVICE_MESSAGES.serviceWeightOnly);
    const b = await inject('POST', 'devices', base({ mode: 'storage', id_price: weightPrice }));
    expect(b.json().detail).toBe(DEVICE_MESSAGES.weightNeedsService);
    expect(
      (await inject('POST', 'devices', base({ mode: 'service', id_price: weightPrice }))).statusCode,
    ).toBe(200);
  });

  it('keeps require_image only for rental mode', async () => {
    expect((await create({ require_image: true })) as unknown as { require_image: boolean }).toMatchObject({
      require_image: false,
    });
    expect((await create({ mode: 'rental', require_image: true })) as unknown as object).toMatchObject({
      require_image: true,
    });
  });

  it.each([
    ['linka', { mac_address: 'AA:BB:CC:DD:EE' }, DEVICE_MESSAGES.macFormat],
    ['linka', {}, DEVICE_MESSAGES.macFormat],
    ['spintly', {}, DEVICE_MESSAGES.integrationIdRequired],
    ['spintly', { integration_id: 'x1' }, DEVICE_MESSAGES.integrationIdInteger],
    ['ojmar', { locker_udn: 'U1', user_code: '123', master_code: '123456' }, DEVICE_MESSAGES.userCode],
    ['ojmar', { locker_udn: 'U1', user_code: '1234', master_code: '12345' }, DEVICE_MESSAGES.masterCode],
    ['ojmar', { user_code: '1234', master_code: '123456' }, DEVICE_MESSAGES.lockerUdnRequired],
    ['gantner', {}, DEVICE_MESSAGES.gantnerIdRequired],
    ['harbor', { harbor_locker_id: 'L' }, DEVICE_MESSAGES.harborTowerRequired],
    ['harbor', { harbor_tower_id: 'T' }, DEVICE_MESSAGES.harborLockerRequired],
    ['dclock', { dclock_box_no: '1' }, DEVICE_MESSAGES.dclockTerminalRequired],
    ['dclock', { dclock_terminal_no: '1' }, DEVICE_MESSAGES.dclockBoxRequired],
    ['kerong', {}, DEVICE_MESSAGES.circuitUnitRequired],
    ['headleader', { headboard: 26, port: 1 }, DEVICE_MESSAGES.headboard],
    ['headleader', { headboard: 0, port: 1 }, DEVICE_MESSAGES.headboard],
    ['headleader', { headboard: 3, port: 9 }, DEVICE_MESSAGES.port],
  ])('%s with %j answers its message', async (hardware_type, fields, message) => {
    const res = await inject('POST', 'devices', base({ hardware_type, ...fields }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
  });

  it("lets only an admin point a device's ip (its lock bridge) somewhere", async () => {
    const kerong = { hardware_type: 'kerong', circuit_unit: '1', board_unit: '1', hook_port: '2' };
    const refused = await inject('POST', 'devices', base({ ...kerong, ip: '127.0.0.1:22' }), member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(DEVICE_MESSAGES.ipAdminOnly);
    const mine = await inject('POST', 'devices', base(kerong), member);
    expect(mine.statusCode).toBe(200);
    const put = (ip: string | null, who: H) =>
      inject(
        'PUT',
        `devices/${mine.json().id}`,
        { ...base(kerong), locker_number: mine.json().locker_number, ip },
        who,
      );
    expect((await put('169.254.169.254:80', member)).statusCode).toBe(403);
    const set = await put('10.0.0.5:4001', admin);
    expect(set.statusCode).toBe(200);
    expect(set.json().ip).toBe('10.0.0.5:4001');
    // a member may keep it while editing other fields, or clear it, not change it
    expect((await put('10.0.0.5:4001', member)).statusCode).toBe(200);
    expect((await put('10.0.0.6:4001', member)).statusCode).toBe(403);
    expect((await put(null, member)).statusCode).toBe(200);
  });

  it('stores only the fields of its hardware type', async () => {
    const res = await inject(
      'POST',
      'devices',
      base({
        hardware_type: 'linka',
        mac_address: 'aa:bb:cc:dd:ee:ff',
        gantner_id: 'G-1',
        headboard: 3,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mac_address: 'AA:BB:CC:DD:EE:FF', gantner_id: null, headboard: null });
    const h = await inject(
      'POST',
      'devices',
      base({ hardware_type: 'headleader', headboard: '25', port: '8' }),
    );
    expect(h.json()).toMatchObject({ headboard: 25, port: 8 });
  });

  it('answers 404 for a location, size or price of another organization', async () => {
    const other = await createOrganization(t, 'devco');
    await createMember(t, other.id, { email: 'boss@devco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@devco.test', undefined, 'devco.localhost'));
    const theirLoc = (
      await inject(
        'POST',
        'locations',
        { name: 'Theirs', address: '9 Their St', contact_email: 'a@b.test', contact_phone: '5551234567' },
        theirs,
      )
    ).json().id;
    const r = await inject('POST', 'devices', base({ id_location: theirLoc }));
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toBe(DEVICE_MESSAGES.locationNotFound);
    const mine = await create();
    expect((await inject('GET', `devices/${mine.id}`, undefined, theirs)).statusCode).toBe(404);
    expect((await inject('PUT', `devices/${mine.id}`, base(), theirs)).statusCode).toBe(404);
    expect((await inject('DELETE', 'devices', { ids: [mine.id] }, theirs)).statusCode).toBe(404);
    expect((await inject('PATCH', 'devices/unlock', { ids: [mine.id] }, theirs)).statusCode).toBe(404);
    expect((await inject('PATCH', 'devices/maintain-all', { ids: [mine.id] }, theirs)).statusCode).toBe(404);
    expect((await inject('GET', `device-logs/${mine.id}`, undefined, theirs)).statusCode).toBe(404);
  });

  it("refuses another organization's product and a product already in a device", async () => {
    const theirOrg = await createOrganization(t, 'prodco');
    await createMember(t, theirOrg.id, { email: 'boss@prodco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@prodco.test', undefined, 'prodco.localhost'));
    const theirProduct = (await inject('POST', 'products', { name: 'Their drill' }, theirs)).json().id;
    const foreign = await inject(
      'POST',
      'devices',
      base({ mode: 'rental', id_size: null, id_product: theirProduct }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(DEVICE_MESSAGES.productNotFound);
    const product = (await inject('POST', 'products', { name: 'Our drill' })).json().id;
    const first = await inject(
      'POST',
      'devices',
      base({ mode: 'rental', id_size: null, id_product: product, locker_number: 9101 }),
    );
    expect(first.statusCode).toBe(200);
    const second = await inject(
      'POST',
      'devices',
      base({ mode: 'rental', id_size: null, id_product: product, locker_number: 9102 }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(DEVICE_MESSAGES.productInAnotherDevice);
  });
});

describe('devices: locker number unique within a location', () => {
  it('refuses a taken number in the same location and accepts it elsewhere', async () => {
    await create({ locker_number: 500 });
    const dup = await inject('POST', 'devices', base({ locker_number: 500 }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(DEVICE_MESSAGES.lockerNumberInUse);
    expect(
      (await inject('POST', 'devices', base({ locker_number: 500, id_location: locB }))).statusCode,
    ).toBe(200);
  });

  it('lets only one of two concurrent creates win', async () => {
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => inject('POST', 'devices', base({ locker_number: 777, name: 'Race' }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().detail).toBe(DEVICE_MESSAGES.lockerNumberInUse);
  });

  it("keeps its own number on update, refuses another device's", async () => {
    const a = await create({ locker_number: 601 });
    await create({ locker_number: 602 });
    expect(
      (await inject('PUT', `devices/${a.id}`, base({ locker_number: 601, name: 'Renamed' }))).statusCode,
    ).toBe(200);
    const clash = await inject('PUT', `devices/${a.id}`, base({ locker_number: 602 }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe(DEVICE_MESSAGES.lockerNumberInUse);
  });
});

describe('devices: organization hardware and mode flags', () => {
  it('answers the modes and hardware types the organization may use', async () => {
    const modes = (await inject('GET', 'types/device/mode')).json().items;
    expect(modes.map((m: { value: string }) => m.value)).toEqual([
      'rental',
      'storage',
      'delivery',
      'service',
      'vending',
    ]);
    expect(modes[0]).toEqual({ value: 'rental', label: 'Asset' });
    const hw = (await inject('GET', 'types/device/hardware'))
      .json()
      .items.map((h: { value: string }) => h.value);
    expect(hw).toContain('virtual');
    expect(hw).toContain('gantner');
  });

  it('refuses hardware and modes whose flags are off, and limits an ojmar-only organization to ojmar', async () => {
    const org = await createOrganization(t, 'ojmarco');
    await t.database.db
      .update(organizations)
      .set({
        linkaHardware: false,
        gantnerHardware: false,
        harborHardware: false,
        dclockHardware: false,
        spintlyHardware: false,
        kerongHardware: false,
        headleaderHardware: false,
        vendingMode: false,
      })
      .where(eq(organizations.id, org.id));
    await createMember(t, org.id, { email: 'boss@ojmarco.test' });
    const h = bearer(await signIn(t.app, 'boss@ojmarco.test', undefined, 'ojmarco.localhost'));
    expect((await inject('GET', 'types/device/hardware', undefined, h)).json().items).toEqual([
      { value: 'ojmar', label: 'Ojmar' },
    ]);
    expect((await inject('GET', 'types/device/mode', undefined, h)).json().items).not.toContainEqual(
      expect.objectContaining({ value: 'vending' }),
    );
    const loc = (
      await inject(
        'POST',
        'locations',
        { name: 'O', address: '9 O St', contact_email: 'a@b.test', contact_phone: '5551234567' },
        h,
      )
    ).json().id;
    const v = await inject('POST', 'devices', base({ id_location: loc, id_size: null, mode: 'rental' }), h);
    expect(v.statusCode).toBe(400);
    expect(v.json().detail).toBe(DEVICE_MESSAGES.hardwareNotEnabled('virtual'));
    const m = await inject(
      'POST',
      'devices',
      base({
        id_location: loc,
        id_size: null,
        mode: 'vending',
        hardware_type: 'ojmar',
        locker_udn: 'U',
        user_code: '1234',
        master_code: '123456',
      }),
      h,
    );
    expect(m.statusCode).toBe(400);
    expect(m.json().detail).toBe(DEVICE_MESSAGES.modeNotEnabled('vending'));
  });
});

describe('devices: maintenance', () => {
  it('flips one device between available and maintenance, with the spec messages', async () => {
    const d = await create();
    const on = await inject('PATCH', 'devices/maintain-all?disable=true', { ids: [d.id] });
    expect(on.statusCode).toBe(200);
    expect(on.json().detail).toBe(DEVICE_MESSAGES.nowMaintenance);
    expect((await inject('GET', `devices/${d.id}`)).json().status).toBe('maintenance');
    const off = await inject('PATCH', 'devices/maintain-all?disable=false', [d.id]);
    expect(off.json().detail).toBe(DEVICE_MESSAGES.nowAvailable);
    const toggle = await inject('PATCH', 'devices/maintain-all', { ids: [d.id] });
    expect(toggle.json().detail).toBe(DEVICE_MESSAGES.nowMaintenance);
  });

  it('updates many at once and refuses a reserved device with nothing changed', async () => {
    const a = await create();
    const b = await create();
    const many = await inject('PATCH', 'devices/maintain-all?disable=true', { ids: [a.id, b.id] });
    expect(many.json()).toMatchObject({ detail: DEVICE_MESSAGES.maintenanceUpdated });
    expect(many.json().updated).toHaveLength(2);
    const r = await create();
    await t.database.db.update(devices).set({ status: 'reserved' }).where(eq(devices.id, r.id));
    await inject('PATCH', 'devices/maintain-all?disable=false', { ids: [a.id] });
    const refused = await inject('PATCH', 'devices/maintain-all?disable=true', { ids: [a.id, r.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(DEVICE_MESSAGES.reservedMaintenance);
    expect((await inject('GET', `devices/${a.id}`)).json().status).toBe('available');
    const put = await inject('PUT', `devices/${r.id}`, {
      ...base({ status: 'maintenance' }),
      locker_number: undefined,
    });
    expect(put.statusCode).toBe(400);
  });

  it('refuses a reserved device going to maintenance through an update', async () => {
    const r = await create({ locker_number: 4242 });
    await t.database.db.update(devices).set({ status: 'reserved' }).where(eq(devices.id, r.id));
    const res = await inject('PUT', `devices/${r.id}`, base({ locker_number: 4242, status: 'maintenance' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(DEVICE_MESSAGES.reservedMaintenance);
  });

  it('refuses any edit of a reserved device', async () => {
    const r = await create({ locker_number: 4343 });
    await t.database.db.update(devices).set({ status: 'reserved' }).where(eq(devices.id, r.id));
    const res = await inject(
      'PUT',
      `devices/${r.id}`,
      base({ locker_number: 4343, name: 'Renamed', status: 'reserved' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(DEVICE_MESSAGES.reservedNotEditable);
  });

  it('is for admins only', async () => {
    const d = await create();
    expect((await inject('PATCH', 'devices/maintain-all', { ids: [d.id] }, member)).statusCode).toBe(403);
    expect((await inject('PATCH', 'devices/unlock', { ids: [d.id] }, member)).statusCode).toBe(403);
    expect((await inject('DELETE', 'devices', { ids: [d.id] }, member)).statusCode).toBe(403);
  });
});

describe('devices: unlock through the lock adapter', () => {
  it('opens a virtual lock and records it in the history log', async () => {
    const d = await create();
    const res = await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: DEVICE_MESSAGES.unlocked, updated: [d.id], failed: [] });
    expect((await inject('GET', `devices/${d.id}`)).json().lock_status).toBe('open');
    const logs = (await inject('GET', `device-logs/${d.id}`)).json().items;
    expect(logs[0]).toMatchObject({
      log_type: 'unlock',
      actor_name: expect.any(String),
      changes: { lock_status: { before: 'locked', after: 'open' } },
    });
    expect(logs.at(-1).log_type).toBe('create');
  });

  it('shows the steps of the transactions held on the device with their invoice number', async () => {
    const d = await create({ mode: 'delivery' });
    const created = await inject('POST', 'event/delivery', {
      id_device: d.id,
      phone_number: '1 415 555 0199',
    });
    expect(created.statusCode, created.body).toBe(200);
    const invoice = created.json().event.invoice_id as string;
    const logs = (await inject('GET', `device-logs/${d.id}`)).json().items as Array<{
      log_type: string;
      event: { invoice_id: string | null } | null;
    }>;
    const steps = logs.filter((l) => l.event);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((l) => l.event?.invoice_id === invoice)).toBe(true);
    expect(logs.some((l) => l.log_type === 'create' && l.event === null)).toBe(true);
  });

  it('answers "Unable to reach lock" (502) when the virtual lock is offline, and opens again once online', async () => {
    const d = await create();
    const off = await inject('PATCH', `devices/${d.id}/virtual-lock`, { online: false });
    expect(off.json().lock_status).toBe('offline');
    const res = await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toBe(DEVICE_MESSAGES.unreachable);
    const logs = (await inject('GET', `device-logs/${d.id}`)).json().items;
    expect(logs[0].log_type).toBe('unlock_failed');
    await inject('PATCH', `devices/${d.id}/virtual-lock`, { online: true });
    expect((await inject('PATCH', 'devices/unlock', { ids: [d.id] })).statusCode).toBe(200);
    const status = await inject('GET', `devices/${d.id}/lock-status`);
    expect(status.json().lock_status).toBe('open');
  });

  it('refuses a gantner lock whose status is unknown or offline (409), and an unconfigured cloud vendor answers 409 naming its settings', async () => {
    const g = await create({ hardware_type: 'gantner', gantner_id: 'G-7' });
    await t.database.db.update(devices).set({ lockStatus: 'unknown' }).where(eq(devices.id, g.id));
    const res = await inject('PATCH', 'devices/unlock', { ids: [g.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(DEVICE_MESSAGES.unreachable);
    const l = await create({ hardware_type: 'linka', mac_address: 'AA:BB:CC:DD:EE:01' });
    // a cloud vendor without its settings says which settings to fill, and its lock is not marked offline
    const lr = await inject('PATCH', 'devices/unlock', { ids: [l.id] });
    expect(lr.statusCode).toBe(409);
    expect(lr.json().detail).toBe(
      LOCK_MESSAGES.notConfigured(
        'Linka',
        "the organization's Linka API base URL, API Key and Secret Key (Settings, Lock Vendors)",
      ),
    );
    expect((await inject('GET', `devices/${l.id}`)).json().lock_status).toBe('locked');
  });

  it('unlocks the selected devices and lists the failures', async () => {
    const a = await create();
    const g = await create({ hardware_type: 'gantner', gantner_id: 'G-8' });
    await t.database.db.update(devices).set({ lockStatus: 'offline' }).where(eq(devices.id, g.id));
    const res = await inject('PATCH', 'devices/unlock', { ids: [a.id, g.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: DEVICE_MESSAGES.unlockSent,
      updated: [a.id],
      failed: [{ id: g.id, detail: DEVICE_MESSAGES.unreachable }],
    });
  });

  it('only switches virtual locks on and off line', async () => {
    const l = await create({ hardware_type: 'gantner', gantner_id: 'G-9' });
    const res = await inject('PATCH', `devices/${l.id}/virtual-lock`, { online: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(DEVICE_MESSAGES.notVirtual);
  });
});

describe('devices: list, bulk edit, export, CSV', () => {
  it('lists sorted by locker number, filtered by status and location', async () => {
    const res = (await inject('GET', `devices?id_location=${locB}&size=100`)).json();
    expect(res.items.length).toBeGreaterThan(0);
    expect(res.items.every((d: { id_location: string }) => d.id_location === locB)).toBe(true);
    const all = (await inject('GET', 'devices?size=1000'))
      .json()
      .items.map((d: { locker_number: number }) => d.locker_number);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    const maint = (await inject('GET', 'devices?by_status=maintenance&size=1000')).json().items;
    expect(maint.every((d: { status: string }) => d.status === 'maintenance')).toBe(true);
  });

  it('bulk edits, skipping reserved devices and rule breakers', async () => {
    const a = await create();
    const b = await create();
    const r = await create();
    await t.database.db.update(devices).set({ status: 'reserved' }).where(eq(devices.id, r.id));
    const res = await inject('PATCH', 'devices', {
      id_devices: [a.id, b.id, r.id],
      device: { mode: 'service', id_price: weightPrice, status: 'maintenance' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated.sort()).toEqual([a.id, b.id].sort());
    expect(res.json().failed).toEqual([{ id: r.id, detail: DEVICE_MESSAGES.reservedNotEditable }]);
    expect((await inject('GET', `devices/${a.id}`)).json()).toMatchObject({
      mode: 'service',
      status: 'maintenance',
    });
    const bad = await inject('PATCH', 'devices', { id_devices: [a.id], device: { mode: 'storage' } });
    expect(bad.json().failed).toEqual([{ id: a.id, detail: DEVICE_MESSAGES.weightNeedsService }]);
    // a product goes into one door only: the first device takes it, the others fail with the reason
    const drill = (await inject('POST', 'products', { name: 'Bulk drill' })).json().id;
    const r1 = await create({ mode: 'rental', id_size: null });
    const r2 = await create({ mode: 'rental', id_size: null });
    const stocked = await inject('PATCH', 'devices', {
      id_devices: [r1.id, r2.id],
      device: { id_product: drill },
    });
    expect(stocked.json().updated).toHaveLength(1);
    expect(stocked.json().failed).toEqual([
      { id: expect.any(String), detail: DEVICE_MESSAGES.productInAnotherDevice },
    ]);
    const holder = stocked.json().updated[0];
    expect((await inject('GET', `devices/${holder}`)).json().id_product).toBe(drill);
    const none = await inject('PATCH', 'devices', { id_devices: [], device: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe(DEVICE_MESSAGES.selectOne);
  });

  it('exports everything with nothing selected, refuses a selection of mixed hardware types', async () => {
    const all = await inject('GET', 'devices/export');
    expect(all.statusCode).toBe(200);
    const allRows = parse(all.body, { columns: true }) as Array<Record<string, string>>;
    expect(allRows.length).toBe(Number(all.headers['x-export-count']));
    const types = new Set(allRows.map((r) => r.hardware_type));
    expect(types.size).toBeGreaterThan(1);
    const list = (await inject('GET', 'devices?size=200')).json().items as Array<{
      id: string;
      hardware_type: string;
    }>;
    const virtual = list.find((d) => d.hardware_type === 'virtual')!;
    const other = list.find((d) => d.hardware_type !== 'virtual')!;
    const mixed = await inject('GET', `devices/export?ids=${virtual.id},${other.id}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().detail).toBe(DEVICE_MESSAGES.mixedHardware);
    const same = await inject('GET', `devices/export?ids=${virtual.id}`);
    expect(same.statusCode).toBe(200);
    expect(same.headers['x-export-count']).toBe('1');
    const ok = await inject('GET', 'devices/export?hardware_type=virtual');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toContain('device_export.csv');
    const rows = parse(ok.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBe(Number(ok.headers['x-export-count']));
    expect(Object.keys(rows[0]!)).toContain('locker_number');
  });

  it('uploads a CSV with per-row results, and the export uploads again', async () => {
    const header = 'name,locker_number,mode,status,hardware_type,id_location,id_size,headboard,port';
    const csv = [
      header,
      `Good,9001,storage,available,virtual,${locA},${sizeId},,`,
      `Bad,9002,storage,available,headleader,${locA},${sizeId},30,2`,
      `Dup,9001,storage,available,virtual,${locA},${sizeId},,`,
      `,9003,storage,available,virtual,${locA},${sizeId},,`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: DEVICE_MESSAGES.headboard },
      { row: 3, detail: DEVICE_MESSAGES.lockerNumberInUse },
      { row: 4, detail: DEVICE_MESSAGES.nameRequired },
    ]);
    const exported = await inject('GET', `devices/export?hardware_type=virtual&id_location=${locB}`);
    const again = exported.body
      .replace(new RegExp(locB, 'g'), locA)
      .replace(/^(.*?),(\d+),/gm, (m, name, n) => (name === 'name' ? m : `${name},${Number(n) + 50000},`));
    const round = await upload(again, { dry_run: 'true' });
    expect(round.statusCode).toBe(200);
    expect(round.json().every((r: { detail: unknown }) => r.detail === true)).toBe(true);
  });

  it('fills empty cells of an upload with Settings → Defaults (hardware, mode, size)', async () => {
    const put = (body: Record<string, unknown>) => inject('PUT', 'settings', body);
    expect(
      (
        await put({
          default_device_hardware: 'virtual',
          default_device_mode: 'storage',
          default_id_size: sizeId,
        })
      ).statusCode,
    ).toBe(200);
    try {
      const csv = [
        'name,locker_number,mode,status,hardware_type,id_location,id_size',
        `Defaulted,97101,,available,,${locA},`,
        `Given,97102,storage,available,virtual,${locA},`,
        `Rented,97103,rental,available,,${locA},`,
      ].join('\n');
      const res = await upload(csv);
      expect(res.json()).toEqual([
        { row: 1, detail: true },
        { row: 2, detail: true },
        { row: 3, detail: true },
      ]);
      const rows = await t.database.db.select().from(devices).where(eq(devices.organizationId, orgId));
      const byName = (n: string) => rows.find((r) => r.name === n)!;
      expect(byName('Defaulted')).toMatchObject({ mode: 'storage', hardwareType: 'virtual', idSize: sizeId });
      expect(byName('Given')).toMatchObject({ idSize: sizeId });
      // a rental door holds a product, not a size: only the hardware is filled
      expect(byName('Rented')).toMatchObject({ mode: 'rental', hardwareType: 'virtual', idSize: null });
    } finally {
      await put({ default_device_hardware: null, default_device_mode: null, default_id_size: null });
    }
  });

  it('refuses more than 500 rows', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => `D${i},${20000 + i},rental,available,virtual,${locA}`);
    const res = await upload(
      ['name,locker_number,mode,status,hardware_type,id_location', ...rows].join('\n'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(CSV_MESSAGES.tooManyRows);
  });

  it('counts available devices per size', async () => {
    const size = (await inject('POST', 'sizes', { name: 'Counted', width: 1, depth: 1, height: 1 })).json()
      .id;
    const a = await create({ id_size: size });
    await create({ id_size: size });
    await inject('PATCH', 'devices/maintain-all?disable=true', { ids: [a.id] });
    expect((await inject('GET', `sizes/${size}`)).json().available_devices).toBe(1);
  });

  it('deletes with the spec message', async () => {
    const d = await create();
    const res = await inject('DELETE', 'devices', { ids: [d.id] });
    expect(res.json().detail).toBe(DEVICE_MESSAGES.deleted);
    expect((await inject('GET', `devices/${d.id}`)).statusCode).toBe(404);
    expect(MSG.itemsDeleted(2)).toBe('2 item(s) deleted successfully');
  });
});

function upload(csv: string, extra: Record<string, string> = {}) {
  const body = multipartBody(extra, [
    { name: 'file', filename: 'devices.csv', data: Buffer.from(csv), type: 'text/csv' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/devices/csv',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
}
