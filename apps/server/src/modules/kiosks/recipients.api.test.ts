import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  demoOrg,
  insertLocation,
  one,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { devices, mailOutbox, sizes, transactions, users } from '../../db/schema';

/**
 * A courier's search for the recipient at the screen: only with a courier session, only the
 * screen's organization's reachable users, a short name and a masked contact, no id, nothing when
 * too many match, counted per screen; the reference found names the recipient of a drop-off on
 * this screen only, and the recipient's e-mail shows the pickup code as a QR code.
 */
type H = Record<string, string>;
let t: TestApp;
let admin: H;
let orgId: string;
let here: string;
let small: string;

const api = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });

async function screen(name: string) {
  const made = await api('POST', 'kiosks/pairing', admin, { id_location: here, name });
  const paired = await api('POST', 'kiosk/pair', {}, { code: made.json().code });
  return { 'x-kiosk-token': paired.json().token as string };
}

async function signedIn(k: H) {
  const c = await api('POST', 'couriers', admin, { name: 'Lee Courier' });
  const s = await api('POST', 'kiosk/courier/session', k, { code: c.json().code });
  expect(s.statusCode).toBe(200);
  return { ...k, 'x-courier-session': s.json().session as string };
}

const search = (h: H, q: string) => api('GET', `kiosk/courier/recipients?q=${encodeURIComponent(q)}`, h);

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  here = await insertLocation(t.database.db, orgId, 'Search Street');
  [{ id: small }] = await one(
    t.database.db
      .insert(sizes)
      .values({ organizationId: orgId, name: 'Parcel', width: '30', depth: '40', height: '20' })
      .returning(),
  );
  await t.database.db.insert(devices).values(
    [1, 2].map((n) => ({
      organizationId: orgId,
      name: `Search door ${n}`,
      lockerNumber: 900 + n,
      mode: 'delivery' as const,
      hardwareType: 'virtual' as const,
      idLocation: here,
      idSize: small,
    })),
  );
  const other = await createOrganization(t, 'Search Elsewhere');
  await t.database.db.insert(users).values([
    { organizationId: orgId, name: 'Marguerite', lastName: 'Okafor', phoneNumber: '+14155550177' },
    { organizationId: orgId, name: 'Marguerite', lastName: "O'Neil", email: 'mo.neil@example.test' },
    { organizationId: orgId, name: 'Margo', lastName: 'Gone', email: 'gone@example.test', isDeleted: true },
    { organizationId: orgId, name: 'Margot', lastName: 'Nocontact' },
    { organizationId: other.id, name: 'Marguerite', lastName: 'Elsewhere', email: 'me@example.test' },
    // numbers saved in different formats (an older import kept its spaces and brackets)
    { organizationId: orgId, name: 'Phoebe', lastName: 'Format', phoneNumber: '+1 (415) 555-0190' },
    { organizationId: orgId, name: 'Phil', lastName: 'Format', phoneNumber: '+14155550191' },
    { organizationId: other.id, name: 'Pia', lastName: 'Elsewhere', phoneNumber: '+14155550192' },
    ...Array.from({ length: 7 }, (_, i) => ({
      organizationId: orgId,
      name: 'Quentin',
      lastName: `Many${i}`,
      email: `quentin${i}@example.test`,
    })),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe("a courier's search for the recipient", () => {
  it('needs a courier session, and three letters', async () => {
    const k = await screen('Search screen');
    expect((await search(k, 'Marguerite')).statusCode).toBe(401);
    const courier = await signedIn(k);
    expect((await search(courier, 'ma')).statusCode).toBe(400);
    // digits that are no whole phone number find nothing
    expect((await search(courier, '0177')).json()).toEqual({ items: [], more: false });
  });

  it("finds the organization's reachable users, masked, and no one when too many match", async () => {
    const courier = await signedIn(await screen('Search screen 2'));
    const found = await search(courier, 'margue');
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body.more).toBe(false);
    expect(body.items.map((i: { name: string }) => i.name).sort()).toEqual([
      'Marguerite O.',
      'Marguerite O.',
    ]);
    expect(body.items.map((i: { contact: string }) => i.contact).sort()).toEqual([
      '+1 •••• 0177',
      'm•••@example.test',
    ]);
    const text = JSON.stringify(body);
    for (const secret of ['Okafor', '4155550177', 'mo.neil', 'Elsewhere']) expect(text).not.toContain(secret);
    const ids = (await t.database.db.select({ id: users.id }).from(users)).map((u) => u.id);
    for (const id of ids) expect(text).not.toContain(id);
    // by whole e-mail and whole phone number, by full name; not the deleted, not another organization's
    expect((await search(courier, 'MO.NEIL@example.test')).json().items).toHaveLength(1);
    expect((await search(courier, '+1 (415) 555-0177')).json().items).toHaveLength(1);
    expect((await search(courier, 'Marguerite Oka')).json().items).toHaveLength(1);
    expect((await search(courier, 'me@example.test')).json().items).toHaveLength(0);
    expect((await search(courier, 'Margo')).json().items).toHaveLength(0);
    // seven Quentins: none shown, type more
    expect((await search(courier, 'Quentin')).json()).toEqual({ items: [], more: true });
    expect((await search(courier, 'Quentin Many3')).json().items).toHaveLength(1);
  });

  it('finds a whole number through the stored digits, whatever its format or the typed one', async () => {
    const courier = await signedIn(await screen('Search screen 6'));
    const names = async (q: string) =>
      (await search(courier, q)).json().items.map((i: { name: string }) => i.name);
    expect(await names('+14155550190')).toEqual(['Phoebe F.']);
    expect(await names('+1 415 555 0191')).toEqual(['Phil F.']);
    // typed without the country code: read in the organization's country
    expect(await names('(415) 555-0190')).toEqual(['Phoebe F.']);
    expect(await names('415.555.0191')).toEqual(['Phil F.']);
    // another organization's number, and part of a number, find no one
    expect(await names('+1 415 555 0192')).toEqual([]);
    expect(await names('555 0190')).toEqual([]);
    const [stored] = await t.database.db
      .select({ digits: users.phoneDigits })
      .from(users)
      .where(eq(users.phoneNumber, '+1 (415) 555-0190'));
    expect(stored!.digits).toBe('14155550190');
  });

  it('a reference found is a drop-off recipient on this screen only; the e-mail shows the QR code', async () => {
    const k = await screen('Search screen 3');
    const courier = await signedIn(k);
    const [found] = (await search(courier, 'mo.neil@example.test')).json().items;
    const otherScreen = await signedIn(await screen('Search screen 4'));
    const elsewhere = await api('POST', 'kiosk/courier/drops', otherScreen, {
      id_size: small,
      recipient: found.recipient,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toBe('This recipient is no longer available. Search again.');
    const altered = `${found.recipient.slice(0, -4)}AAAA`;
    expect(
      (await api('POST', 'kiosk/courier/drops', courier, { id_size: small, recipient: altered })).statusCode,
    ).toBe(400);
    const drop = await api('POST', 'kiosk/courier/drops', courier, {
      id_size: small,
      recipient: found.recipient,
    });
    expect(drop.statusCode).toBe(201);
    const [tr] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, drop.json().id_transaction));
    expect(tr!.email).toBe('mo.neil@example.test');
    expect(tr!.idUser).not.toBeNull();
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'mo.neil@example.test'))
      .orderBy(desc(mailOutbox.createdAt));
    expect(mail!.text).toContain(`Pickup code: ${tr!.pickupCode}`);
    expect(mail!.html).toContain(`<img src="cid:pickup-qr@lockerops" data-qr="${tr!.pickupCode}"`);
  });

  it('counts searches per screen: 429 after sixty in ten minutes', async () => {
    const courier = await signedIn(await screen('Search screen 5'));
    const got: number[] = [];
    for (let i = 0; i < 61; i++) got.push((await search(courier, `Zzz${i}`)).statusCode);
    expect(got.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(got[60]).toBe(429);
  });
});
