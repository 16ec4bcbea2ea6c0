import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, one, signIn, type TestApp } from '../../../test/helpers';
import { deviceAlerts, devices, issues, locations, reservations, users } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let key: { 'x-api-key': string };
let orgId: string;
let tokyo: string;
let plain: string;
let door: string;
let userId: string;

const get = async (path: string) => {
  const res = await t.app.inject({ url: `/api/${path}`, headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  const k = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
  key = { 'x-api-key': k.json().key };
  const db = t.database.db;
  [{ id: tokyo }] = await one(
    db
      .insert(locations)
      .values({ organizationId: orgId, name: 'Zone Tokyo', address: '1 Ginza', timeZone: 'Asia/Tokyo' })
      .returning(),
  );
  [{ id: plain }] = await one(
    db.insert(locations).values({ organizationId: orgId, name: 'Zone Plain', address: '2 Main' }).returning(),
  );
  [{ id: userId }] = await one(
    db.insert(users).values({ organizationId: orgId, name: 'Zoe', email: 'zoe@zones.test' }).returning(),
  );
  [{ id: door }] = await one(
    db
      .insert(devices)
      .values({
        organizationId: orgId,
        name: 'Z1',
        lockerNumber: 731,
        mode: 'storage',
        hardwareType: 'virtual',
        idLocation: tokyo,
      })
      .returning(),
  );
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/events/storage',
    headers: key,
    payload: { id_device: door, id_user: userId },
  });
  expect(started.statusCode).toBe(200);
  const at = new Date('2030-01-07T10:00:00Z');
  const until = new Date('2030-01-07T12:00:00Z');
  await db.insert(reservations).values([
    {
      organizationId: orgId,
      mode: 'storage',
      idLocation: tokyo,
      trackingNumber: 'ZONE-T',
      startsAt: at,
      endsAt: until,
    },
    {
      organizationId: orgId,
      mode: 'storage',
      idLocation: plain,
      trackingNumber: 'ZONE-P',
      startsAt: at,
      endsAt: until,
    },
  ]);
  await db.insert(issues).values([
    {
      organizationId: orgId,
      number: 7301,
      description: 'Zone issue T',
      idLocation: tokyo,
      source: 'console',
    },
    {
      organizationId: orgId,
      number: 7302,
      description: 'Zone issue P',
      idLocation: plain,
      source: 'console',
    },
  ]);
  await db.insert(deviceAlerts).values({
    organizationId: orgId,
    subject: `device:${door}`,
    kind: 'lock_offline',
    idDevice: door,
    idLocation: tokyo,
    detail: 'offline',
  });
});
afterAll(() => t.close());

describe("rows that show a location's times carry its own zone (null: the organization's)", () => {
  it('transactions, as listed and as a user’s history', async () => {
    const page = await get(`events?search=${encodeURIComponent('Zone Tokyo')}&size=5`);
    const row = page.items.find((i: { device: { id: string } | null }) => i.device?.id === door);
    expect(row.location).toMatchObject({ id: tokyo, name: 'Zone Tokyo', time_zone: 'Asia/Tokyo' });
    const history = await get(`events_by_user/${userId}`);
    expect(history.items[0]).toMatchObject({ id_location: tokyo, location_time_zone: 'Asia/Tokyo' });
  });

  it('reservations', async () => {
    const page = await get('reservations?search=ZONE-&size=50');
    const zones = Object.fromEntries(
      page.items.map((r: { tracking_number: string; location: { time_zone: string | null } }) => [
        r.tracking_number,
        r.location.time_zone,
      ]),
    );
    expect(zones).toEqual({ 'ZONE-T': 'Asia/Tokyo', 'ZONE-P': null });
  });

  it('issues', async () => {
    const page = await get('issues?search=Zone%20issue&size=50');
    const zones = Object.fromEntries(
      page.items.map((i: { description: string; location_time_zone: string | null }) => [
        i.description,
        i.location_time_zone,
      ]),
    );
    expect(zones).toEqual({ 'Zone issue T': 'Asia/Tokyo', 'Zone issue P': null });
  });

  it("fleet health's places and a door's health", async () => {
    const fleet = await get('fleet-health');
    const places = Object.fromEntries(
      fleet.places.map((p: { id_location: string; time_zone: string | null }) => [
        p.id_location,
        p.time_zone,
      ]),
    );
    expect(places[tokyo]).toBe('Asia/Tokyo');
    expect(places[plain]).toBeNull();
    const health = await get(`fleet-health/devices/${door}`);
    expect(health.device).toMatchObject({ id_location: tokyo, location_time_zone: 'Asia/Tokyo' });
  });
});
