import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { uiSignIn } from '../support/api';
import { adminApi, navigateInApp, showPlace, unique } from '../support/console';
import { lockerWallOfNine, startStorage } from '../support/doors';

/**
 * The field flows on a phone (project "phone": 390 × 844, touch). The person at the
 * locker wall signs in, opens door #7, sees what it holds, unlocks it after a confirmation and
 * watches the timeline reach "opened"; puts a door into maintenance and back; finds a transaction
 * by its invoice number and refunds it; and no page of the sidebar scrolls sideways.
 */

/** Whether the page scrolls sideways (the page's own width, not `innerWidth`, which grows on a phone). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    client: document.documentElement.clientWidth,
  }));

/** Opens a page of the sidebar through the menu button, as a thumb would. */
async function openFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).tap();
}

test.describe('on a phone', () => {
  test('door #7: what it holds, unlock with a confirmation, the timeline reaches opened; maintenance on and off', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const site = await lockerWallOfNine(api, request, 'Phone');
    const seven = site.door(7);
    const customer = unique('Petra');
    const { event } = await startStorage(api, request, seven.id, customer);

    await uiSignIn(page);
    await expect(page).toHaveURL(/\/(home|settings)$/);
    await openFromMenu(page, 'Locker Wall');
    await showPlace(page, site.location.name);
    const grid = page.getByRole('grid', { name: `${site.wall.name} doors` });
    await expect(grid).toBeVisible();
    expect(await pageOverflow(page)).toEqual({ scroll: 390, client: 390 });

    await grid.getByRole('gridcell', { name: 'Door 1,3: Reserved #7' }).tap();
    const details = page.getByRole('dialog', { name: 'Locker Details' });
    await expect(details).toBeVisible();
    // full screen on a phone
    expect((await details.boundingBox())?.width).toBe(390);
    const inside = details.getByRole('region', { name: 'Inside' });
    await expect(inside.getByRole('link', { name: event.invoice_id })).toBeVisible();
    await expect(inside).toContainText(customer);
    await expect(inside).toContainText('In Progress');
    await expect(details.getByText('Simulated')).toBeVisible();

    await details.getByRole('button', { name: 'Unlock' }).tap();
    const confirm = page.getByRole('dialog', { name: 'Unlock door #7' });
    await expect(confirm).toContainText(`Unlock door #7 “${seven.name}”?`);
    await confirm.getByRole('button', { name: 'Unlock' }).tap();
    // read out while the door's details stay open: an alert, not hidden behind the dialog
    await expect(page.getByRole('alert').filter({ hasText: 'Device unlocked correctly.' })).toBeVisible();
    const timeline = details.getByRole('region', { name: 'Unlock timeline' });
    await expect(timeline.getByRole('group').first().getByLabel('Outcome Opened')).toBeVisible();
    await expect(timeline.getByRole('status')).toHaveText('Newest unlock: Opened');
    await details.getByRole('button', { name: 'Close' }).tap();

    // door #8 into maintenance and back
    await grid.getByRole('gridcell', { name: 'Door 2,3: Available #8' }).tap();
    await details.getByRole('button', { name: 'Maintenance', exact: true }).tap();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).tap();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Device has been put into maintenance.' }),
    ).toBeVisible();
    await expect(details.getByRole('button', { name: 'End Maintenance' })).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).tap();
    await expect(grid.getByRole('gridcell', { name: 'Door 2,3: Under Maintenance #8' })).toBeVisible();
    await grid.getByRole('gridcell', { name: 'Door 2,3: Under Maintenance #8' }).tap();
    await details.getByRole('button', { name: 'End Maintenance' }).tap();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).tap();
    await expect(page.getByText('Device is now available.')).toBeVisible();
    expect((await api.get(`devices/${site.door(8).id}`)).status).toBe('available');
  });

  test('finds a transaction by its invoice number and refunds it', async ({ page, request }) => {
    const api = await adminApi(request);
    const site = await lockerWallOfNine(api, request, 'Refund');
    const { event } = await startStorage(api, request, site.door(2).id, unique('Rita'));
    // charged per second: a few seconds make a total to refund from
    await new Promise((r) => setTimeout(r, 2_500));
    const ended = await request.patch('/api/events', {
      headers: api.headers,
      data: { ids: [event.id], ended_at: new Date().toISOString() },
    });
    expect(ended.ok()).toBeTruthy();

    await uiSignIn(page);
    await expect(page).toHaveURL(/\/(home|settings)$/);
    await openFromMenu(page, 'Transactions');
    await page.getByRole('textbox', { name: 'Search' }).fill(event.invoice_id);
    const row = page.getByRole('row').filter({ hasText: event.invoice_id });
    await expect(row).toHaveCount(1);
    await expect(async () => {
      if (await page.getByRole('menu').isVisible()) await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Actions for ${event.invoice_id}` }).tap({ timeout: 5_000 });
      await expect(page.getByRole('menuitem', { name: 'Refund', exact: true })).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 30_000 });
    await page.getByRole('menuitem', { name: 'Refund', exact: true }).tap();
    const refund = page.getByRole('dialog', { name: 'Refund Transaction' });
    await refund.getByLabel('Refund Amount').fill('0.50');
    await refund.getByRole('button', { name: 'Refund', exact: true }).tap();
    await expect(page.getByText('Transaction refunded successfully')).toBeVisible();
    expect(await api.get(`events/${event.id}`)).toMatchObject({
      event_status: 'refunded',
      refunded_amount: 0.5,
    });
  });

  test('a list shows a few columns on a phone; the Columns menu adds one for this phone only', async ({
    page,
  }) => {
    await uiSignIn(page);
    await expect(page).toHaveURL(/\/(home|settings)$/);
    await openFromMenu(page, 'Users');
    const headers = page.getByRole('columnheader');
    await expect(headers.filter({ hasText: 'Name' }).first()).toBeVisible();
    await expect(headers.filter({ hasText: 'Last Name' })).toBeVisible();
    await expect(headers.filter({ hasText: 'Email' })).toHaveCount(0);
    await expect(headers.filter({ hasText: 'Address' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Columns' }).tap();
    await page.getByRole('menuitem').filter({ hasText: 'Email' }).getByRole('switch').tap();
    await page.keyboard.press('Escape');
    await expect(headers.filter({ hasText: 'Email' })).toBeVisible();
    expect(await pageOverflow(page)).toEqual({ scroll: 390, client: 390 });
    // the desktop keeps its own choice
    expect(await page.evaluate(() => localStorage.getItem('columns:phone:users'))).toContain('"email":true');
  });

  test('at 360×740 the header keeps Add in sight and folds the rest into "More actions"; a dialog from it fills the screen and hands the focus back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await uiSignIn(page);
    await expect(page).toHaveURL(/\/(home|settings)$/);
    await page.goto('/devices');
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
    const header = page.locator('main h1 + div');
    const add = header.getByRole('button', { name: 'Add Device' });
    const more = header.getByRole('button', { name: 'More actions' });
    await expect(add).toBeVisible();
    await expect(header.getByRole('button', { name: 'Lock Settings' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Unlock All' })).toHaveCount(0);
    // one line of actions, each a touch target of at least 44 × 44 px, inside the screen
    const boxes = [await add.boundingBox(), await more.boundingBox()];
    for (const box of boxes) {
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    }
    expect(boxes[0]?.y).toBe(boxes[1]?.y);
    expect(await pageOverflow(page)).toEqual({ scroll: 360, client: 360 });

    await more.tap();
    const menu = page.getByRole('menu', { name: 'More actions' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Lock Settings', 'Unlock All']);
    // once the menu has grown in, its items are touch targets too
    await expect
      .poll(async () => (await menu.getByRole('menuitem', { name: 'Lock Settings' }).boundingBox())?.height)
      .toBeGreaterThanOrEqual(44);
    await expectAccessible(page, 'the More actions menu', { include: '[role="menu"]' });
    await menu.getByRole('menuitem', { name: 'Lock Settings' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Lock Settings' });
    await expect(dialog).toBeVisible();
    await expect(menu).toBeHidden();
    // full screen on a phone (the dialog role is on the paper)
    await expect(async () => {
      expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 360, height: 740 });
    }).toPass({ timeout: 5_000 });
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await expect(dialog).toBeHidden();
    await expect(more).toBeFocused();
  });

  for (const screen of [
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ]) {
    test(`at ${screen.width}×${screen.height} no page of the sidebar scrolls sideways, and its primary action is on the screen`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(screen);
      await uiSignIn(page);
      await expect(page).toHaveURL(/\/(home|settings)$/);
      const paths = await page
        .locator('nav[aria-label="Main"] a')
        .evaluateAll((links) => [
          ...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
        ]);
      expect(paths.length).toBeGreaterThan(20);
      const wide: string[] = [];
      const offScreen: string[] = [];
      for (const path of paths) {
        await navigateInApp(page, path);
        const { scroll, client } = await pageOverflow(page);
        expect(client, 'the screen is as wide as asked').toBe(screen.width);
        if (scroll > client) wide.push(`${path}: ${scroll} > ${client}`);
        // the header's primary action (its contained button), when the page has one
        const primary = page.locator('main h1 ~ div .MuiButton-contained').first();
        if (await primary.count()) {
          const box = await primary.boundingBox();
          if (!box || box.x < 0 || box.x + box.width > screen.width)
            offScreen.push(`${path}: ${JSON.stringify(box)}`);
        }
      }
      expect(wide, 'pages wider than the screen').toEqual([]);
      expect(offScreen, 'primary actions off the screen').toEqual([]);
    });
  }
});
