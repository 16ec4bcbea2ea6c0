import {
  CSV_MESSAGES,
  RESERVATION_MESSAGES as M,
  RESERVATION_SETTINGS_MESSAGES as S,
} from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
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
import type { Tx } from '../../db/client';
import {
  devices,
  domainEvents,
  locations,
  products,
  reservationHolds,
  reservations,
  settings,
  sizes,
  users,
} from '../../db/schema';
import { assertReservationAllows } from './service';
import { reservationExpiryJob } from './service/expiry-job';

let t: TestApp;
let admin: { authorization: string };
let member: { authorization: string };
let viewer: { authorization: string };
let orgId: string;
let loc: string;
let small: string;
/** storage devices: s1, s2 small; l1 large; rental r1 with product; maintenance m1 small */
const dev = {} as Record<'d1' | 'l1' | 'm1' | 'r1' | 's1' | 's2', string>;
const usr = {} as Record<'ann' | 'bob' | 'cid' | 'dan' | 'eve', string>;
let product: string;

async function fixtures(organizationId: string, prefix = '') {
  const db = t.database.db;
  const [l] = await db
    .insert(locations)
    .values({ organizationId, name: `${prefix}Downtown` })
    .returning();
  const [sm] = await db
    .insert(sizes)
    .values({ organizationId, name: `${prefix}Small`, width: '10', depth: '10', height: '10' })
    .returning();
  const [lg] = await db
    .insert(sizes)
    .values({ organizationId, name: `${prefix}Large`, width: '20', depth: '20', height: '20' })
    .returning();
  const [p] = await db
    .insert(products)
    .values({ organizationId, name: `${prefix}Drill` })
    .returning();
  const mk = async (n: number, mode: string, idSize: string | null, extra: object = {}) =>
    (
      await db
        .insert(devices)
        .values({
          organizationId,
          name: `Locker ${n}`,
          lockerNumber: n,
          mode,
          hardwareType: 'virtual',
          idLocation: l!.id,
          idSize,
          ...extra,
        })
        .returning()
    )[0]!.id;
  const ids = {
    s1: await mk(1, 'storage', sm!.id),
    s2: await mk(2, 'storage', sm!.id),
    l1: await mk(3, 'storage', lg!.id),
    r1: await mk(4, 'rental', null, { idProduct: p!.id }),
    m1: await mk(5, 'storage', sm!.id, { status: 'maintenance' }),
    d1: await mk(6, 'delivery', sm!.id),
  };
  const people: Record<string, string> = {};
  for (const name of ['ann', 'bob', 'cid', 'dan', 'eve']) {
    const [u] = await db
      .insert(users)
      .values({ organizationId, name, email: `${prefix}${name}@example.test` })
      .returning();
    people[name] = u!.id;
  }
  return { loc: l!.id, small: sm!.id, large: lg!.id, product: p!.id, devices: ids, users: people };
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await demoOrg(t)).id;
  admin = bearer(await signIn(t.app));
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
  const f = await fixtures(orgId);
  loc = f.loc;
  small = f.small;
  product = f.product;
  Object.assign(dev, f.devices);
  Object.assign(usr, f.users);
});
afterAll(() => t.close());

/** Posts a reservation; a payload without a `tracking_number` key gets one (required for every mode). */
const create = (payload: object, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reservations',
    headers,
    payload: 'tracking_number' in payload ? payload : { tracking_number: 'TRK-1', ...payload },
  });
const update = (id: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/reservations/${id}`, headers, payload });
const putSettings = (payload: object, headers = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/reservation-settings', headers, payload });
const NO_LIMITS = {
  max_rental_time: 52,
  max_rental_time_period: 'week',
  max_reservation_time: 52,
  max_reservation_time_period: 'week',
};

/** A storage reservation of device s1 for ann on 2030-01-07 (a Monday), hours `from`..`to` UTC. */
const custom = (from: string, to: string, extra: object = {}) => ({
  mode: 'storage',
  tracking_number: 'ST-100',
  id_location: loc,
  id_size: small,
  id_device: dev.s1,
  id_user: usr.ann,
  start_date: `2030-01-07T${from}:00Z`,
  end_date: `2030-01-07T${to}:00Z`,
  ...extra,
});

async function holdsOf(id: string) {
  return t.database.db.select().from(reservationHolds).where(eq(reservationHolds.idReservation, id));
}
async function clearReservations() {
  await t.database.db.delete(reservations).where(eq(reservations.organizationId, orgId));
}

describe('reservations: create and validate', () => {
  it('creates a custom-range reservation with one hold and emits on_reservation', async () => {
    await clearReservations();
    const res = await create(custom('10:00', '12:00', { sender_details: 'Front desk' }));
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      mode: 'storage',
      status: 'active',
      id_device: dev.s1,
      device: { locker_number: 1 },
      location: { id: loc, name: 'Downtown' },
      size: { id: small, name: 'Small' },
      user: { id: usr.ann, name: 'ann' },
      recurring: false,
      start_date: '2030-01-07T10:00:00.000Z',
      end_date: '2030-01-07T12:00:00.000Z',
      sender_details: 'Front desk',
    });
    const holds = await holdsOf(r.id);
    expect(holds).toHaveLength(1);
    const [ev] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.subjectId, r.id));
    expect(ev).toMatchObject({ name: 'on_reservation', mode: 'storage', subjectType: 'reservation' });
  });

  it("answers the spec's messages", async () => {
    const empty = await create({ tracking_number: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toEqual(
      expect.arrayContaining([
        M.modeRequired,
        M.trackingRequired,
        M.locationRequired,
        M.startDateRequired,
        M.endDateRequired,
      ]),
    );
    // the tracking number is required for every mode, not only delivery (spec operational §5)
    for (const mode of ['storage', 'rental', 'service']) {
      const r = await create({ ...custom('10:00', '12:00'), mode, tracking_number: ' ' });
      expect(r.statusCode).toBe(400);
      expect([r.json().detail].flat()).toContain(M.trackingRequired);
    }
    const delivery = await create({
      mode: 'delivery',
      tracking_number: '',
      id_location: loc,
      id_size: small,
      start_date: 'x',
    });
    expect(delivery.json().detail).toEqual(expect.arrayContaining([M.trackingRequired, M.phoneOrEmail]));
    const rental = await create({
      mode: 'rental',
      id_location: loc,
      id_user: usr.ann,
      start_date: '2030-01-01',
      end_date: '2030-01-02',
    });
    expect(rental.json().detail).toBe(M.productRequired);
    const bad = await create(custom('10:00', '12:00', { email: 'nope', phone_number: '12' }));
    expect(bad.json().detail).toEqual([M.invalidEmail, M.invalidPhone]);
    const backwards = await create(custom('12:00', '10:00'));
    expect(backwards.json().detail).toBe(M.endBeforeStart);
    const past = await create({
      ...custom('10:00', '12:00'),
      start_date: '2020-01-01T10:00:00Z',
      end_date: '2020-01-01T12:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail).toBe(M.endInPast);
    const recurring = await create({
      ...custom('10:00', '12:00'),
      recurring: true,
      start_date: '2030-01-07',
      end_date: '2030-01-08',
    });
    expect(recurring.json().detail).toEqual([M.dayRequired, M.fromTimeRequired, M.toTimeRequired]);
  });

  it('upper-cases tracking numbers, keeps them unique among deliveries, and answers check-uniqueness', async () => {
    await clearReservations();
    const base = {
      mode: 'delivery',
      id_location: loc,
      id_size: small,
      phone_number: '+1 (555) 123-4567',
      start_date: '2030-02-01T10:00:00Z',
      end_date: '2030-02-01T11:00:00Z',
    };
    const first = await create({ ...base, tracking_number: 'abc-123' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      tracking_number: 'ABC-123',
      phone_number: '15551234567',
      id_device: dev.d1,
    });
    const check = (tracking: string, qs = '') =>
      t.app.inject({ url: `/api/reservations/${tracking}/check-uniqueness${qs}`, headers: admin });
    expect((await check('Abc-123')).json()).toEqual({ unique: false, detail: M.trackingInUse });
    expect((await check('Abc-123', `?id=${first.json().id}`)).json()).toEqual({ unique: true, detail: '' });
    expect((await check('OTHER')).json()).toEqual({ unique: true, detail: '' });
    const dup = await create({
      ...base,
      tracking_number: 'ABC-123',
      start_date: '2030-02-02T10:00:00Z',
      end_date: '2030-02-02T11:00:00Z',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(M.trackingInUse);
    // concurrent duplicates: one wins, the other gets the spec's message
    const racing = await Promise.all(
      [3, 4].map((d) =>
        create({
          ...base,
          tracking_number: 'race-1',
          start_date: `2030-02-0${d}T10:00:00Z`,
          end_date: `2030-02-0${d}T11:00:00Z`,
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(racing.find((r) => r.statusCode === 409)!.json().detail).toBe(M.trackingInUse);
    // not unique outside delivery
    const storage = await create(custom('10:00', '11:00', { tracking_number: 'ABC-123' }));
    expect(storage.statusCode).toBe(200);
  });

  it('needs a product for rental and resolves the locker holding it', async () => {
    await clearReservations();
    const res = await create({
      mode: 'rental',
      id_location: loc,
      id_product: product,
      id_user: usr.bob,
      start_date: '2030-03-01T10:00:00Z',
      end_date: '2030-03-01T12:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id_device: dev.r1, product: { id: product, name: 'Drill' } });
  });

  it('refuses lockers in maintenance, at another location or of another size', async () => {
    expect((await create(custom('10:00', '11:00', { id_device: dev.m1 }))).json().detail).toBe(
      M.lockerInMaintenance,
    );
    expect((await create(custom('10:00', '11:00', { id_device: dev.l1 }))).json().detail).toBe(
      M.lockerWrongSize,
    );
  });
});

describe('reservations: overlaps are refused by the database', () => {
  it('lets exactly one of concurrent overlapping creates on one locker win', async () => {
    await clearReservations();
    const people = [usr.ann, usr.bob, usr.cid, usr.dan, usr.eve];
    const results = await Promise.all(
      people.map((id_user, i) => create(custom(`1${i}:00`, '16:00', { id_user }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().detail).toBe(M.alreadyReserved);
    const held = await t.database.db
      .select()
      .from(reservationHolds)
      .where(eq(reservationHolds.idDevice, dev.s1));
    expect(held).toHaveLength(1);
  });

  it('resolves a size to different free lockers under concurrency, then answers no free locker', async () => {
    await clearReservations();
    const results = await Promise.all(
      [usr.ann, usr.bob, usr.cid].map((id_user) =>
        create({ ...custom('10:00', '12:00', { id_user }), id_device: undefined }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().id_device);
    expect(ok.sort()).toEqual([dev.s1, dev.s2].sort());
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().detail).toBe(M.noFreeLocker);
  });

  it('holds a recurring window on each matching day, in its time zone, and refuses an overlap', async () => {
    await clearReservations();
    const rec = await create({
      ...custom('10:00', '12:00'),
      recurring: true,
      monday: true,
      wednesday: true,
      from_time: '09:00',
      to_time: '11:00',
      start_date: '2030-01-07',
      end_date: '2030-01-20',
      time_zone: 'America/New_York',
    });
    expect(rec.statusCode).toBe(200);
    expect(rec.json()).toMatchObject({
      recurring: true,
      start_date: '2030-01-07',
      end_date: '2030-01-20',
      starts_at: '2030-01-07T14:00:00.000Z',
      ends_at: '2030-01-16T16:00:00.000Z',
    });
    expect(await holdsOf(rec.json().id)).toHaveLength(4);
    const overlap = await create(
      custom('15:00', '17:00', {
        start_date: '2030-01-09T15:00:00Z',
        end_date: '2030-01-09T17:00:00Z',
        id_user: usr.bob,
      }),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().detail).toBe(M.alreadyReserved);
    const tuesday = await create(
      custom('15:00', '17:00', {
        start_date: '2030-01-08T15:00:00Z',
        end_date: '2030-01-08T17:00:00Z',
        id_user: usr.bob,
      }),
    );
    expect(tuesday.statusCode).toBe(200);
    // editing keeps its own holds out of the way
    const moved = await update(rec.json().id, {
      ...rec.json(),
      from_time: '08:00',
      to_time: '10:30',
      id_user: usr.ann,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().starts_at).toBe('2030-01-07T13:00:00.000Z');
    expect(await holdsOf(rec.json().id)).toHaveLength(4);
  });

  it('applies the buffers of the settings', async () => {
    await clearReservations();
    const saved = await putSettings({
      ...NO_LIMITS,
      locker_buffer_time: 30,
      locker_buffer_time_period: 'minute',
    });
    expect(saved.json()).toMatchObject({ detail: M.settingsUpdated, settings: { locker_buffer_time: 30 } });
    expect((await create(custom('10:00', '11:00'))).statusCode).toBe(200);
    const tooSoon = await create(custom('11:15', '12:00', { id_user: usr.bob }));
    expect(tooSoon.json().detail).toBe(M.alreadyReserved);
    expect((await create(custom('11:30', '12:00', { id_user: usr.bob }))).statusCode).toBe(200);
    await putSettings(NO_LIMITS);
  });
});

describe('reservations: settings and limits', () => {
  it('validates the settings with their messages', async () => {
    const empty = await putSettings({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toEqual([
      S.maxRentalTimeRequired,
      S.maxRentalPeriodRequired,
      S.maxReservationTimeRequired,
      S.maxReservationPeriodRequired,
    ]);
    const buffer = await putSettings({ ...NO_LIMITS, transaction_buffer_time_period: 'hour' });
    expect(buffer.json().detail).toBe(S.transactionBufferRequired);
    const noPeriod = await putSettings({ ...NO_LIMITS, locker_buffer_time: 5 });
    expect(noPeriod.json().detail).toBe(S.lockerBufferPeriodRequired);
    const got = await t.app.inject({ url: '/api/reservation-settings', headers: member });
    expect(got.json()).toMatchObject({
      max_reservation_time: 52,
      locker_buffer_time: 0,
      locker_buffer_time_period: null,
    });
  });

  it('enforces max reservation and rental times', async () => {
    await clearReservations();
    await putSettings({
      max_rental_time: 1,
      max_rental_time_period: 'hour',
      max_reservation_time: 2,
      max_reservation_time_period: 'hour',
    });
    expect((await create(custom('10:00', '13:00'))).json().detail).toBe(M.maxReservationTime(2, 'hour'));
    const rental = await create({
      mode: 'rental',
      id_location: loc,
      id_product: product,
      id_user: usr.bob,
      start_date: '2030-03-01T10:00:00Z',
      end_date: '2030-03-01T11:30:00Z',
    });
    expect(rental.json().detail).toBe(M.maxRentalTime(1, 'hour'));
    await putSettings(NO_LIMITS);
  });

  it('enforces default_max_reservations per user, also under concurrency', async () => {
    await clearReservations();
    await t.database.db
      .update(settings)
      .set({ defaultMaxReservations: 1 })
      .where(eq(settings.organizationId, orgId));
    const results = await Promise.all([
      create(custom('10:00', '11:00', { id_device: dev.s1 })),
      create(custom('10:00', '11:00', { id_device: dev.s2 })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().detail).toBe(M.maxReservations(1));
    await t.database.db
      .update(settings)
      .set({ defaultMaxReservations: null })
      .where(eq(settings.organizationId, orgId));
  });
});

describe('reservations: the transactions hook and expiry', () => {
  it('allows a start on a held device only to the reserving user within the window', async () => {
    await clearReservations();
    await create(custom('10:00', '12:00'));
    const at = new Date('2030-01-07T11:00:00Z');
    await t.database.db.transaction(async (tx) => {
      await expect(
        assertReservationAllows({ tx: tx as Tx, deviceId: dev.s1, userId: usr.ann, at }),
      ).resolves.toBeUndefined();
      await expect(
        assertReservationAllows({ tx: tx as Tx, deviceId: dev.s1, userId: usr.bob, at }),
      ).rejects.toMatchObject({
        statusCode: 409,
        detail: M.reservedForAnother,
      });
      await expect(
        assertReservationAllows({
          tx: tx as Tx,
          deviceId: dev.s1,
          userId: usr.bob,
          at: new Date('2030-01-07T13:00:00Z'),
        }),
      ).resolves.toBeUndefined();
      await expect(
        assertReservationAllows({ tx: tx as Tx, deviceId: dev.s2, userId: usr.bob, at }),
      ).resolves.toBeUndefined();
    });
  });

  it('expires reservations whose end has passed and frees their holds (job handler)', async () => {
    await clearReservations();
    const a = (await create(custom('10:00', '12:00'))).json();
    const b = (
      await create(
        custom('10:00', '12:00', { start_date: '2031-01-07T10:00:00Z', end_date: '2031-01-07T12:00:00Z' }),
      )
    ).json();
    const log = t.app.log;
    const out = await reservationExpiryJob.handler({
      db: t.database.db,
      log,
      now: () => new Date('2030-06-01T00:00:00Z'),
    });
    expect(out).toEqual({ expired: 1 });
    const [ra] = await t.database.db.select().from(reservations).where(eq(reservations.id, a.id));
    expect(ra).toMatchObject({ status: 'expired' });
    expect(await holdsOf(a.id)).toHaveLength(0);
    expect(await holdsOf(b.id)).toHaveLength(1);
    const again = await reservationExpiryJob.handler({
      db: t.database.db,
      log,
      now: () => new Date('2030-06-01T00:00:00Z'),
    });
    expect(again).toEqual({ expired: 0 });
    const list = await t.app.inject({ url: '/api/reservations?status=expired', headers: admin });
    expect(list.json().items.map((r: { id: string }) => r.id)).toEqual([a.id]);
  });
});

describe('reservations: list, roles, tenancy, CSV', () => {
  it('filters by mode and searches', async () => {
    await clearReservations();
    await create(custom('10:00', '11:00', { tracking_number: 'st-1' }));
    await create({
      mode: 'delivery',
      tracking_number: 'PARCEL-9',
      id_location: loc,
      id_size: small,
      email: 'someone@example.test',
      start_date: '2030-02-01T10:00:00Z',
      end_date: '2030-02-01T11:00:00Z',
    });
    const all = (await t.app.inject({ url: '/api/reservations?mode=all', headers: admin })).json();
    expect(all.total).toBe(2);
    const deliveries = (
      await t.app.inject({ url: '/api/reservations?mode=delivery', headers: admin })
    ).json();
    expect(deliveries.items.map((r: { tracking_number: string }) => r.tracking_number)).toEqual(['PARCEL-9']);
    const found = (await t.app.inject({ url: '/api/reservations?search=parcel', headers: admin })).json();
    expect(found.total).toBe(1);
  });

  it('filters by door (id_device): what a door holds', async () => {
    await clearReservations();
    const held = (await create(custom('10:00', '11:00', { tracking_number: 'door-1' }))).json();
    await create(custom('12:00', '13:00', { tracking_number: 'door-2', id_device: dev.s2 }));
    expect(held.id_device).toBe(dev.s1);
    const url = `/api/reservations?id_device=${held.id_device}&status=active`;
    const ofDoor = (await t.app.inject({ url, headers: admin })).json();
    expect(ofDoor.items.every((r: { id_device: string }) => r.id_device === held.id_device)).toBe(true);
    expect(ofDoor.items.map((r: { tracking_number: string }) => r.tracking_number)).toEqual(['DOOR-1']);
    const none = await t.app.inject({
      url: `/api/reservations?id_device=${crypto.randomUUID()}`,
      headers: admin,
    });
    expect(none.json().total).toBe(0);
  });

  it('refuses viewers, and members cannot delete', async () => {
    expect((await t.app.inject({ url: '/api/reservations', headers: viewer })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/reservation-settings', headers: viewer })).statusCode).toBe(403);
    const mine = await create(custom('13:00', '14:00', { id_user: usr.cid }), member);
    expect(mine.statusCode).toBe(200);
    const del = (headers: { authorization: string }) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/reservations',
        headers,
        payload: { ids: [mine.json().id] },
      });
    expect((await del(member)).statusCode).toBe(403);
    const ok = await del(admin);
    expect(ok.json()).toMatchObject({ detail: M.deleted, deleted: 1 });
    expect(await holdsOf(mine.json().id)).toHaveLength(0);
  });

  it("answers 404 for another organization's ids", async () => {
    const other = await createOrganization(t, 'reserveco');
    await createMember(t, other.id, { email: 'boss@reserveco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@reserveco.test', undefined, 'reserveco.localhost'));
    const f = await fixtures(other.id, 'R-');
    const foreign = await create(
      {
        mode: 'storage',
        id_location: f.loc,
        id_size: f.small,
        id_device: f.devices.s1,
        id_user: f.users.ann,
        start_date: '2030-01-07T10:00:00Z',
        end_date: '2030-01-07T12:00:00Z',
      },
      theirs,
    );
    expect(foreign.statusCode).toBe(200);
    const id = foreign.json().id;
    expect((await t.app.inject({ url: `/api/reservations/${id}`, headers: admin })).statusCode).toBe(404);
    expect((await update(id, custom('10:00', '11:00'))).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/reservations',
      headers: admin,
      payload: { ids: [id] },
    });
    expect(del.statusCode).toBe(404);
    // their device, location or user in my reservation
    expect((await create(custom('18:00', '19:00', { id_device: f.devices.s1 }))).statusCode).toBe(404);
    expect((await create(custom('18:00', '19:00', { id_user: f.users.ann }))).statusCode).toBe(404);
    expect(
      (await create({ ...custom('18:00', '19:00'), id_device: undefined, id_location: f.loc })).statusCode,
    ).toBe(404);
    const [still] = await t.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.id, id), eq(reservations.organizationId, other.id)));
    expect(still).toBeDefined();
  });

  it('uploads CSV with per-row results', async () => {
    await clearReservations();
    const csv = [
      'mode,tracking_number,id_location,id_size,id_device,id_user,email,start_date,end_date,recurring,monday,from_time,to_time',
      `storage,st-1,${loc},${small},${dev.s1},${usr.ann},,2030-04-01T10:00:00Z,2030-04-01T11:00:00Z,false,,,`,
      `storage,st-2,${loc},${small},${dev.s1},${usr.bob},,2030-04-01T10:30:00Z,2030-04-01T11:30:00Z,false,,,`,
      `delivery,csv-1,${loc},${small},,,,2030-04-01T10:00:00Z,2030-04-01T11:00:00Z,false,,,`,
      `storage,st-3,${loc},${small},,${usr.cid},,2030-04-07,2030-04-14,true,true,08:00,09:00`,
    ].join('\n');
    const body = multipartBody({}, [
      { name: 'file', filename: 'r.csv', data: Buffer.from(csv), type: 'text/csv' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/csv',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: M.alreadyReserved },
      { row: 3, detail: M.phoneOrEmail },
      { row: 4, detail: true },
    ]);
    expect(CSV_MESSAGES.rowError(2, M.alreadyReserved)).toContain('row 2');
    const exported = await t.app.inject({ url: '/api/reservations/export', headers: admin });
    expect(exported.headers['content-disposition']).toContain('reservation_export.csv');
    expect(exported.body.split('\n')[0]).toContain('mode,tracking_number,id_location');
  });
});
