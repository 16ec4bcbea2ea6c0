import { MSG } from '@lockerops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, signIn, type TestApp } from '../../test/helpers';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  auth = bearer(await signIn(t.app, ADMIN_EMAIL, ADMIN_PASSWORD));
});
afterAll(async () => {
  await t.close();
});

describe("a member's language", () => {
  it("defaults to the browser's Accept-Language, weights honoured, English otherwise", async () => {
    const self = (lang?: string) =>
      t.app.inject({
        url: '/api/members/self',
        headers: { ...auth, ...(lang ? { 'accept-language': lang } : {}) },
      });
    expect((await self('de-DE,de;q=0.9,en;q=0.8')).json()).toMatchObject({
      language: 'de',
      language_saved: false,
    });
    expect((await self('fr-FR, en;q=0.5, es;q=0.7')).json()).toMatchObject({ language: 'es' });
    expect((await self('fr-FR')).json()).toMatchObject({ language: 'en' });
    expect((await self()).json()).toMatchObject({ language: 'en' });
  });

  it('is saved on the member by the profile call and wins over the browser', async () => {
    const self = await t.app.inject({ url: '/api/members/self', headers: auth });
    const id = self.json().user_id as string;
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${id}`,
      headers: auth,
      payload: { first_name: 'Ada', language: 'es' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'es', language_saved: true });
    const later = await t.app.inject({
      url: '/api/members/self',
      headers: { ...auth, 'accept-language': 'de' },
    });
    expect(later.json()).toMatchObject({ language: 'es', language_saved: true });
    // a profile save without a language keeps the saved one
    await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${id}`,
      headers: auth,
      payload: { first_name: 'Ada' },
    });
    expect((await t.app.inject({ url: '/api/members/self', headers: auth })).json().language).toBe('es');
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${id}`,
      headers: auth,
      payload: { first_name: 'Ada', language: 'fr' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toEqual(expect.any(String));
  });
});

describe('error answers carry a code', () => {
  it("names the spec message's code and keeps its English detail", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: ADMIN_EMAIL, password: 'Wrong-Passw0rd!' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json()).toMatchObject({
      detail: MSG.incorrectCredentials,
      code: 'common.incorrectCredentials',
    });
  });

  it("reads a template message's arguments back into params", async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      detail: 'Route GET /api/no-such-thing not found',
      code: 'http.routeNotFound',
      params: ['GET', '/api/no-such-thing'],
    });
  });

  it('gives a free-form text the generic code of its status', async () => {
    const res = await t.app.inject({ url: '/api/members/self' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toMatch(/^(common|http)\./);
  });

  it('gives each text of a list its code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toEqual(expect.any(String));
    if (Array.isArray(body.detail)) expect(body.codes).toHaveLength(body.detail.length);
  });
});
