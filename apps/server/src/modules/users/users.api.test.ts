import { CSV_MESSAGES, EXACT_COUNT_LIMIT, USER_MESSAGES } from '@lockerops/contract';
import { eq, sql } from 'drizzle-orm';
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
import { settings, users } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let member: { authorization: string };
let viewer: { authorization: string };
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
});
afterAll(() => t.close());

const create = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/users', headers, payload });
const put = (id: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload });
const list = (qs: string, headers = admin) => t.app.inject({ url: `/api/users?${qs}`, headers });
const patch = (url: string, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/${url}`, headers });
const upload = (csv: string, headers = admin) => {
  const body = multipartBody({}, [
    { name: 'file', filename: 'users.csv', data: Buffer.from(csv), type: 'text/csv' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/csv',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe('users: create and validate (spec §5 User)', () => {
  it('creates a user: e-mail lower-cased and trimmed, phone digits with a leading plus', async () => {
    const res = await create({
      name: ' Ada ',
      last_name: 'Lovelace',
      email: '  Ada@Example.COM ',
      phone_number: '+1 (415) 555-0100',
      pin_code: '0420',
      user_id: 'EXT-1',
      address: '1 Main St',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone_number: '+14155550100',
      pin_code: '0420',
      user_id: 'EXT-1',
      active: true,
      is_deleted: false,
      groups: [],
    });
  });

  it('answers each spec message', async () => {
    const bad = async (payload: object) => (await create(payload)).json().detail;
    expect(await bad({ name: '', email: 'x@y.io' })).toBe(USER_MESSAGES.nameRequired);
    expect(await bad({ email: 'x@y.io' })).toBe(USER_MESSAGES.nameRequired);
    expect(await bad({ name: 'A', email: 'not-an-email' })).toBe(USER_MESSAGES.invalidEmail);
    expect(await bad({ name: 'A', email: 'a@b.io', phone_number: '415 555 0100' })).toBe(
      USER_MESSAGES.phoneNeedsPlus,
    );
    expect(await bad({ name: 'A', email: 'a@b.io', phone_number: '+12' })).toBe(USER_MESSAGES.invalidPhone);
    for (const pin of ['123', '12345', 'abcd']) {
      expect(await bad({ name: 'A', email: 'a@b.io', pin_code: pin })).toBe(USER_MESSAGES.invalidPin);
    }
    expect(await bad({ name: 'A' })).toBe(USER_MESSAGES.emailRequired);
    expect(await bad({ name: 'A', phone_number: '+14155550101' })).toBe(USER_MESSAGES.emailRequired);
  });

  it('requires the phone instead when the default notification channel is sms', async () => {
    await t.database.db
      .update(settings)
      .set({ defaultNotificationChannel: 'sms' })
      .where(eq(settings.organizationId, orgId));
    try {
      const noPhone = await create({ name: 'Sam', email: 'sam@example.com' });
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json().detail).toBe(USER_MESSAGES.phoneRequired);
      const ok = await create({ name: 'Sam', phone_number: '+447700900123' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().email).toBeNull();
    } finally {
      await t.database.db
        .update(settings)
        .set({ defaultNotificationChannel: 'email' })
        .where(eq(settings.organizationId, orgId));
    }
  });

  it('keeps e-mails unique within the organization, case-insensitively, also under concurrency', async () => {
    const first = await create({ name: 'Dup', email: 'dup@example.com' });
    expect(first.statusCode).toBe(200);
    const again = await create({ name: 'Dup2', email: 'DUP@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(USER_MESSAGES.emailInUse);
    const race = await Promise.all(
      [1, 2, 3].map((i) => create({ name: `Race ${i}`, email: 'race@example.com' })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('lets the operator make a customer with the e-mail of a widget-only record', async () => {
    await t.database.db
      .insert(users)
      .values({ organizationId: orgId, name: 'Booked', email: 'booked@example.com', widgetOnly: true });
    const made = await create({ name: 'Booked', email: 'booked@example.com' });
    expect(made.statusCode).toBe(200);
    expect((await create({ name: 'Booked 2', email: 'Booked@example.com' })).statusCode).toBe(409);
  });

  it('frees the e-mail of a deleted user and keeps the deleted row out of lists', async () => {
    const u = (await create({ name: 'Gone', email: 'gone@example.com' })).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/users',
      headers: admin,
      payload: { ids: [u.id] },
    });
    expect(del.statusCode).toBe(200);
    expect((await list('search=gone@example')).json().total).toBe(0);
    expect((await t.app.inject({ url: `/api/users/${u.id}`, headers: admin })).statusCode).toBe(404);
    expect((await put(u.id, { name: 'Back', email: 'gone@example.com' })).statusCode).toBe(404);
    const reuse = await create({ name: 'Gone again', email: 'gone@example.com' });
    expect(reuse.statusCode).toBe(200);
  });

  it('updates a user and logs who changed what in the User History Log', async () => {
    const u = (await create({ name: 'Hist', email: 'hist@example.com' })).json();
    const res = await put(u.id, { name: 'Historia', email: 'hist@example.com', pin_code: '9876' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Historia', pin_code: '9876' });
    const hist = (await t.app.inject({ url: `/api/history/user/${u.id}`, headers: admin })).json();
    expect(hist.items[0]).toMatchObject({ action: 'update', actor_name: 'Demo' });
    expect(hist.items[0].changes.name).toEqual({ before: 'Hist', after: 'Historia' });
    expect(hist.items.at(-1).action).toBe('create');
  });
});

describe('users: list, filters and search (spec §7 Users)', () => {
  beforeAll(async () => {
    await create({
      name: 'Filter',
      last_name: 'Zeta',
      email: 'filter1@example.com',
      address: '9 Elm Road',
      user_id: 'F-9',
      phone_number: '+15550009999',
    });
    await create({ name: 'Other', last_name: 'Alpha', email: 'other1@example.com' });
  });

  it('filters by each column', async () => {
    for (const qs of [
      'by_first_name=filt',
      'by_last_name=zeta',
      'by_email=filter1',
      'by_address=elm',
      'by_user_id=f-9',
      'by_phone=0009999',
    ]) {
      const res = (await list(qs)).json();
      expect(
        res.items.map((u: { email: string }) => u.email),
        qs,
      ).toEqual(['filter1@example.com']);
    }
  });

  it('pages with totals and searches case-insensitively', async () => {
    const res = (await list('page=1&size=2&search=EXAMPLE.com')).json();
    expect(res.items).toHaveLength(2);
    expect(res.page_size).toBe(2);
    expect(res.total).toBeGreaterThan(2);
  });

  it('answers a search its exact total from the matches, without the deleted ones, on every page', async () => {
    const made = [];
    for (const i of [1, 2, 3])
      made.push((await create({ name: `Quorra ${i}`, email: `quorra${i}@example.com` })).json());
    await t.app.inject({
      method: 'DELETE',
      url: '/api/users',
      headers: admin,
      payload: { ids: [made[0].id] },
    });
    const first = (await list('search=QUORRA&size=1&page=1')).json();
    expect(first).toMatchObject({ total: 2, pages: 2, total_estimated: false });
    const second = (await list('search=quorra&size=1&page=2')).json();
    expect(second.total).toBe(2);
    const seen = [...first.items, ...second.items].map((u: { email: string }) => u.email).sort();
    expect(seen).toEqual(['quorra2@example.com', 'quorra3@example.com']);
    // a filter beside the search is counted by the list itself
    expect((await patch(`users/${made[2].id}/deactivate`)).statusCode).toBe(200);
    expect((await list('search=quorra&active=false')).json().total).toBe(1);
  });

  it('stops a search past EXACT_COUNT_LIMIT matches in the default order, and pages the matches whole', async () => {
    const n = EXACT_COUNT_LIMIT + 20;
    // n matching users a second apart, and one that does not match among them
    await t.database.db.insert(users).values([
      ...Array.from({ length: n }, (_, i) => ({
        organizationId: orgId,
        name: 'Yorick',
        lastName: `Tennant ${i}`,
        createdAt: new Date(Date.parse('2024-03-01T00:00:00Z') + i * 1000),
      })),
      { organizationId: orgId, name: 'Other', createdAt: new Date('2024-03-01T00:00:05.500Z') },
    ]);
    await t.database.db.execute(sql`analyze users`);
    const newest = (await list('search=tennant&size=50')).json();
    // more than EXACT_COUNT_LIMIT: the planner's estimate, never below the limit + 1
    expect(newest.total_estimated).toBe(true);
    expect(newest.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(newest.items.map((u: { last_name: string }) => u.last_name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Tennant ${n - 1 - i}`),
    );
    // the cursor walks every match once, in order, and nothing else
    const seen: string[] = [];
    let url = 'search=tennant&size=100';
    for (let guard = 0; guard < 20; guard++) {
      const page = (await list(url)).json();
      seen.push(...page.items.map((u: { last_name: string }) => u.last_name));
      if (!page.next_cursor) break;
      url = `search=tennant&size=100&cursor=${encodeURIComponent(page.next_cursor)}`;
    }
    expect(seen).toEqual(Array.from({ length: n }, (_, i) => `Tennant ${n - 1 - i}`));
    // another order reads every match through the indexes: its total is exact
    const byName = (await list('search=tennant&size=5&sort_by=last_name&order=asc')).json();
    expect(byName).toMatchObject({ total: n, total_estimated: false });
    expect(byName.items[0].last_name).toBe('Tennant 0');
    // a filter beside the search: counted by the list, up to the limit
    const active = (await list('search=tennant&active=true&size=1')).json();
    expect(active.total_estimated).toBe(true);
    expect(active.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it('finds a user by e-mail or phone with users/search, and answers the spec texts when none', async () => {
    const byEmail = await t.app.inject({
      url: '/api/users/search?email=FILTER1@example.com',
      headers: admin,
    });
    expect(byEmail.json().items[0].name).toBe('Filter');
    const byPhone = await t.app.inject({
      url: '/api/users/search?phone_number=%2B1 555 000 9999',
      headers: admin,
    });
    expect(byPhone.json().items[0].name).toBe('Filter');
    const noEmail = await t.app.inject({ url: '/api/users/search?email=nobody@example.com', headers: admin });
    expect(noEmail.statusCode).toBe(404);
    expect(noEmail.json().detail).toBe(USER_MESSAGES.emailNotFound);
    const noPhone = await t.app.inject({
      url: '/api/users/search?phone_number=%2B19999999999',
      headers: admin,
    });
    expect(noPhone.json().detail).toBe(USER_MESSAGES.phoneNotFound);
    const text = await t.app.inject({ url: '/api/users/search?search=zeta', headers: admin });
    expect(text.json().items).toHaveLength(1);
  });

  it('exports user_export.csv with the upload headers', async () => {
    const res = await t.app.inject({ url: '/api/users/export?search=filter1', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('user_export.csv');
    expect(res.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      'name,email,phone_number,user_id,pin_code',
    );
  });
});

describe('users: activate / deactivate (spec §4 User)', () => {
  it('deactivates and reactivates with the spec texts, logged', async () => {
    const u = (await create({ name: 'Act', email: 'act@example.com' })).json();
    const off = await patch(`users/${u.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ detail: USER_MESSAGES.deactivated, user: { active: false } });
    expect((await list('active=false&search=act@example')).json().total).toBe(1);
    const on = await patch(`users/${u.id}/activate`);
    expect(on.json()).toMatchObject({ detail: USER_MESSAGES.activated, user: { active: true } });
    const hist = (await t.app.inject({ url: `/api/history/user/${u.id}`, headers: admin })).json();
    expect(hist.items.map((h: { action: string }) => h.action).slice(0, 2)).toEqual([
      'activate',
      'deactivate',
    ]);
  });
});

describe('users: CSV upload (spec §5 CSV upload)', () => {
  it('keeps good rows and reports bad ones', async () => {
    const csv = [
      'name,email,phone_number,user_id,pin_code',
      'Csv One,csv1@example.com,+15551230001,C-1,1111',
      ',csv2@example.com,,,',
      'Csv Three,not-an-email,,,',
      'Csv Four,csv4@example.com,5551230004,,',
      'Csv Five,csv5@example.com,,,12',
      'Csv Six,CSV1@example.com,,,',
      'Csv Seven,csv7@example.com,,C-7,',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: USER_MESSAGES.nameRequired },
      { row: 3, detail: USER_MESSAGES.invalidEmail },
      { row: 4, detail: USER_MESSAGES.phoneNeedsPlus },
      { row: 5, detail: USER_MESSAGES.invalidPin },
      { row: 6, detail: USER_MESSAGES.emailInUse },
      { row: 7, detail: true },
    ]);
    expect((await list('search=csv')).json().total).toBe(2);
  });

  it('claims each e-mail in file order: taken, refused rows claim nothing, later duplicates', async () => {
    expect((await create({ name: 'Holder', email: 'held@example.com' })).statusCode).toBe(200);
    const csv = [
      'name,email,phone_number,user_id,pin_code',
      'Qzx Taken,HELD@example.com,,,',
      'Qzx Phone,order@example.com,5551230004,,',
      'Qzx First,Order@Example.com,,,',
      'Qzx Second,order@example.com,,,',
      'Qzx Other,other-order@example.com,,,',
    ].join('\n');
    const expected = [
      { row: 1, detail: USER_MESSAGES.emailInUse },
      { row: 2, detail: USER_MESSAGES.phoneNeedsPlus },
      { row: 3, detail: true },
      { row: 4, detail: USER_MESSAGES.emailInUse },
      { row: 5, detail: true },
    ];
    const dry = multipartBody({ dry_run: 'true' }, [
      { name: 'file', filename: 'users.csv', data: Buffer.from(csv), type: 'text/csv' },
    ]);
    const dryRes = await t.app.inject({
      method: 'POST',
      url: '/api/users/csv',
      headers: { ...admin, ...dry.headers },
      payload: dry.payload,
    });
    expect(dryRes.json()).toEqual(expected);
    expect((await list('search=Qzx')).json().total).toBe(0);
    expect((await upload(csv)).json()).toEqual(expected);
    const items = (await list('search=Qzx&sort_by=name&order=asc')).json().items;
    expect(items.map((u: { name: string; email: string }) => [u.name, u.email])).toEqual([
      ['Qzx First', 'order@example.com'],
      ['Qzx Other', 'other-order@example.com'],
    ]);
    // each created row has its own audit entry, the e-mail as stored
    const hist = (await t.app.inject({ url: `/api/history/user/${items[0].id}`, headers: admin })).json();
    expect(hist.items.at(-1)).toMatchObject({ action: 'create', actor_name: 'Demo' });
    expect(hist.items.at(-1).changes.email).toEqual({ before: null, after: 'order@example.com' });
    expect(hist.items.at(-1).changes.email_normalized).toBeUndefined();
  });

  it('refuses more than 500 rows and an empty file', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => `U${i},u${i}@bulk.example.com,,,`);
    const big = await upload(['name,email,phone_number,user_id,pin_code', ...rows].join('\n'));
    expect(big.statusCode).toBe(400);
    expect(big.json().detail).toBe(CSV_MESSAGES.tooManyRows);
    const empty = await upload('name,email,phone_number,user_id,pin_code\n');
    expect(empty.statusCode).toBe(400);
  });
});

describe('users: roles and tenancy', () => {
  it('lets a member read and create but not delete, activate or upload', async () => {
    expect((await list('', member)).statusCode).toBe(200);
    const u = (await create({ name: 'ByMember', email: 'bymember@example.com' }, member)).json();
    expect(u.name).toBe('ByMember');
    expect((await patch(`users/${u.id}/deactivate`, member)).statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/users',
      headers: member,
      payload: { ids: [u.id] },
    });
    expect(del.statusCode).toBe(403);
    expect((await upload('name,email\nX,x@example.com', member)).statusCode).toBe(403);
  });

  it('keeps viewers out (403)', async () => {
    expect((await list('', viewer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users/search?email=a@b.io', headers: viewer })).statusCode).toBe(
      403,
    );
    expect((await create({ name: 'V', email: 'v@example.com' }, viewer)).statusCode).toBe(403);
  });

  it("answers 404 for another organization's user", async () => {
    const other = await createOrganization(t, 'Other Users Org');
    await createMember(t, other.id, { email: 'admin@other-users.test' });
    const otherAdmin = bearer(
      await signIn(t.app, 'admin@other-users.test', undefined, 'other-users-org.localhost'),
    );
    const theirs = (await create({ name: 'Theirs', email: 'theirs@example.com' }, otherAdmin)).json();
    expect((await t.app.inject({ url: `/api/users/${theirs.id}`, headers: admin })).statusCode).toBe(404);
    expect((await put(theirs.id, { name: 'Mine', email: 'theirs@example.com' })).statusCode).toBe(404);
    expect((await patch(`users/${theirs.id}/deactivate`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/events_by_user/${theirs.id}`, headers: admin })).statusCode).toBe(
      404,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/users',
      headers: admin,
      payload: { ids: [theirs.id] },
    });
    expect(del.statusCode).toBe(404);
    // the same e-mail is free in another organization
    expect((await create({ name: 'Ours', email: 'theirs@example.com' })).statusCode).toBe(200);
  });
});

describe('users: transaction history (events_by_user)', () => {
  it('answers the user and an empty list of rows, to every role', async () => {
    const u = (await create({ name: 'Tx', last_name: 'User', email: 'tx@example.com' })).json();
    for (const headers of [admin, member, viewer]) {
      const res = await t.app.inject({ url: `/api/events_by_user/${u.id}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: { id: u.id, name: 'Tx', last_name: 'User', email: 'tx@example.com', phone_number: null },
        items: [],
        total: 0,
      });
    }
    const missing = await t.app.inject({
      url: '/api/events_by_user/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});
