import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL } from '../playwright.config';
import { uiSignIn } from '../support/api';

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
    const stored = await page.evaluate(() => [
      localStorage.getItem('tokens'),
      localStorage.getItem('currentUser'),
    ]);
    expect(stored).toEqual([null, null]);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
