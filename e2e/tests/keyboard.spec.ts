import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../playwright.config';
import { adminApi } from '../support/console';
import { lockerWallOfNine } from '../support/doors';

/**
 * The keyboard alone, from the sign-in page to door #7 of a locker wall (Tab and the
 * arrow keys), and its unlock. At every step the focused element shows a visible focus indicator
 * (WCAG 2.4.7, 2.4.11); a screenshot of each step is kept with the test's results.
 */

/** The focused element's name and whether it shows a focus indicator (an outline or a ring). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', visible: false };
    const css = getComputedStyle(el);
    const outline = css.outlineStyle !== 'none' && Number.parseFloat(css.outlineWidth) >= 2;
    // MUI text fields show the focus on their outline (a 2 px border in the primary colour)
    const fieldset = el.closest('.MuiOutlinedInput-root')?.querySelector('fieldset');
    const ring = fieldset ? Number.parseFloat(getComputedStyle(fieldset).borderWidth) >= 2 : false;
    const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
    // a text field is named by its <label for> (a search select's input)
    const label = Array.from((el as HTMLInputElement).labels ?? [])
      .map((l) => l.textContent?.trim() ?? '')
      .join(' ');
    const name =
      el.getAttribute('aria-label') ||
      labelledBy ||
      label ||
      el.textContent?.trim() ||
      el.getAttribute('name') ||
      el.id;
    return { name: name.slice(0, 60), visible: outline || ring };
  });

/** Presses Tab until the focused element's name matches (at most `max` presses). */
async function tabTo(page: Page, name: RegExp, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (name.test((await focused(page)).name)) return;
  }
  throw new Error(`no focus on ${name} after ${max} Tabs`);
}

test('keyboard only: from sign-in to door #7, unlocked, focus visible at each step', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const site = await lockerWallOfNine(api, request, 'Keys');
  let step = 0;
  const check = async (what: string) => {
    step++;
    const f = await focused(page);
    await testInfo.attach(`${String(step).padStart(2, '0')} ${what}`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    expect(f.visible, `focus visible at step ${step} (${what}: ${f.name})`).toBe(true);
  };

  await page.goto('/auth/login');
  // the sign-in form is a lazy chunk: Tabs pressed before it is drawn find nothing
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await tabTo(page, /^Email$|email/i);
  await check('email');
  await page.keyboard.type(ADMIN_EMAIL);
  await tabTo(page, /password/i, 3);
  await check('password');
  await page.keyboard.type(ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(home|settings)$/);

  // the skip link is the first stop
  await page.keyboard.press('Tab');
  expect((await focused(page)).name).toBe('Skip to content');
  await check('skip link');
  await tabTo(page, /^Locker Wall$/);
  await check('sidebar link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/locker-wall$/);
  // the page's pickers are drawn (on the place it opens on) before the Tabs look for them
  await expect(page.getByRole('combobox', { name: 'Location' })).not.toHaveValue(/^…?$/);

  await tabTo(page, /^Location( |$)/);
  await check('location picker');
  // the picker searches the server as the name is typed (over the place shown, selected); the
  // arrow then reaches the match and Enter picks it
  const locationPicker = page.getByRole('combobox', { name: 'Location' });
  // the walls of the place shown arrive meanwhile and may take the focus: give it back
  if (!(await locationPicker.evaluate((el) => el === document.activeElement))) await locationPicker.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(site.location.name);
  // the search's answer, not the matches of an earlier search still listed: the name is unique
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: site.location.name })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const grid = page.getByRole('grid', { name: `${site.wall.name} doors` });
  await expect(grid).toBeVisible();

  await tabTo(page, /^Door 1,1/);
  await check('first door');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('gridcell', { name: 'Door 1,3: Available #7' })).toBeFocused();
  await check('door #7');
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Locker Details' });
  await expect(details).toBeVisible();

  await tabTo(page, /^Unlock$/, 20);
  await check('unlock button');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Unlock door #7' });
  await expect(confirm).toBeVisible();
  await tabTo(page, /^Unlock$/, 4);
  await check('confirm unlock');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Device unlocked correctly.')).toBeVisible();
  const timeline = details.getByRole('region', { name: 'Unlock timeline' });
  await expect(timeline.getByRole('group').first().getByLabel('Outcome Opened')).toBeVisible();
  // the focus came back to the door's dialog
  await expect(details.getByRole('button', { name: 'Unlock' })).toBeFocused();
  await check('back in the dialog');
});
