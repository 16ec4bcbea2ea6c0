import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config';

export interface Tokens {
  id_token: string;
  /** absent in cookie mode (the console's session) */
  refresh_token?: string;
  user: { user_id: string; email: string; role: string; first_login: boolean };
}

/** The header by which the console asks for a cookie session (the refresh token in an httpOnly cookie). */
export const COOKIE_MODE = { 'X-Session': 'cookie' };

/**
 * Signs in through the partner API, partner mode: both tokens in the body (for seeding through the
 * same calls a person's console makes).
 */
export async function apiSignIn(
  request: APIRequestContext,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<Tokens> {
  const res = await request.post('/api/auth/sign-in', { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in ${res.status()}: ${await res.text()}`);
  return res.json();
}

export const auth = (t: Tokens) => ({ authorization: `Bearer ${t.id_token}` });

/** Signs in through the login page. */
export async function uiSignIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in as the console does, in cookie mode, through the page's request context: it shares the
 * browser context's cookie jar, so the httpOnly refresh cookie lands where the console reads it and
 * the next page load restores the session from it. Answers the sign-in body (no refresh token).
 */
export async function consoleSignIn(
  page: Page,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
  origin = '',
): Promise<Tokens> {
  const res = await page.request.post(`${origin}/api/auth/sign-in`, {
    headers: COOKIE_MODE,
    data: { email, password },
  });
  if (!res.ok()) throw new Error(`sign-in ${res.status()}: ${await res.text()}`);
  return res.json();
}

/**
 * An id token of the console session of `page` (the page keeps its own in memory, out of reach): a
 * cookie refresh made from the page, as the console makes it, which rotates the cookie. From the
 * page rather than `page.request`, so sub-domains of localhost resolve as in Chromium.
 */
export async function consoleIdToken(page: Page): Promise<string> {
  const answer = await page.evaluate(async (headers) => {
    const res = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: '{}',
    });
    return { status: res.status, body: await res.text() };
  }, COOKIE_MODE);
  if (answer.status !== 200) throw new Error(`refresh ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as Tokens).id_token;
}
