import { PROMO_MESSAGES } from '@lockerops/contract';
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

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
});
afterAll(() => t.close());

const promo = (over: object = {}) => ({
  name: 'Spring',
  code: 'SPRING10',
  discount_type: 'percentage',
  amount: 10,
  start_time: '2026-03-01T00:00:00.000Z',
  end_time: '2026-03-31T23:59:00.000Z',
  ...over,
});
const create = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/promos', headers, payload });
const update = (id: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/promos/${id}`, headers, payload });

describe('promos', () => {
  it('creates a percentage promo and a fixed one', async () => {
    const p = await create(promo());
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({
      name: 'Spring',
      code: 'SPRING10',
      discount_type: 'percentage',
      amount: 10,
      start_time: '2026-03-01T00:00:00.000Z',
      end_time: '2026-03-31T23:59:00.000Z',
    });
    const f = await create(promo({ code: 'FIVE', discount_type: 'fixed', amount: '5.50' }));
    expect(f.json()).toMatchObject({ discount_type: 'fixed', amount: 5.5 });
  });

  it('answers every message', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual([
      PROMO_MESSAGES.nameRequired,
      PROMO_MESSAGES.codeRequired,
      PROMO_MESSAGES.discountTypeRequired,
      PROMO_MESSAGES.amountRequired,
      PROMO_MESSAGES.startTimeRequired,
      PROMO_MESSAGES.endTimeRequired,
    ]);
    expect((await create(promo({ code: 'N1', amount: 'ten' }))).json().detail).toBe(
      PROMO_MESSAGES.amountNumeric,
    );
    expect((await create(promo({ code: 'N2', amount: 0, discount_type: 'fixed' }))).json().detail).toBe(
      PROMO_MESSAGES.amountPositive,
    );
    expect((await create(promo({ code: 'N3', amount: 101 }))).json().detail).toBe(
      PROMO_MESSAGES.percentageRange,
    );
    expect((await create(promo({ code: 'N4', amount: 0.5 }))).json().detail).toBe(
      PROMO_MESSAGES.percentageRange,
    );
    expect((await create(promo({ code: 'N5', amount: 100 }))).statusCode).toBe(200);
    expect((await create(promo({ code: 'N6', end_time: '2026-02-28T00:00:00.000Z' }))).json().detail).toBe(
      PROMO_MESSAGES.endBeforeStart,
    );
    expect((await create(promo({ code: 'N7', end_time: '2026-03-01T00:00:00.000Z' }))).statusCode).toBe(200);
    expect((await create(promo({ code: 'N8', start_time: 'not a date' }))).json().detail).toBe(
      PROMO_MESSAGES.startTimeRequired,
    );
    // a date past the four-digit years is refused with the field's message, not a server error
    const far = await create(promo({ code: 'N9', end_time: '99999-12-31' }));
    expect([far.statusCode, far.json().detail]).toEqual([400, PROMO_MESSAGES.endTimeRequired]);
  });

  it('keeps the code unique within the organization, ignoring case', async () => {
    const dup = await create(promo({ code: 'spring10', name: 'Other' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(PROMO_MESSAGES.codeTaken);
    const mine = (await create(promo({ code: 'UNIQ' }))).json();
    expect((await update(mine.id, promo({ code: 'uniq', name: 'Renamed' }))).statusCode).toBe(200);
    expect((await update(mine.id, promo({ code: 'Spring10' }))).json().detail).toBe(PROMO_MESSAGES.codeTaken);
    // another organization may use the same code
    const other = await createOrganization(t, 'promoco');
    await createMember(t, other.id, { email: 'boss@promoco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@promoco.test', undefined, 'promoco.localhost'));
    const foreign = await create(promo(), theirs);
    expect(foreign.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/promos/${foreign.json().id}`, headers: admin })).statusCode).toBe(
      404,
    );
    expect((await update(foreign.json().id, promo({ code: 'X' }))).statusCode).toBe(404);
  });

  it('concurrent creates of one code leave one promo', async () => {
    const all = await Promise.all(
      ['RACE', 'race', 'Race', 'rAcE'].map((code, i) => create(promo({ code, name: `Race ${i}` }))),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const r of all.filter((x) => x.statusCode === 409))
      expect(r.json().detail).toBe(PROMO_MESSAGES.codeTaken);
    expect((await t.app.inject({ url: '/api/promos?search=race', headers: admin })).json().total).toBe(1);
  });

  it('deletes with the spec message; CSV rows report duplicates; viewers are refused', async () => {
    const p = (await create(promo({ code: 'GONE' }))).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/promos',
      headers: admin,
      payload: { ids: [p.id] },
    });
    expect(del.json()).toMatchObject({ detail: PROMO_MESSAGES.deleted, deleted: 1 });
    const csv =
      'name,code,discount_type,amount,start_time,end_time\nCsv1,CSV1,fixed,2,2026-01-01T00:00:00Z,2026-02-01T00:00:00Z\nCsv2,csv1,fixed,2,2026-01-01T00:00:00Z,2026-02-01T00:00:00Z\nCsv3,CSV3,percentage,150,2026-01-01T00:00:00Z,2026-02-01T00:00:00Z\n';
    const body = multipartBody({}, [
      { name: 'file', filename: 'p.csv', data: Buffer.from(csv), type: 'text/csv' },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/promos/csv',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(up.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: PROMO_MESSAGES.codeTaken },
      { row: 3, detail: PROMO_MESSAGES.percentageRange },
    ]);
    const exp = await t.app.inject({ url: '/api/promos/export?search=CSV', headers: admin });
    expect(exp.headers['content-disposition']).toContain('promo_export.csv');
    expect(exp.body).toContain('CSV1');
    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'prv@demo-org.test', role: 'viewer' });
    const viewer = bearer(await signIn(t.app, 'prv@demo-org.test'));
    expect((await t.app.inject({ url: '/api/promos', headers: viewer })).statusCode).toBe(403);
  });
});
