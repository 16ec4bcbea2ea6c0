import { MSG } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createMember,
  createTestApp,
  demoOrg,
  type TestApp,
} from '../../test/helpers';
import { authSessions, refreshTokens } from '../db/schema';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TTL_SECONDS } from './identity.service';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATHS } from './session-cookie';
import { sha256 } from './tokens';

/** The console's refresh-token cookie (spec console §4; README "Sessions"). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const COOKIE_MODE = { 'x-session': 'cookie' };

/** A JSON POST; the body defaults to `{}`, what the console sends to refresh and sign-out. */
const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host: 'localhost', ...headers } });

/** The refresh-token cookies a response sets, one per path. */
const refreshCookies = (res: LightMyRequestResponse) => res.cookies.filter((c) => c.name === REFRESH_COOKIE);

/** The token the response put in the cookie (the same on every path). */
function cookieToken(res: LightMyRequestResponse): string {
  const values = new Set(refreshCookies(res).map((c) => c.value));
  expect(values.size).toBe(1);
  return [...values][0]!;
}

const withCookie = (token: string, headers: Record<string, string> = COOKIE_MODE) => ({
  ...headers,
  cookie: `${REFRESH_COOKIE}=${token}`,
});

async function cookieSignIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const res = await post('/api/auth/sign-in', { email, password }, COOKIE_MODE);
  expect(res.statusCode).toBe(200);
  return { body: res.json(), cookie: cookieToken(res), res };
}

const sessionRevoked = async (idToken: string) =>
  (await t.app.inject({ url: '/api/members/self', headers: bearer({ id_token: idToken }) })).statusCode ===
  401;

describe('cookie mode (X-Session: cookie)', () => {
  it('sign-in sets an httpOnly, SameSite=Strict cookie per path and leaves the body without it', async () => {
    const { body, res } = await cookieSignIn();
    expect(body.id_token).toBeTypeOf('string');
    expect(body).not.toHaveProperty('refresh_token');
    expect(body.user.email).toBe(ADMIN_EMAIL);
    const cookies = refreshCookies(res);
    expect(cookies.map((c) => c.path).sort()).toEqual([...REFRESH_COOKIE_PATHS].sort());
    for (const c of cookies) {
      expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: REFRESH_TTL_SECONDS });
      // PUBLIC_URL is http here
      expect(c.secure).toBeFalsy();
    }
    const headers = [res.headers['set-cookie']].flat().join('\n');
    expect(headers).toMatch(/HttpOnly/);
    expect(headers).toMatch(/SameSite=Strict/);
  });

  it('sets Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://console.example.test' });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: COOKIE_MODE,
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organization: 'demo-org' },
      });
      expect(res.statusCode).toBe(200);
      const cookies = refreshCookies(res);
      expect(cookies).toHaveLength(REFRESH_COOKIE_PATHS.length);
      for (const c of cookies) expect(c.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('refreshes from the cookie, rotating it, without a refresh token in the body', async () => {
    const { cookie } = await cookieSignIn();
    const res = await post('/api/auth/refresh', undefined, withCookie(cookie));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('refresh_token');
    expect(body.user.email).toBe(ADMIN_EMAIL);
    const next = cookieToken(res);
    expect(next).not.toBe(cookie);
    expect(await sessionRevoked(body.id_token)).toBe(false);
    expect((await post('/api/auth/refresh', undefined, withCookie(next))).statusCode).toBe(200);
  });

  it('reads the cookie only with the X-Session header, and answers 401 in cookie mode without one', async () => {
    const { cookie } = await cookieSignIn();
    // what a form of another site could send (were the cookie sent at all): no custom header
    const form = await post('/api/auth/refresh', undefined, { cookie: `${REFRESH_COOKIE}=${cookie}` });
    expect(form.statusCode).toBe(400);
    expect(form.json().detail).toBe('refresh_token is required');
    expect(refreshCookies(form)).toHaveLength(0);
    // the cookie was not used: it still refreshes
    expect((await post('/api/auth/refresh', undefined, withCookie(cookie))).statusCode).toBe(200);
    const none = await post('/api/auth/refresh', undefined, COOKIE_MODE);
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe(MSG.notAuthenticated);
  });

  it('completes the new-password challenge into a cookie session', async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, {
      email: 'cookie-invited@demo-org.test',
      password: 'Temp-Passw0rd!',
      invited: true,
    });
    const first = await post(
      '/api/auth/sign-in',
      { email: 'cookie-invited@demo-org.test', password: 'Temp-Passw0rd!' },
      COOKIE_MODE,
    );
    expect(first.json().challenge).toBe('NEW_PASSWORD_REQUIRED');
    expect(refreshCookies(first)).toHaveLength(0);
    const done = await post(
      '/api/auth/new-password',
      { session: first.json().session, new_password: 'Good-Passw0rd!' },
      COOKIE_MODE,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).not.toHaveProperty('refresh_token');
    const refreshed = await post('/api/auth/refresh', undefined, withCookie(cookieToken(done)));
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.email).toBe('cookie-invited@demo-org.test');
  });

  it('sign-out revokes the session of the cookie and expires the cookie on every path', async () => {
    const { body, cookie } = await cookieSignIn();
    const out = await post('/api/auth/sign-out', undefined, withCookie(cookie));
    expect(out.statusCode).toBe(200);
    const cleared = refreshCookies(out);
    expect(cleared.map((c) => c.path).sort()).toEqual([...REFRESH_COOKIE_PATHS].sort());
    for (const c of cleared) {
      expect(c.value).toBe('');
      expect(c.expires!.getTime()).toBeLessThan(Date.now());
    }
    expect(await sessionRevoked(body.id_token)).toBe(true);
    expect((await post('/api/auth/refresh', undefined, withCookie(cookie))).statusCode).toBe(401);
  });

  it('change-password keeps the session of the cookie and revokes the others', async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'cookie-pw@demo-org.test', role: 'member' });
    const here = await cookieSignIn('cookie-pw@demo-org.test');
    const elsewhere = await cookieSignIn('cookie-pw@demo-org.test');
    // a partner-style id token of a third session, calling with the console's cookie
    const partner = await post('/api/auth/sign-in', {
      email: 'cookie-pw@demo-org.test',
      password: ADMIN_PASSWORD,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/change-password',
      headers: {
        ...bearer(partner.json()),
        cookie: `${REFRESH_COOKIE}=${here.cookie}`,
      },
      payload: { pwd: ADMIN_PASSWORD, new_pwd: 'Changed-Passw0rd!' },
    });
    expect(res.json().detail).toBe(MSG.passwordChanged);
    expect(await sessionRevoked(elsewhere.body.id_token)).toBe(true);
    expect((await post('/api/auth/refresh', undefined, withCookie(elsewhere.cookie))).statusCode).toBe(401);
    // the cookie's session and the caller's stay
    expect(await sessionRevoked(here.body.id_token)).toBe(false);
    expect(await sessionRevoked(partner.json().id_token)).toBe(false);
    expect((await post('/api/auth/refresh', undefined, withCookie(here.cookie))).statusCode).toBe(200);
  });

  it("change-password ignores a cookie of another member's session", async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'cookie-pw2@demo-org.test', role: 'member' });
    const mine = await cookieSignIn('cookie-pw2@demo-org.test');
    const mineElsewhere = await cookieSignIn('cookie-pw2@demo-org.test');
    const admin = await cookieSignIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/change-password',
      headers: { ...bearer(mine.body), cookie: `${REFRESH_COOKIE}=${admin.cookie}` },
      payload: { pwd: ADMIN_PASSWORD, new_pwd: 'Changed-Passw0rd!' },
    });
    expect(res.json().detail).toBe(MSG.passwordChanged);
    expect(await sessionRevoked(mineElsewhere.body.id_token)).toBe(true);
    expect(await sessionRevoked(mine.body.id_token)).toBe(false);
    expect(await sessionRevoked(admin.body.id_token)).toBe(false);
  });
});

describe('partner mode (no X-Session header)', () => {
  it('answers both tokens in the body and sets no cookie, as before', async () => {
    const res = await post('/api/auth/sign-in', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeTypeOf('string');
    expect(res.headers['set-cookie']).toBeUndefined();
    const r = await post('/api/auth/refresh', { refresh_token: res.json().refresh_token });
    expect(r.statusCode).toBe(200);
    expect(r.json().refresh_token).toBeTypeOf('string');
    expect(r.headers['set-cookie']).toBeUndefined();
    const missing = await post('/api/auth/refresh', {});
    expect(missing.statusCode).toBe(400);
  });
});

describe('reuse detection with a grace for tabs refreshing together', () => {
  it('lets concurrent refreshes with one cookie keep the session', async () => {
    const { cookie } = await cookieSignIn();
    const answers = await Promise.all(
      [1, 2, 3].map(() => post('/api/auth/refresh', undefined, withCookie(cookie))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const next = answers.map(cookieToken);
    // one successor for all of them: the session does not fork into branches
    expect(new Set(next).size).toBe(1);
    for (const a of answers) expect(await sessionRevoked(a.json().id_token)).toBe(false);
    // one session, and each fresh token rotates on
    const sessions = await t.database.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(next[0]!)));
    const [session] = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, sessions[0]!.sessionId));
    expect(session!.revokedAt).toBeNull();
    expect((await post('/api/auth/refresh', undefined, withCookie(next[0]!))).statusCode).toBe(200);
  });

  it('answers a second use within the grace with the same successor, so the session never forks', async () => {
    const { cookie, body } = await cookieSignIn();
    const sid = (idToken: string) =>
      JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sid as string;
    const first = await post('/api/auth/refresh', undefined, withCookie(cookie));
    const second = await post('/api/auth/refresh', undefined, withCookie(cookie));
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(cookieToken(second)).toBe(cookieToken(first));
    // the successor rotates on once; the branch a fork would have given does not exist
    const third = await post('/api/auth/refresh', undefined, withCookie(cookieToken(first)));
    expect(third.statusCode).toBe(200);
    const branches = await t.database.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, sid(body.id_token)));
    // sign-in token, its one successor, the successor's successor
    expect(branches).toHaveLength(3);
    expect(sid(second.json().id_token)).toBe(sid(body.id_token));
    expect(sid(first.json().id_token)).toBe(sid(body.id_token));
  });

  it('revokes the session when a rotated token comes back after the grace', async () => {
    const { cookie } = await cookieSignIn();
    const first = await post('/api/auth/refresh', undefined, withCookie(cookie));
    expect(first.statusCode).toBe(200);
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(cookie)));
    const reuse = await post('/api/auth/refresh', undefined, withCookie(cookie));
    expect(reuse.statusCode).toBe(401);
    expect(await sessionRevoked(first.json().id_token)).toBe(true);
    expect((await post('/api/auth/refresh', undefined, withCookie(cookieToken(first)))).statusCode).toBe(401);
  });
});
