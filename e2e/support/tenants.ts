import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { PORT } from '../playwright.config';
import { apiSignIn, auth } from './api';
import { mailCount, nextMail } from './mail';

/** A 2×2 red PNG image. */
export const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

/** A suffix unique to this run and call. */
export const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** An organization name unique to the call: letters, digits and spaces only (spec console §5). */
export const uniqueOrgName = (prefix: string) => `${prefix} ${suffix()}`;
/** The sub-domain label of an organization name (as the contract's `subdomainOf`). */
export const subdomainOf = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');
/** The console's address on an organization's own sub-domain (Chromium resolves *.localhost). */
export const originOf = (name: string) => `http://${subdomainOf(name)}.localhost:${PORT}`;

/** Reads the temporary password of the newest mail to `email` beyond the first `seen`. */
export async function temporaryPasswordOf(email: string, seen: number): Promise<string> {
  const mail = await nextMail(email, seen);
  const password = /Temporary password: (\S+)/.exec(mail.text)?.[1];
  if (!password) throw new Error(`no temporary password in the mail to ${email}`);
  return password;
}

/**
 * Creates a sub-organization of the seeded organization through `POST /api/organizations` (as the
 * console's form does: multipart with a logo) and answers its owner's mailed temporary password.
 * `flags` are extra organization flags such as `{ pricing: 'true' }`.
 */
export async function createSubOrganization(
  request: APIRequestContext,
  name: string,
  email: string,
  flags: Record<string, string> = {},
): Promise<string> {
  const headers = auth(await apiSignIn(request));
  const seen = await mailCount(email);
  const res = await request.post('/api/organizations', {
    headers,
    multipart: {
      name,
      email,
      first_name: 'Owen',
      last_name: 'Owner',
      linka_hardware: 'true',
      ...flags,
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG },
    },
  });
  if (!res.ok()) throw new Error(`create organization ${res.status()}: ${await res.text()}`);
  return temporaryPasswordOf(email, seen);
}

/**
 * Signs in through the login page of an organization's own sub-domain, in whatever language the
 * browser's locale gives it (the fields by name, the form's own submit button).
 */
export async function signInAt(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/auth/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/**
 * A fresh sub-organization whose owner has chosen a password (through the API) and is signed in on
 * `page` at the organization's sub-domain. Answers the organization's name, origin and the owner's
 * API headers.
 */
export async function signedInTenant(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  flags: Record<string, string> = {},
): Promise<{ name: string; origin: string; email: string; headers: Record<string, string> }> {
  const name = uniqueOrgName(prefix);
  const email = `owner-${suffix()}@${subdomainOf(name)}.test`;
  const temporary = await createSubOrganization(request, name, email, flags);
  const password = 'Tenant-Owner-Passw0rd!';
  const challenge = await request.post('/api/auth/sign-in', {
    data: { email, password: temporary, organization: name },
  });
  const { session } = await challenge.json();
  const done = await request.post('/api/auth/new-password', { data: { session, new_password: password } });
  if (!done.ok()) throw new Error(`new-password ${done.status()}: ${await done.text()}`);
  const tokens = await done.json();
  const origin = originOf(name);
  await signInAt(page, origin, email, password);
  await expect(page).toHaveURL(/\/(home|settings)$/);
  return { name, origin, email, headers: auth(tokens) };
}
