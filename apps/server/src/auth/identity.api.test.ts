import { MSG, passwordStrength } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../test/helpers';
import { startSmtpSink } from '../../test/smtp-sink';
import { buildApp } from '../app';
import { passwordResetCodes, refreshTokens } from '../db/schema';
import { REFRESH_REUSE_GRACE_SECONDS } from './identity.service';
import { sha256 } from './tokens';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { host: 'localhost', ...headers },
  });

describe('sign-in', () => {
  it('answers tokens for the seeded admin, e-mail trimmed and case-insensitive', async () => {
    const res = await post('/api/auth/sign-in', {
      email: `  ${ADMIN_EMAIL.toUpperCase()} `,
      password: ADMIN_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id_token).toBeTypeOf('string');
    expect(body.refresh_token).toBeTypeOf('string');
    expect(body.expires_in).toBe(3600);
    expect(body.user).toMatchObject({
      email: ADMIN_EMAIL,
      role: 'admin',
      organization: { name: 'demo-org' },
    });
    const self = await t.app.inject({ url: '/api/members/self', headers: bearer(body) });
    expect(self.statusCode).toBe(200);
    expect(self.json().email).toBe(ADMIN_EMAIL);
  });

  it('refuses a wrong password and an unknown user with the same text', async () => {
    const wrong = await post('/api/auth/sign-in', { email: ADMIN_EMAIL, password: 'Wrong-passw0rd!' });
    const unknown = await post('/api/auth/sign-in', {
      email: 'nobody@demo-org.test',
      password: 'Wrong-passw0rd!',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ detail: MSG.incorrectCredentials });
    expect(unknown.json()).toMatchObject({ detail: MSG.incorrectCredentials });
  });

  it('validates with the spec messages', async () => {
    const res = await post('/api/auth/sign-in', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual([MSG.invalidEmail, MSG.passwordRequired]);
  });

  it('marks the first sign-in', async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'first@demo-org.test' });
    const first = await signIn(t.app, 'first@demo-org.test');
    const second = await signIn(t.app, 'first@demo-org.test');
    expect(first.user.first_login).toBe(true);
    expect(second.user.first_login).toBe(false);
  });

  it('resolves the organization from the Host sub-domain', async () => {
    const acme = await createOrganization(t, 'acme');
    await createMember(t, acme.id, { email: ADMIN_EMAIL, password: 'Acme-Passw0rd!' });
    const acmeTokens = await signIn(t.app, ADMIN_EMAIL, 'Acme-Passw0rd!', 'acme.localhost:3000');
    expect(acmeTokens.user.organization.name).toBe('acme');
    // the same e-mail with the demo password does not open acme
    const cross = await post(
      '/api/auth/sign-in',
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { host: 'acme.localhost' },
    );
    expect(cross.statusCode).toBe(401);
    const pub = await t.app.inject({ url: '/api/organization', headers: { host: 'acme.localhost:3000' } });
    expect(pub.json()).toMatchObject({ name: 'acme', app_name: 'acme', stripe_enabled: false });
  });

  it('refuses members of an archived organization', async () => {
    const old = await createOrganization(t, 'oldco');
    await createMember(t, old.id, { email: 'x@oldco.test' });
    await t.database.db.execute(`update organizations set active = false where id = '${old.id}'` as never);
    const res = await post(
      '/api/auth/sign-in',
      { email: 'x@oldco.test', password: ADMIN_PASSWORD },
      { host: 'oldco.localhost' },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('new-password challenge', () => {
  it('forces an invited account through a new password', async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, {
      email: 'invited@demo-org.test',
      password: 'Temp-Passw0rd!',
      invited: true,
    });
    const res = await post('/api/auth/sign-in', {
      email: 'invited@demo-org.test',
      password: 'Temp-Passw0rd!',
    });
    expect(res.statusCode).toBe(200);
    const { challenge, session } = res.json();
    expect(challenge).toBe('NEW_PASSWORD_REQUIRED');

    const weak = await post('/api/auth/new-password', { session, new_password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toBe(MSG.weakPassword);

    const bad = await post('/api/auth/new-password', { session: 'garbage', new_password: 'Good-Passw0rd!' });
    expect(bad.statusCode).toBe(400);

    const done = await post('/api/auth/new-password', { session, new_password: 'Good-Passw0rd!' });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.user_status).toBe('CONFIRMED');
    // the challenge cannot be replayed, and the new password signs in
    const replay = await post('/api/auth/new-password', { session, new_password: 'Other-Passw0rd!' });
    expect(replay.statusCode).toBe(400);
    expect((await signIn(t.app, 'invited@demo-org.test', 'Good-Passw0rd!')).user.email).toBe(
      'invited@demo-org.test',
    );
  });
});

describe('forgot password', () => {
  const email = 'forgetful@demo-org.test';
  beforeAll(async () => {
    await createMember(t, (await demoOrg(t)).id, { email });
  });

  const requestCode = async () => {
    const seen = sink.count(email);
    const res = await post('/api/auth/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(MSG.codeSent);
    const mail = await sink.next(email, seen);
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  };

  it('answers the same for an unknown account and sends nothing', async () => {
    const before = sink.received.length;
    const res = await post('/api/auth/forgot-password', { email: 'ghost@demo-org.test' });
    expect(res.json().detail).toBe(MSG.codeSent);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.received.length).toBe(before);
  });

  it('resets with the mailed code, once', async () => {
    const code = await requestCode();
    const ok = await post('/api/auth/confirm-forgot-password', {
      email,
      code,
      new_password: 'Reset-Passw0rd!',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toBe(MSG.passwordResetDone);
    await signIn(t.app, email, 'Reset-Passw0rd!');
    const again = await post('/api/auth/confirm-forgot-password', {
      email,
      code,
      new_password: 'Again-Passw0rd!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(MSG.expiredCode);
  });

  it('voids a code after five wrong tries', async () => {
    const code = await requestCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await post('/api/auth/confirm-forgot-password', {
        email,
        code: wrong,
        new_password: 'Reset-Passw0rd!',
      });
      expect(r.json().detail).toBe(MSG.invalidCode);
    }
    const fifth = await post('/api/auth/confirm-forgot-password', {
      email,
      code: wrong,
      new_password: 'Reset-Passw0rd!',
    });
    expect(fifth.json().detail).toBe(MSG.attemptsExceeded);
    const right = await post('/api/auth/confirm-forgot-password', {
      email,
      code,
      new_password: 'Reset-Passw0rd!',
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().detail).toBe(MSG.expiredCode);
  });

  it('refuses an expired code', async () => {
    const code = await requestCode();
    await t.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.attempts, 0));
    const r = await post('/api/auth/confirm-forgot-password', {
      email,
      code,
      new_password: 'Late-Passw0rd!',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toBe(MSG.expiredCode);
  });

  it('rejects a weak new password', async () => {
    const r = await post('/api/auth/confirm-forgot-password', {
      email,
      code: '123456',
      new_password: 'password',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toBe(MSG.weakPassword);
  });
});

describe('account enumeration', () => {
  it('answers confirm-forgot-password with the same texts for a known and an unknown e-mail', async () => {
    const known = 'enumerated@demo-org.test';
    await createMember(t, (await demoOrg(t)).id, { email: known });
    const story = async (email: string) => {
      const details: string[] = [];
      const confirm = async () => {
        const r = await post('/api/auth/confirm-forgot-password', {
          email,
          code: '999999',
          new_password: 'Reset-Passw0rd!',
        });
        details.push(`${r.statusCode} ${r.json().detail}`);
      };
      await confirm();
      const f = await post('/api/auth/forgot-password', { email });
      details.push(`${f.statusCode} ${f.json().detail}`);
      for (let i = 0; i < 6; i++) await confirm();
      return details;
    };
    const mails = sink.count(known);
    const knownStory = await story(known);
    await sink.next(known, mails);
    const unknownStory = await story('nobody-here@demo-org.test');
    expect(unknownStory).toEqual(knownStory);
    expect(knownStory).toEqual([
      `400 ${MSG.invalidCode}`,
      `200 ${MSG.codeSent}`,
      ...Array(4).fill(`400 ${MSG.invalidCode}`),
      `400 ${MSG.attemptsExceeded}`,
      `400 ${MSG.expiredCode}`,
    ]);
  });
});

describe('account enumeration by a pending code', () => {
  it('answers wrong reset codes byte for byte the same for every e-mail, pending code or none', async () => {
    const org = (await demoOrg(t)).id;
    await createMember(t, org, { email: 'pending@demo-org.test' });
    await createMember(t, org, { email: 'idle@demo-org.test' });
    // the account holder asked for a code; the prober did not
    const mails = sink.count('pending@demo-org.test');
    await post('/api/auth/forgot-password', { email: 'pending@demo-org.test' });
    await sink.next('pending@demo-org.test', mails);
    const story = async (email: string) => {
      const bodies: string[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await post('/api/auth/confirm-forgot-password', {
          email,
          code: '999999',
          new_password: 'Reset-Passw0rd!',
        });
        bodies.push(`${r.statusCode} ${r.headers['content-type']} ${r.body}`);
      }
      return bodies;
    };
    const pending = await story('pending@demo-org.test');
    expect(await story('idle@demo-org.test')).toEqual(pending);
    expect(await story('no-account@demo-org.test')).toEqual(pending);
    expect(pending.map((b) => JSON.parse(b.slice(b.indexOf('{'))).detail)).toEqual([
      ...Array(4).fill(MSG.invalidCode),
      MSG.attemptsExceeded,
      MSG.expiredCode,
      MSG.expiredCode,
    ]);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens and revokes the family on reuse after the grace', async () => {
    const first = await signIn(t.app);
    const r1 = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // the rotation happened more than the grace ago: a reuse of the old token is theft
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(first.refresh_token!)));
    // reuse of the old one: 401, and the whole session is gone
    const reuse = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    const afterReuse = await post('/api/auth/refresh', { refresh_token: second.refresh_token });
    expect(afterReuse.statusCode).toBe(401);
    const self = await t.app.inject({ url: '/api/members/self', headers: bearer(second) });
    expect(self.statusCode).toBe(401);
  });

  it('sign-out revokes the id token and the refresh token', async () => {
    const s = await signIn(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearer(s),
      payload: { refresh_token: s.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/members/self', headers: bearer(s) })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: s.refresh_token })).statusCode).toBe(401);
  });

  it('answers 401 for no token, a forged one and an expired one', async () => {
    expect((await t.app.inject({ url: '/api/members/self' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/members/self', headers: { authorization: 'Bearer abc.def.ghi' } }))
        .statusCode,
    ).toBe(401);
    const s = await signIn(t.app);
    const claims = JSON.parse(Buffer.from(s.id_token.split('.')[1]!, 'base64url').toString());
    const expired = await t.app.ctx.tokens.sign(
      { typ: 'id', sub: claims.sub, org: claims.org, role: claims.role, sid: claims.sid },
      1,
    );
    await new Promise((r) => setTimeout(r, 2100));
    const res = await t.app.inject({
      url: '/api/members/self',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(MSG.tokenExpired);
  });
});

describe('profile', () => {
  it('updates the own name and changes the password', async () => {
    const org = await demoOrg(t);
    const m = await createMember(t, org.id, { email: 'profile@demo-org.test', role: 'viewer' });
    const s = await signIn(t.app, 'profile@demo-org.test');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${m.id}`,
      headers: bearer(s),
      payload: { first_name: '' },
    });
    expect(bad.json().detail).toBe(MSG.firstNameIsRequired);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${m.id}`,
      headers: bearer(s),
      payload: { first_name: 'Vera', last_name: 'Viewer' },
    });
    expect(ok.json()).toMatchObject({ first_name: 'Vera', last_name: 'Viewer' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/members/change-password',
      headers: bearer(s),
      payload: { pwd: 'nope', new_pwd: 'Next-Passw0rd!' },
    });
    expect(wrong.statusCode).toBe(400);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/members/change-password',
      headers: bearer(s),
      payload: { pwd: ADMIN_PASSWORD, new_pwd: 'weak' },
    });
    expect(weak.json().detail).toBe(MSG.weakPassword);
    // 8 lower-case letters: the meter says Weak, so the server refuses too (spec console §5)
    const eightLower = await t.app.inject({
      method: 'POST',
      url: '/api/members/change-password',
      headers: bearer(s),
      payload: { pwd: ADMIN_PASSWORD, new_pwd: 'nextpassword' },
    });
    expect(eightLower.statusCode).toBe(400);
    expect(eightLower.json().detail).toBe(MSG.weakPassword);
    // Medium (8+ characters, lower and digit, no special): the meter accepts it, so does the server
    expect(passwordStrength('nextpassw0rd')).toBe('Medium');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/members/change-password',
      headers: bearer(s),
      payload: { pwd: ADMIN_PASSWORD, new_pwd: 'nextpassw0rd' },
    });
    expect(done.json().detail).toBe(MSG.passwordChanged);
    await signIn(t.app, 'profile@demo-org.test', 'nextpassw0rd');
  });

  it('revokes every other session when the password changes, and keeps the current one', async () => {
    const org = await demoOrg(t);
    await createMember(t, org.id, { email: 'two-sessions@demo-org.test', role: 'member' });
    const here = await signIn(t.app, 'two-sessions@demo-org.test');
    const elsewhere = await signIn(t.app, 'two-sessions@demo-org.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/change-password',
      headers: bearer(here),
      payload: { pwd: ADMIN_PASSWORD, new_pwd: 'Changed-Passw0rd!' },
    });
    expect(res.json().detail).toBe(MSG.passwordChanged);
    expect((await t.app.inject({ url: '/api/members/self', headers: bearer(elsewhere) })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/refresh', { refresh_token: elsewhere.refresh_token })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: '/api/members/self', headers: bearer(here) })).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refresh_token: here.refresh_token })).statusCode).toBe(200);
  });

  it('answers 404 for a member of another organization', async () => {
    const other = await createOrganization(t, 'othercorp');
    const stranger = await createMember(t, other.id, { email: 'stranger@othercorp.test' });
    const s = await signIn(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${stranger.id}`,
      headers: bearer(s),
      payload: { first_name: 'Hacked' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('forbids a viewer to rename someone else', async () => {
    const org = await demoOrg(t);
    const v = await createMember(t, org.id, { email: 'viewer2@demo-org.test', role: 'viewer' });
    const target = await createMember(t, org.id, { email: 'target@demo-org.test' });
    const s = await signIn(t.app, v.email);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${target.id}`,
      headers: bearer(s),
      payload: { first_name: 'X' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('rate limit', () => {
  const signInFrom = (app: TestApp['app'], email: string, password: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email, password },
    });

  it('answers 429 with a detail after too many failed sign-ins for one e-mail', async () => {
    const limited = await createTestApp({}, (c) => {
      c.authRateLimit = 3;
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await signInFrom(limited.app, 'rl@demo-org.test', 'x');
        codes.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json().detail).toBe(MSG.tooManyRequests);
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes[3]).toBe(429);
      // another e-mail from the same address still passes the per-e-mail limit
      expect((await signInFrom(limited.app, 'other@demo-org.test', 'x')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('never counts successful sign-ins', async () => {
    const limited = await createTestApp({}, (c) => {
      c.authRateLimit = 2;
    });
    try {
      for (let i = 0; i < 6; i++) {
        expect((await signInFrom(limited.app, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
      }
      // the same e-mail in another organization is another budget
      const demo = await demoOrg(limited);
      const other = await createOrganization(limited, 'Budget Two', demo.id);
      for (let i = 0; i < 2; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: ADMIN_EMAIL, password: 'Wrong-passw0rd!', organization: other.name },
        });
        expect(r.statusCode).toBe(401);
      }
      expect((await signInFrom(limited.app, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is not escaped by a forged X-Forwarded-For when no proxy is trusted', async () => {
    const limited = await createTestApp({}, (c) => {
      c.authRateLimit = 2;
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) {
        const r = await signInFrom(limited.app, `rotating${i}@demo-org.test`, 'x', `203.0.113.${i}`);
        codes.push(r.statusCode);
      }
      // per address: three times the limit
      expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For from a trusted proxy (TRUST_PROXY)', async () => {
    const limited = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, (c) => {
      c.authRateLimit = 1;
    });
    try {
      for (let i = 0; i < 6; i++) {
        const r = await signInFrom(limited.app, `behind${i}@demo-org.test`, 'x', `203.0.113.${i}`);
        expect(r.statusCode).toBe(401);
      }
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await signInFrom(limited.app, `same${i}@demo-org.test`, 'x', '198.51.100.7')).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts across two server processes on one database', async () => {
    const first = await createTestApp({}, (c) => {
      c.authRateLimit = 4;
    });
    const second = await buildApp({ config: first.config, database: first.database });
    await second.ready();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 ? second : first.app;
        codes.push((await signInFrom(app, 'shared@demo-org.test', 'x')).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('counts forgot-password calls and wrong reset codes, and wrong current passwords', async () => {
    const limited = await createTestApp({}, (c) => {
      c.authRateLimit = 3;
    });
    try {
      const forgot = async (email: string) =>
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email },
          })
        ).statusCode;
      expect([await forgot('f@demo-org.test'), await forgot('f@demo-org.test')]).toEqual([200, 200]);
      const confirm = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-forgot-password',
        payload: { email: 'f@demo-org.test', code: '123456', new_password: 'Reset-Passw0rd!' },
      });
      expect(confirm.statusCode).toBe(400);
      expect(await forgot('f@demo-org.test')).toBe(429);

      const s = await signIn(limited.app);
      const change = (pwd: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/members/change-password',
          headers: bearer(s),
          payload: { pwd, new_pwd: 'Next-Passw0rd!' },
        });
      expect([(await change('nope-1')).statusCode, (await change('nope-2')).statusCode]).toEqual([400, 400]);
      expect((await change('nope-3')).statusCode).toBe(400);
      const blocked = await change(ADMIN_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toBe(MSG.tooManyRequests);
      // the failed checks count for sign-in too: the account is held for the window
      expect((await signInFrom(limited.app, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
