import { PRODUCT_GROUP_MESSAGES } from '@lockerops/contract';
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

let t: TestApp;
let admin: { authorization: string };
let sizeId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  sizeId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/sizes',
      headers: admin,
      payload: { name: 'Medium', width: 10, depth: 10, height: 10 },
    })
  ).json().id;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const create = (payload: Json, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/product-groups', headers, payload });
const multipart = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, image?: Buffer) => {
  const body = multipartBody(
    fields,
    image ? [{ name: 'image', filename: 'g.png', data: image, type: 'image/png' }] : [],
  );
  return t.app.inject({ method, url, headers: { ...admin, ...body.headers }, payload: body.payload });
};
const product = async (name: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload: { name } })).json();

describe('product groups', () => {
  it('creates a group from multipart with image, size and products', async () => {
    const a = await product('Drone A');
    const b = await product('Drone B');
    const body = multipartBody(
      {
        name: 'Drones 2',
        one_to_one: 'false',
        id_size: sizeId,
        charging_time: '120',
        auto_repair: 'true',
        transaction_number: '1234567890',
        total_inventory: '2',
      },
      [{ name: 'image', filename: 'g.png', data: PNG, type: 'image/png' }],
    );
    // products as a repeated multipart field
    const payload = Buffer.concat([
      body.payload.subarray(0, body.payload.length - Buffer.byteLength(`${boundaryOf(body)}--\r\n`)),
      Buffer.from(
        [a.id, b.id]
          .map(
            (id) => `${boundaryOf(body)}\r\nContent-Disposition: form-data; name="products"\r\n\r\n${id}\r\n`,
          )
          .join(''),
      ),
      Buffer.from(`${boundaryOf(body)}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product-groups',
      headers: { ...admin, ...body.headers },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({
      name: 'Drones 2',
      one_to_one: false,
      size: { id: sizeId, name: 'Medium', width: 10 },
      charging_time: 120,
      auto_repair: true,
      transaction_number: 1234567890,
      total_inventory: 2,
      products: [
        { id: a.id, name: 'Drone A' },
        { id: b.id, name: 'Drone B' },
      ],
    });
    expect(g.image).toMatch(/^\/api\/files\//);
    const p = (await t.app.inject({ url: `/api/products/${a.id}`, headers: admin })).json();
    expect(p.product_group).toEqual({ id: g.id, name: 'Drones 2' });

    // an update with a shorter product list takes the others out of the group
    const up = await multipart('PUT', `/api/product-groups/${g.id}`, {
      name: 'Drones 2',
      one_to_one: 'true',
      products: a.id,
      image: g.image,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().products).toEqual([{ id: a.id, name: 'Drone A' }]);
    expect(up.json().image).toBe(g.image);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/product-groups',
      headers: admin,
      payload: { ids: [g.id] },
    });
    expect(del.json().detail).toBe(PRODUCT_GROUP_MESSAGES.deleted);
    expect(
      (await t.app.inject({ url: `/api/products/${a.id}`, headers: admin })).json().product_group,
    ).toBeNull();
  });

  it('answers the name, digit, return policy and size rules', async () => {
    const cases: Array<[Json, string | string[]]> = [
      [{ one_to_one: true }, PRODUCT_GROUP_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(51), one_to_one: true }, PRODUCT_GROUP_MESSAGES.nameMax],
      [{ name: 'Bad-name!', one_to_one: true }, PRODUCT_GROUP_MESSAGES.nameChars],
      [{ name: 'Ok', one_to_one: true, charging_time: '1234567' }, PRODUCT_GROUP_MESSAGES.chargingTime],
      [
        { name: 'Ok', one_to_one: true, transaction_number: 12345678901 },
        PRODUCT_GROUP_MESSAGES.transactionNumber,
      ],
      [{ name: 'Ok' }, PRODUCT_GROUP_MESSAGES.returnPolicyRequired],
      [{ name: 'Ok', one_to_one: false }, PRODUCT_GROUP_MESSAGES.sizeRequired],
    ];
    for (const [payload, detail] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toEqual(detail);
    }
    expect((await create({ name: 'Same locker 1', one_to_one: true })).statusCode).toBe(200);
  });

  it('refuses a non-image upload', async () => {
    const res = await multipart(
      'POST',
      '/api/product-groups',
      { name: 'Pics', one_to_one: 'true' },
      Buffer.from('plain text'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(PRODUCT_GROUP_MESSAGES.onlyImages);
  });

  it('lets a member add a group but not edit one (spec operational §1)', async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'gm@demo-org.test', role: 'member' });
    const member = bearer(await signIn(t.app, 'gm@demo-org.test'));
    const made = await create({ name: 'Member group', one_to_one: true }, member);
    expect(made.statusCode).toBe(200);
    const put = (headers: { authorization: string }) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/product-groups/${made.json().id}`,
        headers,
        payload: { name: 'Renamed', one_to_one: true },
      });
    expect((await put(member)).statusCode).toBe(403);
    expect((await put(admin)).statusCode).toBe(200);
  });

  it("keeps viewers out and answers 404 for another organization's ids", async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'gv@demo-org.test', role: 'viewer' });
    const viewer = bearer(await signIn(t.app, 'gv@demo-org.test'));
    expect((await t.app.inject({ url: '/api/product-groups', headers: viewer })).statusCode).toBe(403);

    const other = await createOrganization(t, 'groupco');
    await createMember(t, other.id, { email: 'boss@groupco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@groupco.test', undefined, 'groupco.localhost'));
    const foreign = (await create({ name: 'Foreign', one_to_one: true }, theirs)).json();
    expect(
      (await t.app.inject({ url: `/api/product-groups/${foreign.id}`, headers: admin })).statusCode,
    ).toBe(404);
    expect(
      (await create({ name: 'Their size', one_to_one: false, id_size: sizeId }, theirs)).statusCode,
    ).toBe(404);
    const mine = await product('Mine');
    expect((await create({ name: 'Steal', one_to_one: true, products: [mine.id] }, theirs)).statusCode).toBe(
      404,
    );
  });
});

function boundaryOf(body: { headers: { 'content-type': string } }): string {
  return `--${body.headers['content-type'].split('boundary=')[1]}`;
}
