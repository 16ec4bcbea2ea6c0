import { MEMBERSHIP_MESSAGES } from '@lockerops/contract';
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
import { locations, users } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let orgId: string;
let loc: string;
let ann: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  loc = (
    await t.database.db.insert(locations).values({ organizationId: orgId, name: 'Main St' }).returning()
  )[0]!.id;
  ann = (
    await t.database.db
      .insert(users)
      .values({ organizationId: orgId, name: 'Ann', lastName: 'Lee', email: 'ann@x.test' })
      .returning()
  )[0]!.id;
  bob = (await t.database.db.insert(users).values({ organizationId: orgId, name: 'Bob' }).returning())[0]!.id;
});
afterAll(() => t.close());

const plan = (over: object = {}) => ({
  name: 'Gold',
  amount: 19.99,
  billing_type: 'recurring',
  billing_period: 'month',
  number_of_payments: 12,
  membership_type: 'percentage',
  value: 15,
  ...over,
});
const create = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/memberships', headers, payload });
const update = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/memberships/${id}`, headers: admin, payload });
const remove = (ids: string[]) =>
  t.app.inject({ method: 'DELETE', url: '/api/memberships', headers: admin, payload: { ids } });

describe('memberships', () => {
  it('creates a recurring plan with locations and users', async () => {
    const res = await create(plan({ locations: [loc], users: [ann] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Gold',
      amount: 19.99,
      currency: 'usd',
      billing_type: 'recurring',
      billing_period: 'month',
      number_of_payments: 12,
      membership_type: 'percentage',
      value: 15,
      card_on_file: true,
      active: true,
      locations: [{ id: loc, name: 'Main St' }],
      users: [{ id: ann, name: 'Ann Lee' }],
      subscribed: true,
      subscribers: 1,
    });
  });

  it('a one-time unlimited plan needs no period or value', async () => {
    const res = await create(
      plan({
        name: 'Day pass',
        billing_type: 'one_time',
        billing_period: '',
        number_of_payments: '',
        membership_type: 'unlimited',
        value: '',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      billing_period: null,
      number_of_payments: 1,
      value: null,
      subscribed: false,
    });
  });

  it('answers the messages', async () => {
    const res = await create({ amount: '' });
    expect(res.json().detail).toEqual(
      expect.arrayContaining([
        MEMBERSHIP_MESSAGES.nameRequired,
        MEMBERSHIP_MESSAGES.amountRequired,
        MEMBERSHIP_MESSAGES.billingTypeRequired,
        MEMBERSHIP_MESSAGES.typeRequired,
      ]),
    );
    const rec = await create(plan({ billing_period: null, number_of_payments: null }));
    expect(rec.json().detail).toEqual([
      MEMBERSHIP_MESSAGES.billingPeriodRequired,
      MEMBERSHIP_MESSAGES.numberOfPaymentsRequired,
    ]);
    expect((await create(plan({ value: null }))).json().detail).toBe(MEMBERSHIP_MESSAGES.valueRequired);
    expect((await create(plan({ value: 120 }))).json().detail).toBe(MEMBERSHIP_MESSAGES.valuePercentage);
    expect((await create(plan({ membership_type: 'limited', value: 2.5 }))).json().detail).toBe(
      MEMBERSHIP_MESSAGES.valueFreeTransactions,
    );
    expect((await create(plan({ membership_type: 'fixed', value: 0 }))).json().detail).toBe(
      MEMBERSHIP_MESSAGES.valuePositive,
    );
    expect((await create(plan({ number_of_payments: 0 }))).json().detail).toBe(
      MEMBERSHIP_MESSAGES.numberOfPaymentsInvalid,
    );
    expect((await create(plan({ amount: 'x' }))).json().detail).toBe(MEMBERSHIP_MESSAGES.amountNumeric);
  });

  it('refuses locations and users of another organization', async () => {
    const other = await createOrganization(t, 'planco');
    const theirLoc = (
      await t.database.db.insert(locations).values({ organizationId: other.id, name: 'Far' }).returning()
    )[0]!.id;
    const theirUser = (
      await t.database.db.insert(users).values({ organizationId: other.id, name: 'Zed' }).returning()
    )[0]!.id;
    expect((await create(plan({ locations: [theirLoc] }))).json().detail).toBe(
      MEMBERSHIP_MESSAGES.locationNotFound,
    );
    expect((await create(plan({ users: [theirUser] }))).json().detail).toBe(MEMBERSHIP_MESSAGES.userNotFound);
    await createMember(t, other.id, { email: 'boss@planco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@planco.test', undefined, 'planco.localhost'));
    const foreign = (await create(plan({ name: 'Theirs' }), theirs)).json();
    expect((await t.app.inject({ url: `/api/memberships/${foreign.id}`, headers: admin })).statusCode).toBe(
      404,
    );
    expect((await remove([foreign.id])).statusCode).toBe(404);
  });

  it('filters subscribed plans and lists subscribers', async () => {
    const yes = (
      await t.app.inject({ url: '/api/memberships?subscribed=true&size=100', headers: admin })
    ).json();
    expect(yes.items.every((m: { subscribed: boolean }) => m.subscribed)).toBe(true);
    expect(yes.items.map((m: { name: string }) => m.name)).toContain('Gold');
    const no = (
      await t.app.inject({ url: '/api/memberships?subscribed=false&size=100', headers: admin })
    ).json();
    expect(no.items.map((m: { name: string }) => m.name)).toEqual(['Day pass']);
    const subs = (
      await t.app.inject({ url: '/api/memberships/subscribers?search=ann', headers: admin })
    ).json();
    expect(subs.items).toEqual([
      expect.objectContaining({
        membership: expect.objectContaining({ name: 'Gold' }),
        user: { id: ann, name: 'Ann Lee', email: 'ann@x.test' },
        used_transactions: 0,
      }),
    ]);
  });

  it('refuses to delete a held plan; deletes it once nobody holds it', async () => {
    const gold = (await t.app.inject({ url: '/api/memberships?search=Gold', headers: admin })).json()
      .items[0];
    const refused = await remove([gold.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(MEMBERSHIP_MESSAGES.held);
    const moved = await update(gold.id, plan({ locations: [], users: [bob] }));
    expect(moved.json()).toMatchObject({ users: [{ id: bob, name: 'Bob' }], locations: [] });
    expect((await remove([gold.id])).statusCode).toBe(409);
    await update(gold.id, plan({ users: [] }));
    expect((await remove([gold.id])).json()).toMatchObject({
      detail: MEMBERSHIP_MESSAGES.deleted,
      deleted: 1,
    });
  });

  it('uploads and exports as subscription_export.csv; viewers are refused', async () => {
    const csv = `name,amount,billing_type,billing_period,number_of_payments,membership_type,value,locations,users\nCsv Plan,5,recurring,week,4,limited,3,${loc},${bob}\nCsv Bad,5,recurring,,4,limited,3,,\n`;
    const body = multipartBody({}, [
      { name: 'file', filename: 'm.csv', data: Buffer.from(csv), type: 'text/csv' },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/csv',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(up.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: MEMBERSHIP_MESSAGES.billingPeriodRequired },
    ]);
    const exp = await t.app.inject({ url: '/api/memberships/export?search=Csv', headers: admin });
    expect(exp.headers['content-disposition']).toContain('subscription_export.csv');
    expect(exp.body).toContain(`Csv Plan,,true,usd,5.00,recurring,week,4,limited,3,true,${loc},${bob}`);
    await createMember(t, orgId, { email: 'mv@demo-org.test', role: 'viewer' });
    const viewer = bearer(await signIn(t.app, 'mv@demo-org.test'));
    expect((await t.app.inject({ url: '/api/memberships', headers: viewer })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/memberships/subscribers', headers: viewer })).statusCode).toBe(
      403,
    );
  });
});
