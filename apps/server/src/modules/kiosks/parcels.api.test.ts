import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  demoOrg,
  insertLocation,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { devices, mailOutbox, reservations, sizes, smsOutbox, transactions } from '../../db/schema';

/**
 * A parcel's label at the screen: the tracking number read names the parcel the organization
 * expects here (a delivery reservation), whose recipient and size the drop-off takes, once;
 * another organization's or place's is never matched; a courier's drop-offs in a row each send
 * their recipient's message.
 */
type H = Record<string, string>;
let t: TestApp;
let admin: H;
let orgId: string;
let here: string;
let small: string;
let large: string;
let courier: H;

const api = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
const label = (q: string) =>
  api('GET', `kiosk/courier/parcel?tracking_number=${encodeURIComponent(q)}`, courier);

const expectParcel = (
  organizationId: string,
  trackingNumber: string,
  values: Partial<typeof reservations.$inferInsert>,
) =>
  t.database.db.insert(reservations).values({
    organizationId,
    mode: 'delivery',
    trackingNumber,
    startsAt: new Date(Date.now() - 3600_000),
    endsAt: new Date(Date.now() + 86_400_000),
    ...values,
  });

const lastSms = async (to: string) =>
  (
    await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, to))
      .orderBy(desc(smsOutbox.createdAt))
  )[0]?.body ?? '';
const lastMail = async (to: string) =>
  (
    await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
  )[0]?.text ?? '';

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  here = await insertLocation(t.database.db, orgId, 'Label Street');
  const elsewhere = await insertLocation(t.database.db, orgId, 'Label Elsewhere');
  const made2 = await t.database.db
    .insert(sizes)
    .values([
      { organizationId: orgId, name: 'Label S', width: '30', depth: '40', height: '20' },
      { organizationId: orgId, name: 'Label L', width: '60', depth: '40', height: '50' },
    ])
    .returning();
  small = made2[0]!.id;
  large = made2[1]!.id;
  await t.database.db.insert(devices).values(
    [1, 2, 3, 4, 5, 6].map((n) => ({
      organizationId: orgId,
      name: `Label door ${n}`,
      lockerNumber: 700 + n,
      mode: 'delivery' as const,
      hardwareType: 'virtual' as const,
      idLocation: here,
      idSize: n <= 4 ? small : large,
    })),
  );
  await expectParcel(orgId, 'LBL-1001', { idLocation: here, idSize: large, phoneNumber: '+14155550301' });
  await expectParcel(orgId, 'LBL-4004', { idLocation: elsewhere, idSize: small, email: 'else@label.test' });
  await expectParcel(orgId, 'LBL-5005', {
    idLocation: here,
    idSize: small,
    email: 'old@label.test',
    endsAt: new Date(Date.now() - 1000),
  });
  const other = await createOrganization(t, 'Label Other Org');
  await expectParcel(other.id, 'LBL-3003', { phoneNumber: '+14155550303' });
  await expectParcel(other.id, 'LBL-1001', { phoneNumber: '+14155550399' });

  const made = await api('POST', 'kiosks/pairing', admin, { id_location: here, name: 'Label screen' });
  const k = {
    'x-kiosk-token': (await api('POST', 'kiosk/pair', {}, { code: made.json().code })).json().token,
  };
  const c = await api('POST', 'couriers', admin, { name: 'Lane Label' });
  const s = await api('POST', 'kiosk/courier/session', k, { code: c.json().code });
  courier = { ...k, 'x-courier-session': s.json().session };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("a parcel's label at the screen", () => {
  it('matches the expected parcel: its recipient and size are taken, once', async () => {
    expect(
      (
        await api('GET', 'kiosk/courier/parcel?tracking_number=LBL-1001', {
          'x-kiosk-token': courier['x-kiosk-token']!,
        })
      ).statusCode,
    ).toBe(401);
    const found = await label(' lbl-1001 ');
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body).toMatchObject({
      tracking_number: 'LBL-1001',
      expected: { id_size: large, size_name: 'Label L', contact: '+1 •••• 0301' },
    });
    expect(JSON.stringify(body)).not.toContain('4155550301');

    const drop = await api('POST', 'kiosk/courier/drops', courier, {
      id_size: large,
      parcel: body.expected.parcel,
    });
    expect(drop.statusCode).toBe(201);
    const [tr] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, drop.json().id_transaction));
    // our own recipient, never the other organization's parcel under the same number
    expect(tr).toMatchObject({ trackingNumber: 'LBL-1001', phoneNumber: '+14155550301' });
    expect(await lastSms('+14155550301')).toContain(tr!.pickupCode!);
    expect(await lastSms('+14155550399')).toBe('');

    // dropped: no longer expected, and its reference is spent
    expect((await label('LBL-1001')).json().expected).toBeNull();
    const again = await api('POST', 'kiosk/courier/drops', courier, {
      id_size: large,
      parcel: body.expected.parcel,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This parcel is no longer expected here. Scan it again.');
  });

  it("never matches another organization's, another place's or an ended parcel", async () => {
    for (const n of ['LBL-3003', 'LBL-4004', 'LBL-5005', 'NOPE-0000'])
      expect((await label(n)).json()).toEqual({ tracking_number: n, expected: null });
    expect((await label('x')).statusCode).toBe(400);
    const altered = await api('POST', 'kiosk/courier/drops', courier, { id_size: small, parcel: 'AAAA' });
    expect(altered.statusCode).toBe(400);
  });

  it('drops a batch in a row: each parcel keeps its typed tracking number and each recipient is told', async () => {
    const batch = [
      { tracking_number: 'typed-2001', phone_number: '+14155550311' },
      { tracking_number: 'TYPED-2002', email: 'batch2@label.test' },
      { tracking_number: 'TYPED-2003', phone_number: '+14155550313' },
    ];
    const ids: string[] = [];
    for (const [i, p] of batch.entries()) {
      const r = await api(
        'POST',
        'kiosk/courier/drops',
        { ...courier, 'idempotency-key': `label-batch-${i}` },
        { id_size: small, ...p },
      );
      expect(r.statusCode).toBe(201);
      ids.push(r.json().id_transaction);
    }
    expect(new Set(ids).size).toBe(3);
    const rows = await Promise.all(
      ids.map(
        async (id) => (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]!,
      ),
    );
    expect(rows.map((r) => r.trackingNumber)).toEqual(['TYPED-2001', 'TYPED-2002', 'TYPED-2003']);
    expect(await lastSms('+14155550311')).toContain(rows[0]!.pickupCode!);
    expect(await lastMail('batch2@label.test')).toContain(rows[1]!.pickupCode!);
    expect(await lastSms('+14155550313')).toContain(rows[2]!.pickupCode!);
  });
});
