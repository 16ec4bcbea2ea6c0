import { MSG, PRODUCT_MESSAGES } from '@lockerops/contract';
import { parse } from 'csv-parse/sync';
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
import { multipartBody, PNG } from '../../../test/multipart';
import { auditLog, devices, locations, organizations, productTracking, users } from '../../db/schema';
import { withTenant } from '../../tenancy';
import { recordTracking } from './service/tracking';

let t: TestApp;
let admin: { authorization: string };
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const create = (payload: Json, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers, payload });
const put = (id: string, payload: Json, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers, payload });
const list = (qs: string, headers = admin) => t.app.inject({ url: `/api/products?${qs}`, headers });
const multipart = (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  image?: Buffer,
  headers = admin,
) => {
  const body = multipartBody(
    fields,
    image ? [{ name: 'image', filename: 'photo.png', data: image, type: 'image/png' }] : [],
  );
  return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
};
const bulk = (payload: Json, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: '/api/products', headers, payload });
const remove = (ids: string[], headers = admin) =>
  t.app.inject({ method: 'DELETE', url: '/api/products', headers, payload: { ids } });
const tracking = (id: string, headers = admin) =>
  t.app.inject({ url: `/api/products/${id}/tracking`, headers });

let locationSeq = 0;
/** A location and a device of the demo organization, written as the owner (the devices area is separate). */
async function placeDevice(productId: string | null, status: 'available' | 'reserved' = 'available') {
  locationSeq += 1;
  const [loc] = await t.database.db
    .insert(locations)
    .values({ organizationId: orgId, name: `Loc ${locationSeq}` })
    .returning();
  const [dev] = await t.database.db
    .insert(devices)
    .values({
      organizationId: orgId,
      name: `Door ${locationSeq}`,
      lockerNumber: locationSeq,
      mode: 'rental',
      hardwareType: 'virtual',
      idLocation: loc!.id,
      idProduct: productId,
      status,
    })
    .returning();
  return { location: loc!, device: dev! };
}

describe('products: create and validate', () => {
  it('creates a product from multipart with an image, and answers money as numbers', async () => {
    const res = await multipart(
      'POST',
      '/api/products',
      { name: 'Drill', serial_number: 'SN-1', sku: 'DR-1', price: '10.5', sales_price: '20', msrp: '25.99' },
      PNG,
    );
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      name: 'Drill',
      serial_number: 'SN-1',
      sku: 'DR-1',
      price: 10.5,
      sales_price: 20,
      msrp: 25.99,
      devices: [],
      condition: null,
      product_group: null,
    });
    expect(p.image).toMatch(/^\/api\/files\//);
    expect((await t.app.inject({ url: p.image, headers: admin })).statusCode).toBe(200);
  });

  it('refuses a file that is not an image, by content', async () => {
    const res = await multipart(
      'POST',
      '/api/products',
      { name: 'Fake' },
      Buffer.from('not an image at all'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(PRODUCT_MESSAGES.onlyImages);
  });

  it('answers the spec messages', async () => {
    const res = await create({ name: ' ', price: 0, sales_price: '-2', msrp: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual([
      PRODUCT_MESSAGES.nameRequired,
      PRODUCT_MESSAGES.costPositive,
      PRODUCT_MESSAGES.salePricePositive,
      PRODUCT_MESSAGES.msrpPositive,
    ]);
    const multi = await multipart('POST', '/api/products', { name: '', price: '0' });
    expect(multi.json().detail).toEqual([PRODUCT_MESSAGES.nameRequired, PRODUCT_MESSAGES.costPositive]);
    expect((await create({ name: 'Ok', price: null, sales_price: '', msrp: undefined })).statusCode).toBe(
      200,
    );
  });

  it('keeps serial numbers unique within the organization, also under concurrency', async () => {
    expect((await create({ name: 'A', serial_number: 'UNIQ-1' })).statusCode).toBe(200);
    const dup = await create({ name: 'B', serial_number: 'UNIQ-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(PRODUCT_MESSAGES.serialInUse);
    const race = await Promise.all(
      [1, 2, 3].map((i) => create({ name: `Race ${i}`, serial_number: 'RACE-1' })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await list('search=RACE-1')).json().total).toBe(1);
  });

  it('updates with multipart, keeping an unchanged image sent as text', async () => {
    const p = (await multipart('POST', '/api/products', { name: 'Saw' }, PNG)).json();
    const res = await multipart('PUT', `/api/products/${p.id}`, { name: 'Saw 2', image: p.image, msrp: '3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Saw 2', image: p.image, msrp: 3 });
  });
});

describe('products: duplicate, bulk edit, delete', () => {
  it('duplicates a product with the serial number cleared', async () => {
    const p = (await create({ name: 'Camera', serial_number: 'CAM-1', price: 5, sku: 'C1' })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${p.id}/duplicate`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(PRODUCT_MESSAGES.cloned);
    const copy = res.json().product;
    expect(copy.id).not.toBe(p.id);
    expect(copy).toMatchObject({ name: 'Camera', serial_number: null, price: 5, sku: 'C1' });
    const timeline = (await tracking(copy.id)).json().items;
    expect(timeline.map((e: Json) => e.label)).toEqual(['Product Created']);
  });

  it('bulk edits in one transaction with the same rules', async () => {
    const a = (await create({ name: 'Bulk A', price: 1 })).json();
    const b = (await create({ name: 'Bulk B', price: 2 })).json();
    const ok = await bulk({ id_products: [a.id, b.id], product: { price: '7.25', description: 'same' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ detail: PRODUCT_MESSAGES.bulkUpdated(2), updated: 2 });
    const got = (await t.app.inject({ url: `/api/products/${b.id}`, headers: admin })).json();
    expect(got).toMatchObject({ name: 'Bulk B', price: 7.25, description: 'same' });

    const bad = await bulk({
      id_products: [a.id],
      product: { price: 0, sales_price: -1, msrp: 0, name: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toEqual([
      PRODUCT_MESSAGES.nameRequired,
      PRODUCT_MESSAGES.costPositive,
      PRODUCT_MESSAGES.salePricePositive,
      PRODUCT_MESSAGES.msrpPositive,
    ]);
    expect((await bulk({ id_products: [], product: { price: 1 } })).json().detail).toBe(
      PRODUCT_MESSAGES.selectOne,
    );
    expect((await bulk({ id_products: [a.id], product: {} })).json().detail).toBe(
      PRODUCT_MESSAGES.nothingToChange,
    );
    const serial = await bulk({ id_products: [a.id, b.id], product: { serial_number: 'ONE' } });
    expect(serial.statusCode).toBe(409);
    const missing = await bulk({
      id_products: [a.id, '00000000-0000-4000-8000-000000000000'],
      product: { price: 99 },
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/products/${a.id}`, headers: admin })).json().price).toBe(7.25);
  });

  it('refuses to delete a product that sits in a device, and deletes it once free', async () => {
    const p = (await create({ name: 'Kayak' })).json();
    const free = (await create({ name: 'Paddle' })).json();
    const { device } = await placeDevice(p.id);
    const res = await remove([free.id, p.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(PRODUCT_MESSAGES.inDevice('Kayak'));
    expect((await t.app.inject({ url: `/api/products/${free.id}`, headers: admin })).statusCode).toBe(200);
    const shown = (await t.app.inject({ url: `/api/products/${p.id}`, headers: admin })).json();
    expect(shown.devices).toMatchObject([{ id: device.id, name: device.name }]);
    await t.database.db.update(devices).set({ idProduct: null }).where(eq(devices.id, device.id));
    const ok = await remove([p.id]);
    expect(ok.json()).toMatchObject({ detail: PRODUCT_MESSAGES.deleted, deleted: 1 });
  });

  it('puts a product in at most one device (database)', async () => {
    const p = (await create({ name: 'Solo' })).json();
    await placeDevice(p.id);
    await expect(placeDevice(p.id)).rejects.toThrow();
  });

  it('filters by location and by assignment', async () => {
    const p = (await create({ name: 'Placed bike' })).json();
    const q = (await create({ name: 'Loose bike' })).json();
    const { location } = await placeDevice(p.id);
    const at = (await list(`by_location=${location.id}`)).json();
    expect(at.items.map((i: Json) => i.id)).toEqual([p.id]);
    const loose = (await list('unassigned=true&search=bike')).json();
    expect(loose.items.map((i: Json) => i.id)).toEqual([q.id]);
  });
});

describe('products: tracking timeline and condition effects', () => {
  it('answers the history newest first with creation last', async () => {
    const p = (await create({ name: 'Tent' })).json();
    const [customer] = await t.database.db
      .insert(users)
      .values({ organizationId: orgId, name: 'Rita', lastName: 'Renter' })
      .returning();
    // an entry dated before the creation still sorts above it: creation is always last
    await t.database.db.insert(productTracking).values({
      organizationId: orgId,
      idProduct: p.id,
      state: 'incoming',
      createdAt: new Date(Date.now() - 3600_000),
    });
    await withTenant(t.database.db, orgId, async (tx) => {
      await recordTracking({
        tx,
        input: {
          organizationId: orgId,
          productId: p.id,
          state: 'outgoing',
          userId: customer!.id,
        },
      });
    });
    await withTenant(t.database.db, orgId, async (tx) => {
      await recordTracking({
        tx,
        input: {
          organizationId: orgId,
          productId: p.id,
          state: 'incoming',
          userId: customer!.id,
        },
      });
    });
    const items = (await tracking(p.id)).json().items;
    expect(items.map((e: Json) => e.label)).toEqual(['In', 'Out', 'In', 'Product Created']);
    expect(items[0].user).toEqual({ id: customer!.id, name: 'Rita', last_name: 'Renter' });
    expect(items[3].actor_name).toBe('Demo');
  });

  it('puts the device in maintenance and reports an issue when the condition says so', async () => {
    const cond = (
      await t.app.inject({
        method: 'POST',
        url: '/api/conditions',
        headers: admin,
        payload: { name: 'Broken', auto_maintenance: true, auto_report: true },
      })
    ).json();
    const p = (await create({ name: 'Scooter' })).json();
    const { device } = await placeDevice(p.id);
    const res = await put(p.id, { name: 'Scooter', id_condition: cond.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().condition).toEqual({ id: cond.id, name: 'Broken' });
    const [d] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(d!.status).toBe('maintenance');
    const logs = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'device'), eq(auditLog.entityId, device.id)));
    expect(logs.map((l) => l.action).sort()).toEqual(['maintenance', 'report_issue']);
    const items = (await tracking(p.id)).json().items;
    expect(items[0]).toMatchObject({
      state: 'maintenance',
      label: 'Maintenance Ticket',
      condition: { id: cond.id, name: 'Broken' },
      id_device: device.id,
    });
  });

  it('leaves a reserved device as it is, still writing the maintenance ticket', async () => {
    const cond = (
      await t.app.inject({
        method: 'POST',
        url: '/api/conditions',
        headers: admin,
        payload: { name: 'Scratched', auto_maintenance: true },
      })
    ).json();
    const p = (await create({ name: 'Board' })).json();
    const { device } = await placeDevice(p.id, 'reserved');
    await put(p.id, { name: 'Board', id_condition: cond.id });
    const [d] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(d!.status).toBe('reserved');
    expect((await tracking(p.id)).json().items[0].state).toBe('maintenance');
  });
});

describe('products: roles, tenancy, feature', () => {
  it('keeps viewers out; members add and clone but do not edit, bulk edit or delete', async () => {
    await createMember(t, orgId, { email: 'pv@demo-org.test', role: 'viewer' });
    await createMember(t, orgId, { email: 'pm@demo-org.test', role: 'member' });
    const viewer = bearer(await signIn(t.app, 'pv@demo-org.test'));
    const member = bearer(await signIn(t.app, 'pm@demo-org.test'));
    expect((await list('', viewer)).statusCode).toBe(403);
    expect((await create({ name: 'V' }, viewer)).statusCode).toBe(403);
    const made = await create({ name: 'By member' }, member);
    expect(made.statusCode).toBe(200);
    const id = made.json().id;
    expect((await tracking(id, viewer)).statusCode).toBe(403);
    expect((await tracking(id, member)).statusCode).toBe(200);
    expect((await put(id, { name: 'Edited' }, member)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/products/${id}/duplicate`, headers: member }))
        .statusCode,
    ).toBe(200);
    expect((await bulk({ id_products: [id], product: { price: 1 } }, member)).statusCode).toBe(403);
    expect((await remove([id], member)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/products/export', headers: member })).statusCode).toBe(403);
  });

  it("answers 404 for another organization's ids", async () => {
    const other = await createOrganization(t, 'prodco');
    await createMember(t, other.id, { email: 'boss@prodco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@prodco.test', undefined, 'prodco.localhost'));
    const foreign = (await create({ name: 'Foreign', serial_number: 'SN-1' }, theirs)).json();
    expect(foreign.serial_number).toBe('SN-1');
    const mine = (await create({ name: 'Mine' })).json();
    for (const res of [
      await t.app.inject({ url: `/api/products/${foreign.id}`, headers: admin }),
      await put(foreign.id, { name: 'x' }),
      await t.app.inject({ method: 'POST', url: `/api/products/${foreign.id}/duplicate`, headers: admin }),
      await tracking(foreign.id),
      await bulk({ id_products: [foreign.id], product: { price: 1 } }),
      await remove([mine.id, foreign.id]),
      await create({ name: 'Ref', id_product_group: foreign.id }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await list('search=Foreign')).json().total).toBe(0);
    expect((await t.app.inject({ url: `/api/products/${mine.id}`, headers: admin })).statusCode).toBe(200);
  });

  it('answers 403 when the product feature is off', async () => {
    const off = await createOrganization(t, 'noprod');
    await t.database.db.update(organizations).set({ product: false }).where(eq(organizations.id, off.id));
    await createMember(t, off.id, { email: 'boss@noprod.test' });
    const theirs = bearer(await signIn(t.app, 'boss@noprod.test', undefined, 'noprod.localhost'));
    const res = await list('', theirs);
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/conditions', headers: theirs })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/product-groups', headers: theirs })).statusCode).toBe(403);
  });
});

describe('products: CSV upload and export', () => {
  const upload = (csv: string) => {
    const body = multipartBody({}, [
      { name: 'file', filename: 'products.csv', data: Buffer.from(csv), type: 'text/csv' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/products/csv',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  };

  it('keeps good rows and answers per-row results', async () => {
    const res = await upload(
      'name,serial_number,sku,price,sales_price,msrp,description\nCsv One,CSV-1,S1,1.50,2,3,first\n,CSV-2,,,,,\nCsv Three,,,0,,,\nCsv Four,CSV-1,,,,,\n',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: PRODUCT_MESSAGES.nameRequired },
      { row: 3, detail: PRODUCT_MESSAGES.costPositive },
      { row: 4, detail: PRODUCT_MESSAGES.serialInUse },
    ]);
    const made = (await list('search=Csv One')).json().items[0];
    expect((await tracking(made.id)).json().items.map((e: Json) => e.state)).toEqual(['new']);
  });

  it('exports product_export.csv with the upload headers', async () => {
    const res = await t.app.inject({ url: '/api/products/export?search=Csv One', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('product_export.csv');
    const rows = parse(res.body, { columns: true, bom: true }) as Json[];
    expect(rows).toEqual([
      {
        name: 'Csv One',
        serial_number: 'CSV-1',
        sku: 'S1',
        price: '1.5',
        sales_price: '2',
        msrp: '3',
        description: 'first',
        id_product_group: '',
        id_condition: '',
      },
    ]);
  });

  it('never answers 500 on odd input', async () => {
    const res = await create({ name: 'x'.repeat(201), price: 1e12 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).not.toEqual(MSG.serverError);
  });
});
