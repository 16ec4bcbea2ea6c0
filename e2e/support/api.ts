import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config';

export interface Tokens {
  id_token: string;
  refresh_token: string;
  user: { user_id: string; email: string; role: string; first_login: boolean };
}

/** Signs in through the partner API (for seeding through the same calls a person's console makes). */
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
