import { CSV_MESSAGES, MSG, SIZE_MESSAGES } from '@lockerops/contract';
import { parse } from 'csv-parse/sync';
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
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
});
afterAll(() => t.close());

const create = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/sizes', headers, payload });
const list = (qs: string, headers = admin) => t.app.inject({ url: `/api/sizes?${qs}`, headers });
const upload = (csv: string, extra: Record<string, string> = {}, headers = admin) => {
  const body = multipartBody(extra, [
    { name: 'file', filename: 'sizes.csv', data: Buffer.from(csv), type: 'text/csv' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/sizes/csv',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe('sizes: create and validate', () => {
  it('creates a size and answers it with numbers', async () => {
    const res = await create({ name: 'Small', width: '12.5', depth: 10, height: 8.25, external_id: 'S-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Small',
      width: 12.5,
      depth: 10,
      height: 8.25,
      external_id: 'S-1',
      available_devices: 0,
    });
  });

  it('answers the spec messages', async () => {
    const res = await create({ name: '', width: 0, depth: 1.234, height: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual([
      SIZE_MESSAGES.nameRequired,
      'Width must be greater than 0',
      'Depth must have up to 2 decimal places',
      'Height required',
    ]);
  });
});

describe('sizes: list', () => {
  beforeAll(async () => {
    for (const [name, width] of [
      ['Alpha', 5],
      ['beta', 7],
      ['Gamma', 3],
      ['Delta box', 9],
    ] as const) {
      await create({ name, width, depth: 1, height: 1 });
    }
  });

  it('pages with 1-based pages and totals', async () => {
    const res = (await list('page=2&size=2&sort_by=name&order=asc')).json();
    expect(res.total).toBeGreaterThanOrEqual(5);
    expect(res.page).toBe(2);
    expect(res.page_size).toBe(2);
    expect(res.pages).toBe(Math.ceil(res.total / 2));
    expect(res.items).toHaveLength(2);
  });

  it('searches case-insensitively from 2 characters', async () => {
    const res = (await list('search=DELTA')).json();
    expect(res.items.map((s: { name: string }) => s.name)).toEqual(['Delta box']);
    const short = (await list('search=d')).json();
    expect(short.total).toBe((await list('')).json().total);
    const wild = (await list('search=%25_')).json();
    expect(wild.total).toBe(0);
  });

  it('sorts on the server', async () => {
    const asc = (await list('sort_by=width&order=asc&size=100'))
      .json()
      .items.map((s: { width: number }) => s.width);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list('sort_by=width&order=desc&size=100'))
      .json()
      .items.map((s: { width: number }) => s.width);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });
});

describe('sizes: update, delete, history, tenancy, roles', () => {
  it('updates, logs history, and deletes', async () => {
    const s = (await create({ name: 'Temp', width: 1, depth: 1, height: 1 })).json();
    const up = await t.app.inject({
      method: 'PUT',
      url: `/api/sizes/${s.id}`,
      headers: admin,
      payload: { name: 'Temp 2', width: 2, depth: 1, height: 1 },
    });
    expect(up.json()).toMatchObject({ name: 'Temp 2', width: 2 });
    const history = (await t.app.inject({ url: `/api/history/size/${s.id}`, headers: admin })).json().items;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(history[0].changes).toEqual({
      name: { before: 'Temp', after: 'Temp 2' },
      width: { before: '1.00', after: '2.00' },
    });
    expect(history[0].actor_name).toBe('Demo');
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/sizes',
      headers: admin,
      payload: { ids: [s.id] },
    });
    expect(del.json()).toMatchObject({ detail: SIZE_MESSAGES.deleted, deleted: 1 });
    expect((await t.app.inject({ url: `/api/sizes/${s.id}`, headers: admin })).statusCode).toBe(404);
  });

  it('answers 404 for another organization ids, and deletes nothing', async () => {
    const other = await createOrganization(t, 'sizeco');
    await createMember(t, other.id, { email: 'boss@sizeco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@sizeco.test', undefined, 'sizeco.localhost'));
    const foreign = (await create({ name: 'Foreign', width: 1, depth: 1, height: 1 }, theirs)).json();
    const mine = (await create({ name: 'Mine', width: 1, depth: 1, height: 1 })).json();
    expect((await t.app.inject({ url: `/api/sizes/${foreign.id}`, headers: admin })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/sizes/${foreign.id}`,
          headers: admin,
          payload: { name: 'x', width: 1, depth: 1, height: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/history/size/${foreign.id}`, headers: admin })).statusCode).toBe(
      404,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/sizes',
      headers: admin,
      payload: { ids: [mine.id, foreign.id] },
    });
    expect(del.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/sizes/${mine.id}`, headers: admin })).statusCode).toBe(200);
    expect((await list('search=Foreign')).json().total).toBe(0);
  });

  it('keeps viewers out and bulk actions for admins', async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'v@demo-org.test', role: 'viewer' });
    await createMember(t, org.id, { email: 'm@demo-org.test', role: 'member' });
    const viewer = bearer(await signIn(t.app, 'v@demo-org.test'));
    const member = bearer(await signIn(t.app, 'm@demo-org.test'));
    expect((await list('', viewer)).statusCode).toBe(403);
    expect((await create({ name: 'V', width: 1, depth: 1, height: 1 }, viewer)).statusCode).toBe(403);
    const made = await create({ name: 'By member', width: 1, depth: 1, height: 1 }, member);
    expect(made.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/sizes',
          headers: member,
          payload: { ids: [made.json().id] },
        })
      ).statusCode,
    ).toBe(403);
    expect((await upload('name,width,depth,height\nA,1,1,1', {}, member)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/sizes/export', headers: member })).statusCode).toBe(403);
  });
});

describe('sizes: CSV upload and export', () => {
  it('keeps good rows and answers per-row results', async () => {
    const csv =
      'name,description,width,depth,height,external_id\nCsv A,first,1,2,3,CA\n,missing name,1,1,1,\nCsv C,,0,1,1,\nCsv D,,4.5,4.5,4.5,CD\n';
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: SIZE_MESSAGES.nameRequired },
      { row: 3, detail: 'Width must be greater than 0' },
      { row: 4, detail: true },
    ]);
    expect((await list('search=Csv')).json().total).toBe(2);
  });

  it('writes nothing on a dry run', async () => {
    const res = await upload('name,width,depth,height\nDry One,1,1,1\n', { dry_run: 'true' });
    expect(res.json()).toEqual([{ row: 1, detail: true }]);
    expect((await list('search=Dry One')).json().total).toBe(0);
  });

  it('refuses more than 500 rows and an empty file', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => `Bulk ${i},1,1,1`).join('\n');
    const res = await upload(`name,width,depth,height\n${rows}\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(CSV_MESSAGES.tooManyRows);
    expect((await list('search=Bulk')).json().total).toBe(0);
    expect((await upload('')).json().detail).toBe(CSV_MESSAGES.unreadable);
  });

  it('accepts exactly 500 rows', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `Five ${i},1,1,1`).join('\n');
    const res = await upload(`name,width,depth,height\n${rows}\n`);
    expect(res.json().every((r: { detail: unknown }) => r.detail === true)).toBe(true);
    expect((await list('search=Five')).json().total).toBe(500);
  });

  it('exports the matching rows as {model}_export.csv and the export uploads again', async () => {
    const res = await t.app.inject({ url: '/api/sizes/export?search=Csv', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="size_export.csv"');
    expect(res.headers['x-export-count']).toBe('2');
    const records = parse(res.rawPayload, { columns: true, bom: true });
    expect(records).toEqual([
      { name: 'Csv A', description: 'first', width: '1', depth: '2', height: '3', external_id: 'CA' },
      { name: 'Csv D', description: '', width: '4.5', depth: '4.5', height: '4.5', external_id: 'CD' },
    ]);
    const again = await upload(res.body, { dry_run: 'true' });
    expect(again.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: true },
    ]);
  });

  it('exports the selected ids only, across batches for large sets', async () => {
    const ids = (await list('search=Five&size=3')).json().items.map((s: { id: string }) => s.id);
    const sel = await t.app.inject({ url: `/api/sizes/export?ids=${ids.join(',')}`, headers: admin });
    expect(parse(sel.rawPayload, { columns: true, bom: true })).toHaveLength(3);
    const all = await t.app.inject({ url: '/api/sizes/export?search=Five', headers: admin });
    expect(parse(all.rawPayload, { columns: true, bom: true })).toHaveLength(500);
  });
});

describe('images', () => {
  it('stores an image checked by content and serves it back', async () => {
    const ok = multipartBody({}, [{ name: 'image', filename: 'x.bin', data: PNG }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...admin, ...ok.headers },
      payload: ok.payload,
    });
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ url: res.json().detail });
    expect(served.headers['content-type']).toBe('image/png');
    const bad = multipartBody({}, [
      { name: 'image', filename: 'x.png', data: Buffer.from('<svg onload=alert(1)>') },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...admin, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(MSG.onlyImagesBang);
  });

  it("takes only the server's own uploads as a record's image: 400 for any other address", async () => {
    const file = multipartBody({}, [{ name: 'image', filename: 'x.png', data: PNG }]);
    const uploaded = (
      await t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { ...admin, ...file.headers },
        payload: file.payload,
      })
    ).json().detail as string;
    const size = { name: 'Pictured', width: 1, depth: 1, height: 1 };
    for (const image of [
      'https://tracker.example/pixel.gif',
      '//tracker.example/pixel.gif',
      '/api/files/../users',
      '/api/users?x=.png',
      `${uploaded}?track=1`,
      `https://tracker.example${uploaded}`,
    ]) {
      const res = await create({ ...size, image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().detail).toBe(MSG.imageNotUploaded);
    }
    const made = await create({ ...size, image: uploaded });
    expect(made.statusCode).toBe(200);
    expect(made.json().image).toBe(uploaded);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/sizes/${made.json().id}`,
      headers: admin,
      payload: { ...size, image: 'http://169.254.169.254/x.png' },
    });
    expect(changed.statusCode).toBe(400);
    expect((await create({ ...size, name: 'Plain', image: '' })).json().image).toBeNull();

    // the same rule on the other records' images: a location's, sent as the console's form
    const form = multipartBody({
      name: 'Pixel Loc',
      address: '9 Pixel St',
      contact_email: 'a@b.test',
      contact_phone: '5551234567',
      image: 'https://tracker.example/pixel.gif',
    });
    const loc = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    expect(loc.statusCode).toBe(400);
    expect(loc.json().detail).toBe(MSG.imageNotUploaded);
  });
});
