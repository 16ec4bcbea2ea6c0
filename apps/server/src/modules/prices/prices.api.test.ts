import { ORGANIZATION_MESSAGES, PRICE_MESSAGES } from '@lockerops/contract';
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
import { organizations, prices } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
});
afterAll(() => t.close());

const hourly = { name: 'Hourly', price_type: 'pay_per_time', amount: 2.5, unit_amount: 1, unit: 'hour' };
const create = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/prices', headers, payload });
const update = (id: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/prices/${id}`, headers, payload });
const list = (qs = '', headers = admin) => t.app.inject({ url: `/api/prices?${qs}`, headers });
const upload = (csv: string, headers = admin) => {
  const body = multipartBody({}, [
    { name: 'file', filename: 'prices.csv', data: Buffer.from(csv), type: 'text/csv' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/prices/csv',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const defaults = async () =>
  (await list('size=1000')).json().items.filter((p: { default: boolean }) => p.default) as Array<{
    id: string;
  }>;

describe('prices: create and validate', () => {
  it('creates a pay-per-time price; an amount above 0 forces card on file', async () => {
    const res = await create({ ...hourly, card_on_file: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Hourly',
      price_type: 'pay_per_time',
      amount: 2.5,
      currency: 'usd',
      unit_amount: 1,
      unit: 'hour',
      card_on_file: true,
      default: false,
      prorated: false,
    });
  });

  it('keeps card on file as chosen when the amount is 0, and stores money exactly', async () => {
    const free = (await create({ ...hourly, name: 'Free', amount: 0, card_on_file: false })).json();
    expect(free).toMatchObject({ amount: 0, card_on_file: false });
    const odd = (await create({ ...hourly, name: 'Odd', amount: '0.30' })).json();
    expect(odd.amount).toBe(0.3);
    const [row] = await t.database.db.select().from(prices).where(eq(prices.id, odd.id));
    expect(row!.amount).toBe('0.30');
  });

  it('creates a pay-per-weight price without unit amount', async () => {
    const res = await create({
      name: 'Laundry',
      price_type: 'pay_per_weight',
      amount: 1.99,
      unit: 'kg',
      unit_amount: 5,
      currency: 'EUR',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ unit: 'kg', unit_amount: null, currency: 'eur' });
  });

  it('answers the messages', async () => {
    const res = await create({ name: '', amount: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(
      expect.arrayContaining([
        PRICE_MESSAGES.nameRequired,
        PRICE_MESSAGES.priceTypeRequired,
        PRICE_MESSAGES.amountRequired,
        PRICE_MESSAGES.unitRequired,
      ]),
    );
    expect((await create({ ...hourly, amount: 'abc' })).json().detail).toBe(PRICE_MESSAGES.amountNumeric);
    expect((await create({ ...hourly, amount: 1.234 })).json().detail).toBe(PRICE_MESSAGES.amountDecimals);
    expect((await create({ ...hourly, amount: -1 })).json().detail).toBe(PRICE_MESSAGES.amountNotNegative);
    expect((await create({ ...hourly, unit_amount: undefined })).json().detail).toBe(
      PRICE_MESSAGES.unitAmountRequired,
    );
    expect((await create({ ...hourly, unit_amount: 1.5 })).json().detail).toBe(
      PRICE_MESSAGES.unitAmountInteger,
    );
    expect((await create({ ...hourly, unit: 'kg' })).json().detail).toBe(PRICE_MESSAGES.unitMismatch);
    expect((await create({ ...hourly, currency: 'xyz' })).json().detail).toBe(PRICE_MESSAGES.currencyInvalid);
  });

  it('changing price_type needs a unit of the new type', async () => {
    const p = (await create({ ...hourly, name: 'Switch' })).json();
    expect((await update(p.id, { ...hourly, price_type: 'pay_per_weight' })).json().detail).toBe(
      PRICE_MESSAGES.unitMismatch,
    );
    const ok = await update(p.id, { ...hourly, price_type: 'pay_per_weight', unit: 'lb' });
    expect(ok.json()).toMatchObject({ price_type: 'pay_per_weight', unit: 'lb', unit_amount: null });
  });
});

describe('prices: one default per organization', () => {
  it('setting a new default clears the old one', async () => {
    const a = (await create({ ...hourly, name: 'Default A', default: true })).json();
    expect((await defaults()).map((p) => p.id)).toEqual([a.id]);
    const b = (await create({ ...hourly, name: 'Default B', default: true })).json();
    expect((await defaults()).map((p) => p.id)).toEqual([b.id]);
    await update(a.id, { ...hourly, name: 'Default A', default: true });
    expect((await defaults()).map((p) => p.id)).toEqual([a.id]);
    // editing the default keeps it
    await update(a.id, { ...hourly, name: 'Default A2', default: true });
    expect((await defaults()).map((p) => p.id)).toEqual([a.id]);
    const hist = (await t.app.inject({ url: `/api/history/price/${b.id}`, headers: admin })).json().items;
    expect(hist[0].changes.is_default).toEqual({ before: true, after: false });
  });

  it('concurrent attempts leave exactly one default', async () => {
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create({ ...hourly, name: `Race ${i}`, default: true })),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await defaults()).toHaveLength(1);
    const ids = made.map((r) => r.json().id as string);
    const updates = await Promise.all(
      ids.map((id, i) => update(id, { ...hourly, name: `Race ${i}`, default: true })),
    );
    expect(updates.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await defaults()).toHaveLength(1);
  });
});

describe('prices: list, delete, CSV, export', () => {
  it("lists weight prices alone, or every other, for a device's price picker", async () => {
    await create({
      ...hourly,
      name: 'Kilo rate',
      price_type: 'pay_per_weight',
      unit: 'kg',
      unit_amount: undefined,
    });
    await create({ ...hourly, name: 'Kilo hour' });
    const types = async (qs: string) =>
      new Set(
        (await list(`search=Kilo&${qs}`)).json().items.map((x: { price_type: string }) => x.price_type),
      );
    expect(await types('weight=true')).toEqual(new Set(['pay_per_weight']));
    expect(await types('weight=false')).toEqual(new Set(['pay_per_time']));
    expect((await list('weight=maybe')).statusCode).toBe(400);
    const def = (await create({ ...hourly, name: 'Kilo default', default: true })).json();
    expect((await list('default=true')).json().items.map((x: { id: string }) => x.id)).toEqual([def.id]);
  });

  it('searches, deletes with the spec message', async () => {
    const p = (await create({ ...hourly, name: 'Zebra price' })).json();
    expect((await list('search=ZEBRA')).json().items.map((x: { id: string }) => x.id)).toEqual([p.id]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/prices',
      headers: admin,
      payload: { ids: [p.id] },
    });
    expect(del.json()).toMatchObject({ detail: PRICE_MESSAGES.deleted, deleted: 1 });
  });

  it('uploads rows with per-row results and exports them', async () => {
    const csv =
      'name,price_type,amount,currency,unit_amount,unit,prorated,card_on_file,default\nCsv Time,pay_per_time,3.5,usd,2,hour,true,,\nCsv Bad,pay_per_time,1,usd,,hour,,,\nCsv Weight,pay_per_weight,0,,,lb,,yes,\n';
    const res = await upload(csv);
    expect(res.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: PRICE_MESSAGES.unitAmountRequired },
      { row: 3, detail: true },
    ]);
    const out = await t.app.inject({ url: '/api/prices/export?search=Csv', headers: admin });
    expect(out.headers['content-disposition']).toContain('price_export.csv');
    const rows = parse(out.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.name).sort()).toEqual(['Csv Time', 'Csv Weight']);
    expect(rows.find((r) => r.name === 'Csv Time')).toMatchObject({
      amount: '3.50',
      unit_amount: '2',
      prorated: 'true',
    });
    expect(rows.find((r) => r.name === 'Csv Weight')).toMatchObject({ card_on_file: 'true', amount: '0.00' });
  });
});

describe('prices: roles, feature flag, tenancy', () => {
  it('keeps viewers out; members cannot delete', async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'pv@demo-org.test', role: 'viewer' });
    await createMember(t, org.id, { email: 'pm@demo-org.test', role: 'member' });
    const viewer = bearer(await signIn(t.app, 'pv@demo-org.test'));
    const member = bearer(await signIn(t.app, 'pm@demo-org.test'));
    expect((await list('', viewer)).statusCode).toBe(403);
    expect((await create(hourly, viewer)).statusCode).toBe(403);
    const made = await create({ ...hourly, name: 'By member' }, member);
    expect(made.statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/prices',
      headers: member,
      payload: { ids: [made.json().id] },
    });
    expect(del.statusCode).toBe(403);
  });

  it('answers 403 when the pricing feature is off', async () => {
    const other = await createOrganization(t, 'nopricing');
    await t.database.db.update(organizations).set({ pricing: false }).where(eq(organizations.id, other.id));
    await createMember(t, other.id, { email: 'boss@nopricing.test' });
    const theirs = bearer(await signIn(t.app, 'boss@nopricing.test', undefined, 'nopricing.localhost'));
    for (const res of [await list('', theirs), await create(hourly, theirs)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(ORGANIZATION_MESSAGES.featureDisabled);
    }
  });

  it('answers 404 for another organization ids; defaults are per organization', async () => {
    const other = await createOrganization(t, 'priceco');
    await createMember(t, other.id, { email: 'boss@priceco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@priceco.test', undefined, 'priceco.localhost'));
    const foreign = (await create({ ...hourly, name: 'Foreign', default: true }, theirs)).json();
    expect(foreign.default).toBe(true);
    expect(await defaults()).toHaveLength(1);
    expect((await t.app.inject({ url: `/api/prices/${foreign.id}`, headers: admin })).statusCode).toBe(404);
    expect((await update(foreign.id, hourly)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/prices',
      headers: admin,
      payload: { ids: [foreign.id] },
    });
    expect(del.statusCode).toBe(404);
  });
});
