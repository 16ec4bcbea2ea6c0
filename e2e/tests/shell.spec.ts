import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL } from '../playwright.config';
import { consoleSignIn, uiSignIn } from '../support/api';

/** What the page's scripts can read: both storages and document.cookie. */
const readableByScripts = (page: Page) =>
  page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]));

/** A JWT, or a field named like a token. */
const TOKEN_LIKE = /eyJ|id_token|refresh_token|"tokens"/;

/** The console's refresh-token cookies in the browser context. */
const refreshCookies = async (page: Page) =>
  (await page.context().cookies()).filter((c) => c.name === 'refresh_token');

test.describe('sign-in and shell', () => {
  test('the seeded admin signs in and is greeted', async ({ page }) => {
    await uiSignIn(page);
    // the very first sign-in of the run lands on Settings, a later one on the dashboard
    await expect(page).toHaveURL(/\/(settings|home)$/);
    await page.evaluate(() => localStorage.clear());
    await uiSignIn(page);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(/Hi, Demo/)).toBeVisible();
  });

  test('a wrong password shows the error above the form', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-passw0rd!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Incorrect username or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('unauthenticated visitors are sent to the login page', async ({ page }) => {
    await page.goto('/devices');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/auth\/404$/);
    await expect(page.getByText('This page could not be found.')).toBeVisible();
    await page.goto('/auth/nothing-here');
    await expect(page).toHaveURL(/\/auth\/404$/);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });

  test('the dark-mode toggle survives a reload', async ({ page }) => {
    await uiSignIn(page);
    await expect(page).toHaveURL(/\/(home|settings)$/);
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const before = await bg();
    await page.getByRole('button', { name: /Switch to (dark|light) mode/ }).click();
    await expect.poll(bg).not.toBe(before);
    const toggled = await bg();
    await page.reload();
    await expect.poll(bg).toBe(toggled);
  });

  test('logout clears the session and returns to login', async ({ page }) => {
    await uiSignIn(page);
    await expect(page).toHaveURL(/\/(home|settings)$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
    // the server expired the refresh cookie
    expect(await refreshCookies(page)).toEqual([]);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('no token is readable by scripts after sign-in; a reload restores the session from the cookie', async ({
    page,
  }) => {
    await uiSignIn(page);
    await expect(page).toHaveURL(/\/(home|settings)$/);
    const stored = await readableByScripts(page);
    expect(stored).toContain('currentUser');
    expect(stored).not.toMatch(TOKEN_LIKE);
    const cookies = await refreshCookies(page);
    expect(cookies.map((c) => c.path).sort()).toEqual(['/api/auth', '/api/members/change-password']);
    for (const c of cookies) expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    await page.goto('/devices');
    await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
    await expect(page.getByText(/Hi, Demo/)).toBeVisible();
    expect(await readableByScripts(page)).not.toMatch(TOKEN_LIKE);
  });

  test('a cookie session signed in through the API opens the console', async ({ page }) => {
    const body = await consoleSignIn(page);
    expect(body).not.toHaveProperty('refresh_token');
    await page.goto('/home');
    await expect(page.getByText(/Hi, Demo/)).toBeVisible();
    expect(await readableByScripts(page)).not.toMatch(TOKEN_LIKE);
  });

  test('logging out in one tab signs the other tabs out', async ({ page, context }) => {
    await consoleSignIn(page);
    await page.goto('/home');
    await expect(page.getByText(/Hi, Demo/)).toBeVisible();
    const other = await context.newPage();
    await other.goto('/devices');
    await expect(other.getByRole('heading', { name: 'Devices' })).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(other).toHaveURL(/\/auth\/login$/);
  });
});
