import { MONEY_TOO_LARGE, PRODUCT_MESSAGES, TOOLBOX_MESSAGES } from '@lockerops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/helpers';

/**
 * The answers of 500 the fuzzing of every operation found (fuzz.api.test.ts), each kept as the
 * request that failed: every one now answers 400 (or its list) and nothing is stored.
 */
let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'false' });
  admin = bearer(await signIn(t.app));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

describe('fuzzing findings', () => {
  it('a size of 2.8e288 (past numeric range) answers 400, not a database error', async () => {
    const res = await call('POST', '/api/sizes', {
      name: 'Huge',
      width: 1,
      depth: 1,
      height: 2.819956512018498e288,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe('A number is out of range.');
    expect((await call('GET', '/api/sizes?search=Huge')).json().total).toBe(0);
  });

  it('sort_by naming an Object.prototype member sorts by the default', async () => {
    for (const path of ['product-groups', 'sizes', 'events', 'members'])
      for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        const res = await call('GET', `/api/${path}?sort_by=${key}&order=desc`);
        expect(res.statusCode, `${path} ${key}: ${res.body}`).toBe(200);
      }
  });

  it('a webhook URL the pattern passes but URL parsing refuses answers 400', async () => {
    for (const url of ['http://a:99999', 'http://exa%mple.com/', 'https://xn--/'] as const) {
      const res = await call('POST', '/api/webhooks', { url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().detail).toBe(TOOLBOX_MESSAGES.urlInvalid);
    }
  });

  it('an MSRP that rounds to 0.00 answers the spec message, not a CHECK violation', async () => {
    const res = await call('POST', '/api/products', {
      name: 'Tiny',
      price: null,
      sales_price: null,
      msrp: 0.000000001,
      id_product_group: null,
      id_condition: null,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe(PRODUCT_MESSAGES.msrpPositive);
  });

  it('a price amount past numeric(12,2) answers 400', async () => {
    const res = await call('POST', '/api/prices', {
      name: 'Too much',
      price_type: 'pay_per_time',
      amount: 1e15,
      currency: 'usd',
      unit: 'hour',
      unit_amount: 1,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe(MONEY_TOO_LARGE);
  });
});
