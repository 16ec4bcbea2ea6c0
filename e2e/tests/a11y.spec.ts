import { expect, test } from '@playwright/test';
import { expectAccessible, setThemeMode, sidebarPaths } from '../support/a11y';
import { adminApi, navigateInApp, openAsAdmin } from '../support/console';

/**
 * WCAG 2.2 AA. axe-core (tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) finds no
 * violation on any page of the sidebar, in each page's Add dialog, on the sign-in, reset and 404
 * pages and the reservation widget, in the light and the dark theme.
 */
for (const mode of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${mode} theme`, () => {
    test('the sign-in, reset-password and 404 pages', async ({ page }) => {
      await page.goto('/auth/login');
      await setThemeMode(page, mode);
      for (const path of ['/auth/login', '/auth/reset-password', '/auth/404']) {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        await expectAccessible(page, `${path} (${mode})`, { soft: true });
      }
      // an error shown by the sign-in form
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectAccessible(page, `/auth/login with errors (${mode})`);
    });

    test('every page of the sidebar', async ({ page }) => {
      test.setTimeout(400_000);
      await openAsAdmin(page, '/home');
      await setThemeMode(page, mode);
      const paths = await sidebarPaths(page);
      expect(paths.length).toBeGreaterThan(20);
      for (const path of paths) {
        await navigateInApp(page, path);
        await expectAccessible(page, `${path} (${mode})`, { soft: true });
      }
    });

    test("every page's Add dialog", async ({ page }) => {
      test.setTimeout(400_000);
      // an action that opens a page of its own (the payment provider's onboarding) is not a dialog:
      // its tab is closed at once, so the console's tab stays in front (a background tab draws
      // about one frame a second, and every transition after would wait for it)
      page.context().on('page', (opened) => void opened.close());
      await openAsAdmin(page, '/home');
      await setThemeMode(page, mode);
      const paths = await sidebarPaths(page);
      let opened = 0;
      for (const path of paths) {
        await navigateInApp(page, path);
        // the header's "Add …" action, when the page has one
        const add = page
          .locator('main')
          .getByRole('button', { name: /^(Add|Create|New) / })
          .first();
        if (!(await add.count()) || !(await add.isEnabled())) continue;
        // read before the dialog opens: the page behind a modal leaves the accessibility tree
        const name = (await add.textContent())?.trim();
        await add.click();
        const dialog = page.getByRole('dialog').last();
        if (!(await dialog.isVisible({ timeout: 5_000 }).catch(() => false))) continue;
        opened += 1;
        await expectAccessible(page, `${path}: ${name} (${mode})`, {
          include: '[role="dialog"]',
          soft: true,
        });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      expect(opened).toBeGreaterThan(10);
    });

    test('the reservation widget', async ({ page, request }) => {
      const api = await adminApi(request);
      await api.post('api-keys', {}).catch(() => undefined);
      const widget = await api.get<{ embed_url: string }>('apps/widget');
      await page.goto(widget.embed_url);
      await setThemeMode(page, mode);
      await page.reload();
      await expect(page.getByRole('heading', { name: /Reserve a locker/ })).toBeVisible();
      // every step at once: the booking form, the code sent, the code field
      await page.evaluate(() => {
        const hidden = document.querySelectorAll('.hidden');
        for (let i = 0; i < hidden.length; i++) hidden[i]!.classList.remove('hidden');
        document.getElementById('sent')!.textContent = 'We have sent a 6-digit code.';
      });
      await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
      await expectAccessible(page, `widget (${mode})`);
    });
  });
}
