import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { auditLog, devices, locations, users } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let orgId: string;

async function makeLocation(organizationId: string, name: string) {
  const [row] = await t.database.db.insert(locations).values({ organizationId, name }).returning();
  return row!.id;
}

const historyOf = async (id: string) =>
  (await t.app.inject({ url: `/api/history/locker_wall/${id}`, headers: admin })).json() as {
    items: { action: string; changes: Record<string, { before: unknown; after: unknown }> }[];
    names: Record<string, string>;
  };

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
});
afterAll(() => t.close());

describe('GET history/{entity}/{id}: the names of related records', () => {
  it("names the records the changes point at, the organization's only; a gone one stays an id", async () => {
    const pier = await makeLocation(orgId, 'North Pier');
    const dock = await makeLocation(orgId, 'South Dock');
    const theirs = await makeLocation((await createOrganization(t, 'Names Other Org')).id, 'Their Hall');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/locker-walls',
      headers: admin,
      payload: { id_location: pier, name: 'Wall N', qty_wide: 2, qty_tall: 2 },
    });
    expect(created.statusCode).toBe(200);
    const wall = created.json() as { id: string };
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/locker-walls/${wall.id}`,
      headers: admin,
      payload: { id_location: dock, name: 'Wall N', qty_wide: 2, qty_tall: 2 },
    });
    expect(moved.statusCode).toBe(200);
    // an entry pointing at another organization's record and at one that no longer exists
    const gone = randomUUID();
    await t.database.db.insert(auditLog).values({
      organizationId: orgId,
      actorType: 'system',
      entity: 'locker_wall',
      entityId: wall.id,
      action: 'update',
      changes: { id_location: { before: theirs, after: gone } },
    });

    const history = await historyOf(wall.id);
    expect(history.items.map((i) => i.action)).toEqual(['update', 'update', 'create']);
    expect(history.items[1]!.changes.id_location).toEqual({ before: pier, after: dock });
    expect(history.names).toEqual({ [pier]: 'North Pier', [dock]: 'South Dock' });
    expect(history.names[theirs]).toBeUndefined();
    expect(history.names[gone]).toBeUndefined();
    expect(history.names[wall.id]).toBeUndefined();
  });

  it('answers no names for a record whose changes point at nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/sizes',
      headers: admin,
      payload: { name: 'Names Size', width: 1, depth: 1, height: 1 },
    });
    const size = created.json() as { id: string };
    const res = await t.app.inject({ url: `/api/history/size/${size.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ names: {} });
  });
});

describe('GET device-logs/{id}: the device log names what its changes point at', () => {
  it('names its locations, users and transactions (by invoice number), the organization’s only', async () => {
    const pier = await makeLocation(orgId, 'Log Pier');
    const dock = await makeLocation(orgId, 'Log Dock');
    const theirs = await makeLocation((await createOrganization(t, 'Log Other Org')).id, 'Their Dock');
    const [door] = await t.database.db
      .insert(devices)
      .values({
        organizationId: orgId,
        name: 'Log Door',
        lockerNumber: 8801,
        mode: 'storage',
        hardwareType: 'virtual',
        idLocation: pier,
      })
      .returning();
    const [user] = await t.database.db
      .insert(users)
      .values({ organizationId: orgId, name: 'Ada', lastName: 'Log', email: 'ada@log.test' })
      .returning();
    const key = (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin })).json().key;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/events/storage',
      headers: { 'x-api-key': key },
      payload: { id_device: door!.id, id_user: user!.id },
    });
    expect(started.statusCode).toBe(200);
    const { id: transactionId, invoice_id: invoice } = started.json().event;
    const gone = randomUUID();
    await t.database.db.insert(auditLog).values({
      organizationId: orgId,
      actorType: 'system',
      entity: 'device',
      entityId: door!.id,
      action: 'update',
      changes: {
        id_location: { before: pier, after: dock },
        reserved_by: { before: null, after: user!.id },
        id_event: { before: theirs, after: transactionId },
        id_size: { before: gone, after: null },
      },
    });

    const res = await t.app.inject({ url: `/api/device-logs/${door!.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const names = res.json().names as Record<string, string>;
    expect(names).toEqual({
      [pier]: 'Log Pier',
      [dock]: 'Log Dock',
      [user!.id]: 'Ada Log',
      [transactionId]: invoice,
    });
    expect(names[door!.id]).toBeUndefined();
  });
});
