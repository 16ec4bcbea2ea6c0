import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  insertHourlyPrice,
  insertLocation,
  signIn,
  type TestApp,
} from '../../test/helpers';
import { type ChargeGateway, sandboxCharges } from '../adapters/payments/charges';
import { devices, idempotencyKeys, locationLockSettings, transactions, users } from '../db/schema';
import { withTenant } from '../tenancy';
import { IDEMPOTENCY_MESSAGES } from './idempotency';
import { purgeIdempotencyKeys } from './queries/idempotency';

let t: TestApp;
let admin: Record<string, string>;
let key: Record<string, string>;
let orgId: string;
let locationId: string;
let slowLocationId: string;
let priceId: string;
let userId: string;
let lockerNumber = 1;
/** Charges that reached the payment adapter; `failNext` makes the next one throw (an outage). */
const charged: string[] = [];
let failNext = false;
const charges: ChargeGateway = {
  kind: 'sandbox',
  async charge(req) {
    if (failNext) {
      failNext = false;
      throw new Error('provider unreachable');
    }
    charged.push(req.transactionId);
    return sandboxCharges.charge(req);
  },
  refund: sandboxCharges.refund,
};

beforeAll(async () => {
  t = await createTestApp({}, undefined, { charges });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  key = {
    'x-api-key': (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin })).json().key,
  };
  const db = t.database.db;
  locationId = await insertLocation(db, orgId);
  slowLocationId = await insertLocation(db, orgId, 'Slow St');
  // the virtual locks of this location take 1.5 s to open: a call stays in flight meanwhile
  await db
    .insert(locationLockSettings)
    .values({ idLocation: slowLocationId, organizationId: orgId, virtualLatencyMs: 1500 });
  priceId = await insertHourlyPrice(db, orgId);
  const [u] = await db
    .insert(users)
    .values({ organizationId: orgId, name: 'Ada', email: 'ada@idem.test' })
    .returning();
  userId = u!.id;
}, 60_000);
afterAll(() => t.close());

async function newDoor(location = locationId): Promise<string> {
  const [d] = await t.database.db
    .insert(devices)
    .values({
      organizationId: orgId,
      name: `Door ${lockerNumber}`,
      lockerNumber: lockerNumber++,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation: location,
      idPrice: priceId,
    })
    .returning();
  return d!.id;
}

const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload });
const transactionsOn = async (door: string) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.idDevice, door))).length;

describe('Idempotency-Key', () => {
  it('answers a repeated start and pickup again: one transaction, one charge', async () => {
    const door = await newDoor();
    const h = { ...key, 'idempotency-key': 'start-1' };
    const first = await post('events/storage', { id_device: door, id_user: userId }, h);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('events/storage', { id_device: door, id_user: userId }, h);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await transactionsOn(door)).toBe(1);
    // without the key the same call is a new request, refused on the held door
    expect((await post('events/storage', { id_device: door, id_user: userId }, key)).statusCode).toBe(409);

    const id = first.json().event.id;
    await t.database.db
      .update(transactions)
      .set({ startedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(transactions.id, id));
    const p = { ...key, 'idempotency-key': 'pickup-1' };
    const before = charged.length;
    const pick = await post(`events/${id}/pickup`, {}, p);
    expect(pick.statusCode).toBe(200);
    expect(pick.json().event).toMatchObject({ event_status: 'finished', total: 10 });
    const pickAgain = await post(`events/${id}/pickup`, {}, p);
    expect(pickAgain.statusCode).toBe(200);
    expect(pickAgain.headers['idempotent-replayed']).toBe('true');
    expect(pickAgain.json()).toEqual(pick.json());
    expect(charged.slice(before)).toEqual([id]);
  });

  it('answers 422 for the same key with another body, path or method', async () => {
    const door = await newDoor();
    const other = await newDoor();
    const h = { ...key, 'idempotency-key': 'start-2' };
    expect((await post('events/storage', { id_device: door, id_user: userId }, h)).statusCode).toBe(200);
    const changed = await post('events/storage', { id_device: other, id_user: userId }, h);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.mismatch });
    const elsewhere = await post('events/rental', { id_device: door, id_user: userId }, h);
    expect(elsewhere.statusCode).toBe(422);
    expect(await transactionsOn(other)).toBe(0);
  });

  it('answers 409 while the first call with the key is still running', async () => {
    const door = await newDoor(slowLocationId);
    const h = { ...key, 'idempotency-key': 'slow-start' };
    const first = post('events/storage', { id_device: door, id_user: userId }, h);
    await new Promise((r) => setTimeout(r, 500));
    const concurrent = await post('events/storage', { id_device: door, id_user: userId }, h);
    expect(concurrent.statusCode).toBe(409);
    expect(concurrent.json()).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.running });
    expect((await first).statusCode).toBe(200);
    const after = await post('events/storage', { id_device: door, id_user: userId }, h);
    expect(after.statusCode).toBe(200);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(await transactionsOn(door)).toBe(1);
  });

  it('keeps keys per organization and per kind of credential', async () => {
    const other = await createOrganization(t, 'Idem Other');
    await createMember(t, other.id, { email: 'admin@idem-other.test' });
    const otherAdmin = bearer(
      await signIn(t.app, 'admin@idem-other.test', undefined, 'idem-other.localhost'),
    );
    const body = { name: 'Same', width: 1, depth: 1, height: 1 };
    const k = { 'idempotency-key': 'shared-key' };
    const mine = await post('sizes', body, { ...admin, ...k });
    const theirs = await post('sizes', body, { ...otherAdmin, ...k });
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    // the organization's API key does not share the signed-in member's keys (else: 422, another body)
    const door = await newDoor();
    const byKey = await post('events/storage', { id_device: door, id_user: userId }, { ...key, ...k });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.headers['idempotent-replayed']).toBeUndefined();
    const rows = await t.database.db
      .select({ org: idempotencyKeys.organizationId })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'shared-key'));
    expect(rows.map((r) => r.org).sort()).toEqual([orgId, orgId, other.id].sort());
    // row-level security: a tenant transaction sees its own organization's keys only
    const seen = await withTenant(t.database.db, other.id, (tx) =>
      tx.select({ org: idempotencyKeys.organizationId }).from(idempotencyKeys),
    );
    expect(seen.map((r) => r.org)).toEqual([other.id]);
  });

  it("keeps keys per credential: a second member's write with the same key runs on its own", async () => {
    await createMember(t, orgId, { email: 'second@idem.test', role: 'member' });
    const second = bearer(await signIn(t.app, 'second@idem.test'));
    const k = { 'idempotency-key': 'per-person-key' };
    const body = { name: 'Per Person', width: 2, depth: 2, height: 2 };
    const first = await post('sizes', body, { ...admin, ...k });
    const other = await post('sizes', body, { ...second, ...k });
    expect(first.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().id).not.toBe(first.json().id);
    // the same person repeating it is still answered from the first answer
    const again = await post('sizes', body, { ...second, ...k });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(other.json().id);
  });

  it('forgets a key after 24 hours (reused at once, removed by the purge job)', async () => {
    const h = { ...admin, 'idempotency-key': 'day-old' };
    const first = await post('sizes', { name: 'Day', width: 1, depth: 1, height: 1 }, h);
    expect(first.statusCode).toBe(200);
    expect((await post('sizes', { name: 'Day 2', width: 1, depth: 1, height: 1 }, h)).statusCode).toBe(422);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(idempotencyKeys.key, 'day-old'));
    const fresh = await post('sizes', { name: 'Day 2', width: 1, depth: 1, height: 1 }, h);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();

    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'day-old'));
    const kept = await t.database.db.select({ id: idempotencyKeys.id }).from(idempotencyKeys);
    expect(await purgeIdempotencyKeys({ db: t.database.db, now: new Date() })).toBe(1);
    expect((await t.database.db.select({ id: idempotencyKeys.id }).from(idempotencyKeys)).length).toBe(
      kept.length - 1,
    );
  });

  it('releases the key after a 5xx answer, so the retry runs', async () => {
    const door = await newDoor();
    const started = await post('events/storage', { id_device: door, id_user: userId }, key);
    const id = started.json().event.id;
    await t.database.db
      .update(transactions)
      .set({ startedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(transactions.id, id));
    const p = { ...key, 'idempotency-key': 'pickup-outage' };
    failNext = true;
    const failed = await post(`events/${id}/pickup`, {}, p);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const before = charged.length;
    const retried = await post(`events/${id}/pickup`, {}, p);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(charged.slice(before)).toEqual([id]);
  });

  it('refuses a key that is empty, too long or not printable, and ignores it on public calls', async () => {
    for (const bad of ['', 'x'.repeat(256), 'tab\there']) {
      const res = await post(
        'sizes',
        { name: 'Bad', width: 1, depth: 1, height: 1 },
        {
          ...admin,
          'idempotency-key': bad,
        },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.invalidKey });
    }
    expect(
      (
        await post(
          'sizes',
          { name: 'Long', width: 1, depth: 1, height: 1 },
          {
            ...admin,
            'idempotency-key': 'k'.repeat(255),
          },
        )
      ).statusCode,
    ).toBe(200);
    const signIn1 = await post(
      'auth/sign-in',
      { email: 'admin@demo-org.test', password: 'Admin-Passw0rd!' },
      { 'idempotency-key': 'public' },
    );
    const signIn2 = await post(
      'auth/sign-in',
      { email: 'admin@demo-org.test', password: 'Admin-Passw0rd!' },
      { 'idempotency-key': 'public' },
    );
    expect(signIn1.statusCode).toBe(200);
    expect(signIn2.headers['idempotent-replayed']).toBeUndefined();
  });

  it('documents the header on every write operation that needs a credential', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.components.parameters['Idempotency-Key']).toMatchObject({
      in: 'header',
      name: 'Idempotency-Key',
    });
    const ref = { $ref: '#/components/parameters/Idempotency-Key' };
    const without: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths) as [
      string,
      Record<string, { parameters?: unknown[] }>,
    ][])
      for (const [method, op] of Object.entries(ops))
        if (
          ['post', 'put', 'patch', 'delete'].includes(method) &&
          !op.parameters?.some((p) => JSON.stringify(p) === JSON.stringify(ref))
        )
          without.push(`${method} ${path}`);
    expect(without).toContain('post /api/auth/sign-in');
    // the credential-less writes: sign-in, payment webhooks, the widget, a customer's code and
    // session, a screen's pairing, a payment handed over from a screen (its token names one held
    // door, spent by its first start: a second answers 409)
    const credentialLess =
      /\/api\/(auth|stripe|widget)\/|^post \/api\/(customer\/\{organization\}\/(code|session|handover|handover\/start)|kiosk\/pair)$/;
    expect(without.filter((w) => !credentialLess.test(w))).toEqual([]);
    expect(doc.paths['/api/events/storage'].post.parameters).toContainEqual(ref);
  });
});
