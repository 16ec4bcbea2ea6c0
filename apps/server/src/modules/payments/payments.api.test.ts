import { ORGANIZATION_MESSAGES, PAYMENT_MESSAGES } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
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
import { createPaymentsAdapter, createStripePayments } from '../../adapters/payments';
import { auditLog, organizations } from '../../db/schema';
import { consoleUrlOf } from './service';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://console.test:3000' });
  admin = bearer(await signIn(t.app));
});
afterAll(() => t.close());

const connect = (qs = '', headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/stripe${qs}`, headers });
const account = (headers = admin) => t.app.inject({ url: '/api/stripe/account', headers });
const disconnect = (headers = admin) => t.app.inject({ method: 'DELETE', url: '/api/stripe', headers });
const publicLookup = async () =>
  (await t.app.inject({ url: '/api/organization' })).json() as { stripe_enabled: boolean };

describe('payment provider: sandbox onboarding', () => {
  it('goes none → Not Configured → Enabled → none', async () => {
    const none = await account();
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe(PAYMENT_MESSAGES.noAccount);

    const link = await connect('?country=de');
    expect(link.statusCode).toBe(200);
    const { url } = link.json();
    expect(url).toMatch(
      /^http:\/\/console\.test:3000\/api\/payments\/sandbox\/onboarding\/acct_sandbox_[0-9a-f]{24}$/,
    );
    const created = (await account()).json();
    expect(created).toMatchObject({
      id: url.split('/').pop(),
      email: 'admin@demo-org.test',
      details_submitted: false,
    });
    // asking again answers a link for the same account
    expect((await connect()).json().url).toBe(url);

    const path = new URL(url).pathname;
    const pageRes = await t.app.inject({ url: path });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toContain('text/html');
    expect(pageRes.body).toContain('Complete onboarding');
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/pricing-set-up');
    expect((await account()).json()).toMatchObject({ id: created.id, details_submitted: true });
    const org = await demoOrg(t);
    expect(org.stripeDetailsSubmitted).toBe(true);

    const gone = await disconnect();
    expect(gone.json()).toMatchObject({ detail: PAYMENT_MESSAGES.deleted });
    expect((await account()).statusCode).toBe(404);
    expect((await disconnect()).statusCode).toBe(404);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    expect((await demoOrg(t)).stripeAccountId).toBeNull();
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment_account'), eq(auditLog.entityId, org.id)))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('the public lookup follows the account state', async () => {
    await connect();
    expect((await publicLookup()).stripe_enabled).toBe(false);
    const id = (await account()).json().id;
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/onboarding/${id}` });
    expect((await publicLookup()).stripe_enabled).toBe(true);
    await disconnect();
    expect((await publicLookup()).stripe_enabled).toBe(false);
  });

  it('uses the owner e-mail and refuses unknown countries', async () => {
    const org = await demoOrg(t);
    await t.database.db
      .update(organizations)
      .set({ ownerEmail: 'owner@demo-org.test' })
      .where(eq(organizations.id, org.id));
    await connect('?country=US');
    expect((await account()).json().email).toBe('owner@demo-org.test');
    await disconnect();
    const bad = await connect('?country=ZZ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(PAYMENT_MESSAGES.countryInvalid);
    expect(
      (await t.app.inject({ url: '/api/payments/sandbox/onboarding/acct_sandbox_nope' })).statusCode,
    ).toBe(404);
  });

  it("comes back to the console address the caller uses (its organization's sub-domain)", async () => {
    const other = await createOrganization(t, 'linkco');
    await createMember(t, other.id, { email: 'boss@linkco.test' });
    const host = 'linkco.console.test:3000';
    const theirs = bearer(await signIn(t.app, 'boss@linkco.test', undefined, host));
    const { url } = (await connect('', { ...theirs, host } as typeof admin)).json();
    expect(url).toMatch(
      /^http:\/\/linkco\.console\.test:3000\/api\/payments\/sandbox\/onboarding\/acct_sandbox_/,
    );
    // a Host outside the public domain never leads elsewhere
    const foreign = (await connect('', { ...theirs, host: 'evil.example:3000' } as typeof admin)).json();
    expect(foreign.url).toBe(url.replace('linkco.console.test', 'console.test'));
    await disconnect(theirs);
  });

  it('keeps organizations apart, refuses viewers, and needs the pricing feature', async () => {
    const other = await createOrganization(t, 'payco');
    await createMember(t, other.id, { email: 'boss@payco.test' });
    const theirs = bearer(await signIn(t.app, 'boss@payco.test', undefined, 'payco.localhost'));
    await connect('', theirs);
    expect((await account()).statusCode).toBe(404);
    expect((await account(theirs)).statusCode).toBe(200);

    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'payv@demo-org.test', role: 'viewer' });
    const viewer = bearer(await signIn(t.app, 'payv@demo-org.test'));
    expect((await account(viewer)).statusCode).toBe(403);
    expect((await connect('', viewer)).statusCode).toBe(403);

    // the payment account is the admin's: a member reads it but neither creates nor deletes it
    await createMember(t, org.id, { email: 'paym@demo-org.test', role: 'member' });
    const member = bearer(await signIn(t.app, 'paym@demo-org.test'));
    await connect();
    expect((await account(member)).statusCode).toBe(200);
    const removed = await disconnect(member);
    expect(removed.statusCode).toBe(403);
    expect((await connect('', member)).statusCode).toBe(403);
    expect((await account()).statusCode).toBe(200);
    await disconnect();

    await t.database.db.update(organizations).set({ pricing: false }).where(eq(organizations.id, other.id));
    const off = await account(theirs);
    expect(off.statusCode).toBe(403);
    expect(off.json().detail).toBe(ORGANIZATION_MESSAGES.featureDisabled);
  });
});

describe('consoleUrlOf', () => {
  it.each([
    ['http://localhost:3000', 'localhost:3000', 'http://localhost:3000'],
    ['http://localhost:3000', 'acme.localhost:3000', 'http://acme.localhost:3000'],
    ['http://localhost:3000', 'ACME.localhost:3000', 'http://acme.localhost:3000'],
    ['https://app.example.com', 'acme.app.example.com', 'https://acme.app.example.com'],
    ['https://app.example.com/', 'acme.app.example.com', 'https://acme.app.example.com'],
    ['http://localhost:3000', 'localhost:4000', 'http://localhost:3000'],
    ['http://localhost:3000', 'evil.example:3000', 'http://localhost:3000'],
    ['http://localhost:3000', 'notlocalhost:3000', 'http://localhost:3000'],
    ['http://localhost:3000', undefined, 'http://localhost:3000'],
    ['http://localhost:3000', 'bad host', 'http://localhost:3000'],
  ])('%s with Host %s → %s', (publicUrl, host, expected) => {
    expect(consoleUrlOf(publicUrl, host)).toBe(expected);
  });
});

describe('payment provider: Stripe Connect driver', () => {
  it('is chosen when a secret key is set', () => {
    expect(createPaymentsAdapter({ stripeSecretKey: 'sk_test_x', publicUrl: 'http://x' }).kind).toBe(
      'stripe',
    );
    expect(createPaymentsAdapter({ publicUrl: 'http://x' }).kind).toBe('sandbox');
  });

  it('maps the Stripe calls', async () => {
    // A hand-made stand-in for the Stripe client: the real one needs the network and a live key.
    const calls: Array<[string, unknown]> = [];
    const fake = {
      accounts: {
        create: async (p: unknown) => {
          calls.push(['create', p]);
          return { id: 'acct_1' };
        },
        retrieve: async (id: string) =>
          id === 'acct_missing'
            ? Promise.reject(Object.assign(new Error('missing'), { code: 'resource_missing' }))
            : { id, email: 'a@b.test', details_submitted: true },
        del: async (id: string) => {
          calls.push(['del', id]);
          return { id, deleted: true };
        },
      },
      accountLinks: {
        create: async (p: unknown) => {
          calls.push(['link', p]);
          return { url: 'https://connect.stripe.com/x' };
        },
      },
    } as unknown as Stripe;
    const local = { email: null, detailsSubmitted: false };
    const stripe = createStripePayments({ secretKey: 'sk_test_x', client: fake });
    expect(await stripe.createAccount({ organizationId: 'o1', country: 'FR', email: 'e@x.test' })).toEqual({
      id: 'acct_1',
    });
    expect(calls[0]).toEqual([
      'create',
      { type: 'express', country: 'FR', email: 'e@x.test', metadata: { organization_id: 'o1' } },
    ]);
    expect(
      await stripe.onboardingLink({
        accountId: 'acct_1',
        returnUrl: 'http://r',
        refreshUrl: 'http://r?refresh=1',
      }),
    ).toEqual({ url: 'https://connect.stripe.com/x' });
    expect(calls[1]).toEqual([
      'link',
      {
        account: 'acct_1',
        type: 'account_onboarding',
        return_url: 'http://r',
        refresh_url: 'http://r?refresh=1',
      },
    ]);
    expect(await stripe.getAccount('acct_1', local)).toEqual({
      id: 'acct_1',
      email: 'a@b.test',
      details_submitted: true,
    });
    expect(await stripe.getAccount('acct_missing', local)).toBeUndefined();
    await stripe.deleteAccount('acct_1');
    expect(calls[2]).toEqual(['del', 'acct_1']);
  });
});
