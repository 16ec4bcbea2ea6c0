import { MEMBER_MESSAGES } from '@lockerops/contract';
import { and, desc, eq } from 'drizzle-orm';
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
import { mailOutbox, members } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let adminId: string;
let member: { authorization: string };
let viewer: { authorization: string };
let orgId: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://console.test:3000' });
  const tokens = await signIn(t.app);
  admin = bearer(tokens);
  adminId = tokens.user.user_id;
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
});
afterAll(() => t.close());

const req = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers = admin,
) => t.app.inject({ method, url: `/api${url}`, headers, payload });
const invite = (email: string, body: object = {}, headers = admin) =>
  req(
    'POST',
    `/members?email=${encodeURIComponent(email)}`,
    { first_name: 'New', role: 'member', ...body },
    headers,
  );

/** The temporary password of the last mail sent to `to`. */
async function mailedPassword(to: string): Promise<{ password: string; text: string }> {
  const [m] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const password = /Temporary password: (\S+)/.exec(m?.text ?? '')?.[1];
  if (!password) throw new Error(`no password mailed to ${to}`);
  return { password, text: m!.text };
}

describe('members: invite and first sign-in', () => {
  it('invites a member who meets NEW_PASSWORD_REQUIRED and then signs in', async () => {
    const res = await invite('Invited@Example.com', {
      first_name: 'Ivy',
      last_name: 'Vance',
      role: 'viewer',
      pin_code: '56789',
      send_reported_issues: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'Invited@Example.com',
      first_name: 'Ivy',
      role: 'viewer',
      status: 'FORCE_CHANGE_PASSWORD',
      verified: false,
      pin_code: '56789',
      send_reported_issues: true,
    });
    const { password, text } = await mailedPassword('Invited@Example.com');
    expect(text).toContain('http://demo-org.console.test:3000/auth/login');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'invited@example.com', password },
    });
    expect(first.json().challenge).toBe('NEW_PASSWORD_REQUIRED');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/new-password',
      payload: { session: first.json().session, new_password: 'Brand-New-Pass1!' },
    });
    expect(done.statusCode).toBe(200);
    const tokens = await signIn(t.app, 'invited@example.com', 'Brand-New-Pass1!');
    expect(tokens.user.role).toBe('viewer');
    const listed = (await req('GET', '/members?search=invited')).json().items[0];
    expect(listed).toMatchObject({ status: 'CONFIRMED', verified: true });
  });

  it('answers each spec message', async () => {
    const detail = async (email: string, body: object) => (await invite(email, body)).json().detail;
    expect(await detail('a@example.com', { first_name: '' })).toBe(MEMBER_MESSAGES.firstNameRequired);
    expect(await detail('a@example.com', { role: '' })).toBe(MEMBER_MESSAGES.roleRequired);
    expect(await detail('a@example.com', { role: 'owner' })).toBe(MEMBER_MESSAGES.roleRequired);
    for (const pin of ['123', '123456789', '1234', '12a4']) {
      expect(await detail('a@example.com', { pin_code: pin })).toBe(MEMBER_MESSAGES.invalidPin);
    }
    expect(await detail('not-an-email', {})).toBe(MEMBER_MESSAGES.invalidEmail);
    const noEmail = await req('POST', '/members', { first_name: 'X', role: 'member' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().detail).toBe(MEMBER_MESSAGES.emailRequired);
  });

  it('refuses a taken e-mail, also when two invites race', async () => {
    const dup = await invite('MEMBER@demo-org.test');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(MEMBER_MESSAGES.emailInUse);
    const race = await Promise.all([1, 2, 3].map(() => invite('race@example.com')));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('members: edit, status, verify, bulk role, delete', () => {
  it('edits a member but never its e-mail', async () => {
    const m = (await invite('edit@example.com')).json();
    const ok = await req('PUT', `/members/${m.user_id}`, {
      first_name: 'Eddie',
      role: 'admin',
      email: 'EDIT@example.com',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ first_name: 'Eddie', role: 'admin', email: 'edit@example.com' });
    const changed = await req('PUT', `/members/${m.user_id}`, {
      first_name: 'E',
      role: 'admin',
      email: 'other@example.com',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().detail).toBe(MEMBER_MESSAGES.emailCannotChange);
    const hist = (await req('GET', `/history/member/${m.user_id}`)).json();
    expect(hist.items[0].changes.first_name).toEqual({ before: 'New', after: 'Eddie' });
  });

  it('disables a member (who can no longer sign in) and enables it again; not oneself', async () => {
    await createMember(t, orgId, { email: 'toggle@example.com', role: 'member' });
    const session = bearer(await signIn(t.app, 'toggle@example.com'));
    const [row] = await t.database.db
      .select()
      .from(members)
      .where(and(eq(members.organizationId, orgId), eq(members.email, 'toggle@example.com')));
    const off = await req('PATCH', `/members/${row!.id}/status`, { enabled: false });
    expect(off.json()).toMatchObject({ member: { enabled: false } });
    expect((await req('GET', '/members/self', undefined, session)).statusCode).toBe(401);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'toggle@example.com', password: 'Admin-Passw0rd!' },
    });
    expect(signin.statusCode).toBe(403);
    expect((await req('PATCH', `/members/${row!.id}/status`, { enabled: true })).json().member.enabled).toBe(
      true,
    );
    const self = await req('PATCH', `/members/${adminId}/status`, { enabled: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe(MEMBER_MESSAGES.cannotChangeOwnStatus);
  });

  it('verifies a member', async () => {
    const m = (await invite('verify@example.com')).json();
    const res = await req('PATCH', `/members/${m.user_id}/verify`);
    expect(res.statusCode).toBe(200);
    expect(res.json().member.verified).toBe(true);
  });

  it('changes the role of several members in one transaction', async () => {
    const a = (await invite('bulk-a@example.com')).json();
    const b = (await invite('bulk-b@example.com')).json();
    const res = await req('PATCH', '/members', {
      user_ids: [a.user_id, b.user_id],
      member: { role: 'viewer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().members.map((m: { role: string }) => m.role)).toEqual(['viewer', 'viewer']);
    const partial = await req('PATCH', '/members', {
      user_ids: [a.user_id, '00000000-0000-4000-8000-000000000000'],
      member: { role: 'admin' },
    });
    expect(partial.statusCode).toBe(404);
    expect((await req('GET', `/members/${a.user_id}`)).json().role).toBe('viewer');
    const noRole = await req('PATCH', '/members', { user_ids: [a.user_id], member: { role: '' } });
    expect(noRole.json().detail).toBe(MEMBER_MESSAGES.roleRequired);
  });

  it('deletes members but never one’s own account', async () => {
    const m = (await invite('delete-me@example.com')).json();
    const self = await req('DELETE', '/members', { ids: [m.user_id, adminId] });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe(MEMBER_MESSAGES.cannotDeleteSelf);
    expect((await req('GET', `/members/${m.user_id}`)).statusCode).toBe(200);
    const ok = await req('DELETE', '/members', { ids: [m.user_id] });
    expect(ok.json()).toMatchObject({ deleted: 1 });
    expect((await req('GET', `/members/${m.user_id}`)).statusCode).toBe(404);
  });
});

describe('members: resend password e-mail', () => {
  it('mails a new temporary password to a pending member; the old one stops working', async () => {
    await invite('resend@example.com');
    const old = await mailedPassword('resend@example.com');
    await new Promise((r) => setTimeout(r, 5));
    const res = await req('POST', '/members/resend-password-email', { email: 'RESEND@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(MEMBER_MESSAGES.passwordEmailSent);
    const fresh = await mailedPassword('resend@example.com');
    expect(fresh.password).not.toBe(old.password);
    const withOld = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'resend@example.com', password: old.password },
    });
    expect(withOld.statusCode).toBe(401);
    const withNew = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'resend@example.com', password: fresh.password },
    });
    expect(withNew.json().challenge).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('refuses one’s own account, a confirmed member and an unknown e-mail', async () => {
    const self = await req('POST', '/members/resend-password-email', { email: 'admin@demo-org.test' });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe(MEMBER_MESSAGES.cannotResendSelf);
    const confirmed = await req('POST', '/members/resend-password-email', { email: 'member@demo-org.test' });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().detail).toBe(MEMBER_MESSAGES.notPending);
    const unknown = await req('POST', '/members/resend-password-email', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('members: CSV upload', () => {
  it('invites good rows and reports bad ones', async () => {
    const csv = [
      'email,first_name,last_name,role,pin_code,send_reported_issues',
      'csv-a@example.com,Cee,Ay,member,4321,true',
      'csv-b@example.com,,Bee,member,,',
      'csv-c@example.com,Cee,,boss,,',
      'csv-d@example.com,Dee,,viewer,1234,',
      'member@demo-org.test,Dup,,member,,',
    ].join('\n');
    const body = multipartBody({}, [
      { name: 'file', filename: 'm.csv', data: Buffer.from(csv), type: 'text/csv' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/csv',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: MEMBER_MESSAGES.firstNameRequired },
      { row: 3, detail: MEMBER_MESSAGES.roleRequired },
      { row: 4, detail: MEMBER_MESSAGES.invalidPin },
      { row: 5, detail: MEMBER_MESSAGES.emailInUse },
    ]);
    expect((await mailedPassword('csv-a@example.com')).password).toBeTruthy();
  });
});

describe('members: roles and tenancy', () => {
  it('lets a member read but not manage (403)', async () => {
    expect((await req('GET', '/members', undefined, member)).statusCode).toBe(200);
    const target = (await req('GET', '/members?search=viewer@demo')).json().items[0];
    for (const res of [
      await invite('by-member@example.com', {}, member),
      await req('PUT', `/members/${target.user_id}`, { first_name: 'X', role: 'admin' }, member),
      await req('DELETE', '/members', { ids: [target.user_id] }, member),
      await req('PATCH', `/members/${target.user_id}/status`, { enabled: false }, member),
      await req('PATCH', '/members', { user_ids: [target.user_id], member: { role: 'admin' } }, member),
      await req('POST', '/members/resend-password-email', { email: 'viewer@demo-org.test' }, member),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it("shows a member's PIN to admins only (and to the member itself)", async () => {
    const secret = await invite('pin-holder@example.com', { pin_code: '48213' });
    const id = secret.json().user_id;
    const bySearch = (h: { authorization: string }) =>
      req('GET', '/members?search=pin-holder', undefined, h).then((r) => r.json().items[0].pin_code);
    expect(await bySearch(admin)).toBe('48213');
    expect((await req('GET', `/members/${id}`)).json().pin_code).toBe('48213');
    expect(await bySearch(member)).toBeNull();
    const one = await req('GET', `/members/${id}`, undefined, member);
    expect(one.statusCode).toBe(200);
    expect(one.json().pin_code).toBeNull();
    expect(one.body).not.toContain('48213');
    await t.database.db
      .update(members)
      .set({ pinCode: '55555' })
      .where(eq(members.email, 'member@demo-org.test'));
    const own = (await req('GET', '/members?search=member@demo-org', undefined, member)).json().items;
    expect(own.find((m: { email: string }) => m.email === 'member@demo-org.test').pin_code).toBe('55555');
  });

  it('keeps viewers out (403) but leaves their own profile calls working', async () => {
    expect((await req('GET', '/members', undefined, viewer)).statusCode).toBe(403);
    expect((await req('GET', '/members/self', undefined, viewer)).statusCode).toBe(200);
  });

  it("answers 404 for another organization's member", async () => {
    const other = await createOrganization(t, 'Other Members Org');
    const theirs = await createMember(t, other.id, { email: 'admin@other-members.test' });
    expect((await req('GET', `/members/${theirs.id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/members/${theirs.id}`, { first_name: 'X', role: 'viewer' })).statusCode).toBe(
      404,
    );
    expect((await req('DELETE', '/members', { ids: [theirs.id] })).statusCode).toBe(404);
    expect((await req('PATCH', `/members/${theirs.id}/status`, { enabled: false })).statusCode).toBe(404);
    expect(
      (await req('PATCH', '/members', { user_ids: [theirs.id], member: { role: 'viewer' } })).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', '/members/resend-password-email', { email: 'admin@other-members.test' })).statusCode,
    ).toBe(404);
  });
});
