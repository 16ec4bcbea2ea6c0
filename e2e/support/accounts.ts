import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, auth } from './api';
import { mailCount, nextMail } from './mail';

/**
 * Invites a team member through the partner API, as an admin would from /team-members, and answers
 * the temporary password read from the mail the server sent.
 */
export async function inviteMember(
  request: APIRequestContext,
  email: string,
  role: 'admin' | 'member' | 'viewer',
  firstName = 'Tess',
): Promise<string> {
  const admin = await apiSignIn(request);
  const seen = await mailCount(email);
  const res = await request.post(`/api/members?email=${encodeURIComponent(email)}`, {
    headers: auth(admin),
    data: { first_name: firstName, last_name: 'Tester', role },
  });
  if (!res.ok()) throw new Error(`invite ${res.status()}: ${await res.text()}`);
  const mail = await nextMail(email, seen);
  const password = /Temporary password: (\S+)/.exec(mail.text)?.[1];
  if (!password) throw new Error('no temporary password in the invitation');
  return password;
}

/** Invites a member and completes the new-password challenge through the API; answers the password. */
export async function createActiveMember(
  request: APIRequestContext,
  email: string,
  role: 'admin' | 'member' | 'viewer',
  password = 'Chosen-Passw0rd!',
): Promise<string> {
  const temporary = await inviteMember(request, email, role);
  const challenge = await request.post('/api/auth/sign-in', { data: { email, password: temporary } });
  const { session } = await challenge.json();
  const done = await request.post('/api/auth/new-password', { data: { session, new_password: password } });
  if (!done.ok()) throw new Error(`new-password ${done.status()}: ${await done.text()}`);
  return password;
}
