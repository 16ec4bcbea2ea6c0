import { ISSUE_MESSAGES as M } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  one,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { multipartBody, PNG } from '../../../test/multipart';
import { conditions, devices, issues, locations, products, transactions, users } from '../../db/schema';

let t: TestApp;
let admin: Record<string, string>;
let member: Record<string, string>;
let viewer: Record<string, string>;
let key: Record<string, string>;
let orgId: string;
let locationId: string;
let userId: string;
let memberId: string;
let invoice: string;
let transactionId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  memberId = (await createMember(t, orgId, { email: 'im@demo-org.test', role: 'member', firstName: 'Ivy' }))
    .id;
  await createMember(t, orgId, { email: 'iv@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'im@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'iv@demo-org.test'));
  const k = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
  key = { 'x-api-key': k.json().key };
  const db = t.database.db;
  [{ id: locationId }] = await one(
    db.insert(locations).values({ organizationId: orgId, name: 'Pier 39', address: '1 Pier' }).returning(),
  );
  [{ id: userId }] = await one(
    db
      .insert(users)
      .values({
        organizationId: orgId,
        name: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@x.test',
        phoneNumber: '+14155550100',
      })
      .returning(),
  );
  const [d] = await db
    .insert(devices)
    .values({
      organizationId: orgId,
      name: 'S1',
      lockerNumber: 901,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation: locationId,
    })
    .returning();
  const ev = (
    await t.app.inject({
      method: 'POST',
      url: '/api/events/storage',
      headers: key,
      payload: { id_device: d!.id, id_user: userId },
    })
  ).json().event;
  transactionId = ev.id;
  invoice = ev.invoice_id;
});
afterAll(() => t.close());

const form = (fields: Record<string, string>, files: Array<{ data: Buffer; filename?: string }> = []) =>
  multipartBody(
    fields,
    files.map((f, i) => ({ name: 'images', filename: f.filename ?? `p${i}.png`, data: f.data })),
  );
const create = (
  fields: Record<string, string>,
  files: Array<{ data: Buffer; filename?: string }> = [],
  headers = admin,
  query = '',
) => {
  const body = form(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/issues${query}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe('issues', () => {
  it('creates an issue from an order number with images; it carries the transaction, user and reporter', async () => {
    const res = await create(
      { description: 'Door stuck', invoice_id: invoice.toLowerCase(), team_member_id: memberId },
      [{ data: PNG }, { data: PNG }],
    );
    expect(res.statusCode).toBe(200);
    const issue = res.json();
    expect(issue).toMatchObject({
      status: 'pending',
      description: 'Door stuck',
      invoice_id: invoice,
      id_event: transactionId,
      event: { id: transactionId, invoice_id: invoice },
      id_user: userId,
      user: { name: 'Ada Lovelace', email: 'ada@x.test', phone_number: '+14155550100' },
      reporter_user_email: 'admin@demo-org.test',
      team_member_id: memberId,
      team_member: { id: memberId, email: 'im@demo-org.test' },
      id_location: locationId,
      source: 'console',
    });
    expect(issue.issue_id).toMatch(/^ISS-\d+$/);
    expect(issue.pictures).toHaveLength(2);
    const img = await t.app.inject({ url: issue.pictures[0], headers: admin });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('takes the transaction by id_event in the query (JSON body too)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/issues?id_event=${transactionId}`,
      headers: member,
      payload: { description: 'Dirty locker' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id_event: transactionId,
      invoice_id: invoice,
      reporter_user_name: 'Ivy',
    });
  });

  it('answers the spec messages', async () => {
    const missing = await create({ description: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(M.orderNotFound);
    expect((await create({ description: 'x', invoice_id: 'INV-999999' })).json().detail).toBe(
      M.orderNotFound,
    );
    expect((await create({ description: '', invoice_id: invoice })).json().detail).toBe(
      M.descriptionRequired,
    );
    expect((await create({ description: 'a'.repeat(201), invoice_id: invoice })).json().detail).toBe(
      M.descriptionMax,
    );
    const notImage = await create({ description: 'x', invoice_id: invoice }, [
      { data: PNG },
      { data: Buffer.from('not an image'), filename: 'fake.png' },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().detail).toBe(M.notImages);
  });

  it('edits with multipart, keeping pictures, and changes the status at once', async () => {
    const issue = (await create({ description: 'Lock jammed', invoice_id: invoice }, [{ data: PNG }])).json();
    const body = form(
      { description: 'Lock jammed again', invoice_id: invoice, pictures: issue.pictures[0] },
      [{ data: PNG }],
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/issues/${issue.id}`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe('Lock jammed again');
    expect(res.json().pictures).toHaveLength(2);
    expect(res.json().pictures[0]).toBe(issue.pictures[0]);
    for (const status of ['in_progress', 'resolved', 'pending'] as const) {
      const p = await t.app.inject({
        method: 'PATCH',
        url: `/api/issues/${issue.id}?status=${status}`,
        headers: member,
      });
      expect(p.statusCode).toBe(200);
      expect(p.json()).toMatchObject({ detail: M.updated, issue: { status } });
    }
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/issues/${issue.id}?status=done`, headers: admin }))
        .statusCode,
    ).toBe(400);
    const history = (await t.app.inject({ url: `/api/history/issue/${issue.id}`, headers: admin })).json();
    expect(history.items.length).toBeGreaterThanOrEqual(4);
  });

  it('lists with search and paging, exports the issue model, and deletes (admins)', async () => {
    await create({ description: 'Zebra stripes on door', invoice_id: invoice });
    const list = (
      await t.app.inject({ url: '/api/issues?page=1&size=2&search=zebra', headers: member })
    ).json();
    expect(list).toMatchObject({ total: 1, page: 1, page_size: 2 });
    expect(list.items[0].description).toBe('Zebra stripes on door');
    const all = (await t.app.inject({ url: '/api/issues?page=1&size=2', headers: admin })).json();
    expect(all.items).toHaveLength(2);
    expect(all.pages).toBe(Math.ceil(all.total / 2));
    const csv = await t.app.inject({ url: '/api/issues/export?search=zebra', headers: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('issue_export.csv');
    expect(csv.body.split('\n')[0]).toContain('issue_id,status,description,invoice_id');
    expect(csv.body).toContain('Zebra stripes on door');
    const id = list.items[0].id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/issues', headers: member, payload: { ids: [id] } }))
        .statusCode,
    ).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/issues',
      headers: admin,
      payload: { ids: [id] },
    });
    expect(del.json()).toMatchObject({ detail: M.deleted, deleted: 1 });
  });

  it('keeps viewers out and hides other organizations', async () => {
    expect((await t.app.inject({ url: '/api/issues', headers: viewer })).statusCode).toBe(403);
    expect((await create({ description: 'x', invoice_id: invoice }, [], viewer)).statusCode).toBe(403);
    const other = await createOrganization(t, 'Other Issues Org');
    const [issue] = await t.database.db
      .insert(issues)
      .values({ organizationId: other.id, description: 'theirs' })
      .returning();
    expect((await t.app.inject({ url: `/api/issues/${issue!.id}`, headers: admin })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/issues/${issue!.id}?status=resolved`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/issues',
      headers: admin,
      payload: { ids: [issue!.id] },
    });
    expect(del.statusCode).toBe(404);
    const list = (await t.app.inject({ url: '/api/issues?search=theirs', headers: admin })).json();
    expect(list.total).toBe(0);
    // another organization's user or team member is not found either
    const [theirUser] = await t.database.db
      .insert(users)
      .values({ organizationId: other.id, name: 'Eve' })
      .returning();
    expect((await create({ description: 'x', invoice_id: invoice, id_user: theirUser!.id })).statusCode).toBe(
      404,
    );
  });

  it('opens an issue when a rental comes back in a condition with Report Issue', async () => {
    const db = t.database.db;
    const [p] = await db.insert(products).values({ organizationId: orgId, name: 'Kayak' }).returning();
    const [d] = await db
      .insert(devices)
      .values({
        organizationId: orgId,
        name: 'R1',
        lockerNumber: 902,
        mode: 'rental',
        hardwareType: 'virtual',
        idLocation: locationId,
        idProduct: p!.id,
      })
      .returning();
    const [cond] = await db
      .insert(conditions)
      .values({ organizationId: orgId, name: 'Cracked hull', autoReport: true })
      .returning();
    const ev = (
      await t.app.inject({
        method: 'POST',
        url: '/api/events/rental',
        headers: key,
        payload: { id_device: d!.id, id_user: userId },
      })
    ).json().event;
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/events/${ev.id}/return`,
      headers: key,
      payload: { id_device: d!.id, id_condition: cond!.id },
    });
    expect(back.statusCode).toBe(200);
    const rows = await db.select().from(issues).where(eq(issues.transactionId, ev.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'condition',
      status: 'pending',
      idCondition: cond!.id,
      idUser: userId,
      idLocation: locationId,
      invoiceId: ev.invoice_id,
    });
    expect(rows[0]!.description).toContain('Cracked hull');
    const listed = (
      await t.app.inject({ url: `/api/issues?search=${ev.invoice_id}`, headers: admin })
    ).json();
    expect(listed.items[0]).toMatchObject({ source: 'condition', event: { id: ev.id } });
    const [tx] = await db.select().from(transactions).where(eq(transactions.id, ev.id));
    expect(tx!.status).toBe('finished');
  });
});

describe('issue numbers and pictures', () => {
  it('numbers issues per organization, one after another, also under concurrent creates', async () => {
    const numberOf = (issue: { issue_id: string }) => Number(issue.issue_id.replace('ISS-', ''));
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/issues?id_event=${transactionId}`,
      headers: admin,
      payload: { description: 'Numbered' },
    });
    expect(first.statusCode).toBe(200);
    const start = numberOf(first.json());
    // another organization starts at 1, whatever this one has filed
    const other = await createOrganization(t, 'Issue Numbers Co');
    const db = t.database.db;
    const theirs = await db
      .insert(issues)
      .values([
        { organizationId: other.id, description: 'First of theirs' },
        { organizationId: other.id, description: 'Second of theirs' },
      ])
      .returning({ number: issues.number });
    expect(theirs.map((r) => r.number).sort()).toEqual([1, 2]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/issues?id_event=${transactionId}`,
          headers: admin,
          payload: { description: `Concurrent ${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const numbers = answers.map((a) => numberOf(a.json())).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => start + 1 + i));
  });

  it('keeps pictures to images uploaded here', async () => {
    for (const url of [
      'https://tracker.example/pixel.png',
      '//evil.example/x.png',
      '/api/files/../../etc/passwd',
      'javascript:alert(1)',
      '/api/files/not-a-key.png',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/issues?id_event=${transactionId}`,
        headers: admin,
        payload: { description: 'Foreign picture', pictures: [url] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toBe(M.pictureForeign);
    }
    const own = `/api/files/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.png`;
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/issues?id_event=${transactionId}`,
      headers: admin,
      payload: { description: 'Own picture', pictures: [own] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().pictures).toEqual([own]);
  });
});
