import { CONDITION_MESSAGES } from '@lockerops/contract';
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
import { devices, locations } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let member: { authorization: string };
let viewer: { authorization: string };
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'cm@demo-org.test', role: 'member' });
  await createMember(t, orgId, { email: 'cv@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'cm@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'cv@demo-org.test'));
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const create = (payload: Json, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/conditions', headers, payload });
const toggle = (id: string, payload: Json, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/conditions/${id}`, headers, payload });
const clone = (id: string, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/conditions/${id}/clone`, headers });
const product = async (name: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload: { name } })).json();

describe('conditions', () => {
  it('creates a condition with its products and answers them', async () => {
    const a = await product('Helmet');
    const b = await product('Gloves');
    const res = await create({ name: 'Good', products: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Good',
      auto_report: false,
      auto_maintenance: false,
      products_count: 2,
      products: [
        { id: b.id, name: 'Gloves' },
        { id: a.id, name: 'Helmet' },
      ],
    });
    const p = (await t.app.inject({ url: `/api/products/${a.id}`, headers: admin })).json();
    expect(p.condition).toEqual({ id: res.json().id, name: 'Good' });
  });

  it("answers 'Condition name is required'", async () => {
    const res = await create({ name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(CONDITION_MESSAGES.nameRequired);
  });

  it('toggles the auto flags (admins only) and keeps the absent one', async () => {
    const c = (await create({ name: 'Worn', auto_report: true })).json();
    const res = await toggle(c.id, { auto_maintenance: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(CONDITION_MESSAGES.saved);
    expect(res.json().condition).toMatchObject({ auto_report: true, auto_maintenance: true });
    expect((await toggle(c.id, {})).json().detail).toBe(CONDITION_MESSAGES.nothingToChange);
    expect((await toggle(c.id, { auto_report: false }, member)).statusCode).toBe(403);
    const history = (await t.app.inject({ url: `/api/history/condition/${c.id}`, headers: admin })).json();
    expect(history.items[0].changes).toEqual({ auto_maintenance: { before: false, after: true } });
  });

  it('clones a condition without its products (admins only)', async () => {
    const p = await product('Lamp');
    const c = (await create({ name: 'Dented', auto_maintenance: true, products: [p.id] })).json();
    const res = await clone(c.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(CONDITION_MESSAGES.cloned);
    expect(res.json().condition).toMatchObject({
      name: 'Dented (copy)',
      auto_maintenance: true,
      auto_report: false,
      products: [],
    });
    expect((await clone(c.id, member)).statusCode).toBe(403);
  });

  it('applies auto maintenance to the device of a product assigned to the condition', async () => {
    const p = await product('E-bike');
    const [loc] = await t.database.db
      .insert(locations)
      .values({ organizationId: orgId, name: 'Dock' })
      .returning();
    const [dev] = await t.database.db
      .insert(devices)
      .values({
        organizationId: orgId,
        name: 'Bay 1',
        lockerNumber: 1,
        mode: 'rental',
        hardwareType: 'virtual',
        idLocation: loc!.id,
        idProduct: p.id,
      })
      .returning();
    const c = (await create({ name: 'Flat tyre', auto_maintenance: true })).json();
    const up = await t.app.inject({
      method: 'PUT',
      url: `/api/conditions/${c.id}`,
      headers: admin,
      payload: { name: 'Flat tyre', auto_maintenance: true, products: [p.id] },
    });
    expect(up.statusCode).toBe(200);
    const [d] = await t.database.db.select().from(devices).where(eq(devices.id, dev!.id));
    expect(d!.status).toBe('maintenance');
    const items = (await t.app.inject({ url: `/api/products/${p.id}/tracking`, headers: admin })).json()
      .items;
    expect(items.map((e: Json) => e.label)).toEqual(['Maintenance Ticket', 'Product Created']);
  });

  it('lets members list and add, but not edit or delete; keeps viewers out', async () => {
    expect((await t.app.inject({ url: '/api/conditions', headers: viewer })).statusCode).toBe(403);
    const made = await create({ name: 'By member' }, member);
    expect(made.statusCode).toBe(200);
    const id = made.json().id;
    expect((await t.app.inject({ url: '/api/conditions?search=member', headers: member })).json().total).toBe(
      1,
    );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/conditions/${id}`,
          headers: member,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const del = (headers: { authorization: string }) =>
      t.app.inject({ method: 'DELETE', url: '/api/conditions', headers, payload: { ids: [id] } });
    expect((await del(member)).statusCode).toBe(403);
    expect((await del(admin)).json()).toMatchObject({ detail: CONDITION_MESSAGES.deleted, deleted: 1 });
  });

  it("answers 404 for another organization's ids", async () => {
    const other = await createOrganization(t, 'condco');
    await createMember(t, other.id, { email: 'boss@condco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@condco.test', undefined, 'condco.localhost'));
    const foreign = (await create({ name: 'Foreign' }, theirs)).json();
    const theirProduct = (
      await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: theirs,
        payload: { name: 'Theirs' },
      })
    ).json();
    expect((await t.app.inject({ url: `/api/conditions/${foreign.id}`, headers: admin })).statusCode).toBe(
      404,
    );
    expect((await toggle(foreign.id, { auto_report: true })).statusCode).toBe(404);
    expect((await clone(foreign.id)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/conditions',
          headers: admin,
          payload: { ids: [foreign.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await create({ name: 'Steal', products: [theirProduct.id] })).statusCode).toBe(404);
  });

  it('uploads and exports CSV', async () => {
    const body = multipartBody({}, [
      {
        name: 'file',
        filename: 'c.csv',
        data: Buffer.from('name,auto_report,auto_maintenance\nCsv Cond,true,false\n,false,false\n'),
        type: 'text/csv',
      },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/conditions/csv',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(up.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: CONDITION_MESSAGES.nameRequired },
    ]);
    const res = await t.app.inject({ url: '/api/conditions/export?search=Csv Cond', headers: admin });
    expect(res.headers['content-disposition']).toContain('condition_export.csv');
    expect(parse(res.body, { columns: true, bom: true })).toEqual([
      { name: 'Csv Cond', auto_report: 'true', auto_maintenance: 'false' },
    ]);
  });
});
