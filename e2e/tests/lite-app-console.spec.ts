import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Frame, type Page, test } from '@playwright/test';
import { expectAccessible, setThemeMode } from '../support/a11y';
import {
  type AdminApi,
  adminApi,
  createDevice,
  createLocation,
  openAsAdmin,
  unique,
} from '../support/console';

/**
 * The console's side of the Lite App, on a desktop (1440) and a phone (390): Locker Wall → Print
 * QR codes (one code for the place and one per door, labelled, pointing at the app's addresses,
 * which open the app), and the Lite App customizer whose preview is the real app, framed, following
 * the unsaved sign-in method, switches and colours — for the framing console only, acting on
 * nothing. axe-core clean in light and dark.
 */

const SHOTS = path.join(os.tmpdir(), 'lockerops-lite-app-shots');
fs.mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A place with a sized storage door and a rental door, both on one wall. */
async function wallWithDoors(request: APIRequestContext, api: AdminApi) {
  const location = await createLocation(api, unique('QR Place'));
  const size = await api.post('sizes', { name: unique('QR Size'), width: 10, depth: 10, height: 10 });
  const storage = await api.post<{ id: string; locker_number: number }>('devices', {
    name: unique('QR Door'),
    locker_number: 7,
    mode: 'storage',
    status: 'available',
    hardware_type: 'virtual',
    id_location: location.id,
    id_size: size.id,
  });
  const rental = await createDevice(api, location.id, unique('QR Rental'), 8);
  const wall = await api.post('locker-walls', {
    id_location: location.id,
    name: unique('QR Wall'),
    qty_wide: 3,
    qty_tall: 1,
  });
  for (const [x, device] of [
    [1, storage],
    [2, rental],
  ] as const) {
    const res = await request.patch(`/api/locker-walls/${wall.id}/doors`, {
      headers: api.headers,
      data: { x, y: 1, id_device: device.id },
    });
    expect(res.ok()).toBeTruthy();
  }
  return { location, wall, storage, rental };
}

/** Clicks a header action: in sight on a desktop, in the "More actions" menu on a phone. */
async function headerAction(page: Page, name: string, phone: boolean) {
  if (!phone) return page.getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name }).click();
}

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const vp of VIEWPORTS) {
  test.describe(`at ${vp.width}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('Locker Wall prints a labelled QR code for the place and each door, opening the app', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const { location, wall, storage, rental } = await wallWithDoors(request, api);
      await openAsAdmin(page, `/locker-wall?location=${location.id}`);
      await expect(page.getByRole('heading', { name: String(wall.name) })).toBeVisible();
      await headerAction(page, 'Print QR codes', vp.name === 'phone');

      const sheet = page.getByRole('dialog', { name: `QR codes of ${wall.name}` });
      await expect(sheet).toBeVisible();
      const cards = sheet.getByTestId('qr-card');
      await expect(cards).toHaveCount(3);
      const origin = new URL(page.url()).origin;
      const urls = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-url')));
      expect(urls).toEqual([
        `${origin}/app/demo-org/l/${location.id}`,
        `${origin}/app/demo-org/d/${storage.id}`,
        `${origin}/app/demo-org/d/${rental.id}`,
      ]);
      await expect(cards.nth(0)).toContainText('Place');
      await expect(cards.nth(1)).toContainText('Door 7');
      await expect(cards.nth(2)).toContainText('Door 8');
      for (const i of [0, 1, 2]) await expect(cards.nth(i)).toContainText(`${location.name} · ${wall.name}`);
      await expect(cards.nth(1).locator('svg')).toBeVisible();
      await expectAccessible(page, 'QR sheet');
      await noSidewaysScroll(page, vp.width);
      await page.screenshot({ path: path.join(SHOTS, `qr-sheet-${vp.name}.png`) });

      // on paper: only the sheet, without its buttons, every card whole
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('#root')).toBeHidden();
      await expect(sheet.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
      await expect(cards).toHaveCount(3);
      await page.screenshot({ path: path.join(SHOTS, `qr-sheet-print-${vp.name}.png`), fullPage: true });
      await page.emulateMedia({ media: 'screen' });

      // dark mode: the sheet stays black on white (it is paper)
      await setThemeMode(page, 'dark');
      await page.reload();
      await headerAction(page, 'Print QR codes', vp.name === 'phone');
      await expect(sheet).toBeVisible();
      await expectAccessible(page, 'QR sheet, dark');
      await setThemeMode(page, 'light');

      // the codes open the app: the place and the door's place (sign-in first)
      for (const url of [urls[0]!, urls[1]!]) {
        await page.goto(url);
        await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      }
    });

    test("the customizer's preview is the real app, following unsaved settings for the console only", async ({
      page,
      request,
      browser,
    }) => {
      const api = await adminApi(request);
      const { location } = await wallWithDoors(request, api);
      const saved = await api.get<Record<string, unknown>>('apps/lite-app');
      const before = {
        ...saved,
        sign_in_method: 'phone',
        allow_reservations: false,
        primary_color: '#1976d2',
        secondary_color: '#9c27b0',
      };
      await api.put('apps/lite-app', before);

      const framed = page.waitForResponse((r) => r.url().includes('/app/demo-org?preview=1'));
      await openAsAdmin(page, '/apps-widgets');
      const headers = (await framed).headers();
      expect(headers['x-frame-options']).toBeUndefined();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");

      const frameEl = page.locator('iframe[title="Lite App preview"]');
      await expect(frameEl).toBeVisible();
      const app = page.frameLocator('iframe[title="Lite App preview"]');
      await expect(app.getByTestId('preview-note')).toBeVisible();
      await expect(app.getByRole('heading', { name: 'Find a locker' })).toBeVisible();
      const appFrame = (await frameEl.elementHandle())!.contentFrame() as Promise<Frame>;
      const frame = await appFrame;
      const go = (to: string) =>
        frame.evaluate((href) => {
          history.pushState(null, '', href);
          dispatchEvent(new PopStateEvent('popstate'));
        }, to);

      // colours follow as they are typed
      const bar = app.locator('header.topbar');
      await expect(bar).toHaveCSS('background-color', 'rgb(25, 118, 210)');
      await page.getByRole('textbox', { name: 'Primary Color', exact: true }).fill('#aa0000');
      await expect(bar).toHaveCSS('background-color', 'rgb(170, 0, 0)');

      // the sign-in method: the account tab asks for what is chosen, and sends nothing
      await go('/app/demo-org/account');
      await expect(app.getByLabel('Phone number')).toBeVisible();
      await page.getByRole('radio', { name: 'Email' }).check();
      await expect(app.getByLabel('E-mail')).toBeVisible();
      await app.getByLabel('E-mail').fill('someone@demo-org.test');
      await expect(app.getByRole('button', { name: 'Send code' })).toBeDisabled();

      // a switch shows on a place's screen
      await go(`/app/demo-org/l/${location.id}`);
      await expect(app.getByRole('heading', { name: String(location.name) })).toBeVisible();
      await expect(app.getByRole('heading', { name: 'Reserve ahead' })).toHaveCount(0);
      await page.getByRole('switch', { name: 'Allow users to reserve a locker' }).check();
      await expect(app.getByRole('heading', { name: 'Reserve ahead' })).toBeVisible();
      // nothing can be started from the preview
      await app.getByRole('radio').first().check();
      const writes: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/customer/') && r.method() !== 'GET') writes.push(r.url());
      });
      await app.getByRole('button', { name: 'Store here' }).click();
      await expect(app.getByRole('status')).toHaveText(
        'In the preview this does nothing; in the app it acts for the customer.',
      );
      expect(writes).toEqual([]);

      await page.screenshot({ path: path.join(SHOTS, `preview-place-${vp.name}.png`), fullPage: true });
      // the frame on a short screen of the app (the places' list runs under the app's sticky tabs)
      await go('/app/demo-org/account');
      await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectAccessible(page, 'Lite App customizer with the app framed');
      await noSidewaysScroll(page, vp.width);
      await page.screenshot({ path: path.join(SHOTS, `preview-${vp.name}.png`), fullPage: true });

      // unsaved: the server and every other customer still see the saved settings
      const server = await api.get<Record<string, unknown>>('apps/lite-app');
      expect(server).toMatchObject({ sign_in_method: 'phone', allow_reservations: false });
      const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const customer = await other.newPage();
      await customer.goto('/app/demo-org?preview=1');
      await expect(customer.getByRole('heading', { name: 'Find a locker' })).toBeVisible();
      await expect(customer.getByTestId('preview-note')).toHaveCount(0);
      await expect(customer.locator('header.topbar')).toHaveCSS('background-color', 'rgb(25, 118, 210)');
      // a page of this origin that is not the framing console cannot set the preview's settings
      await customer.evaluate(() =>
        window.postMessage(
          { type: 'lockerops:lite-app-preview', settings: { primary_color: '#00aa00' } },
          window.location.origin,
        ),
      );
      await expect(customer.locator('header.topbar')).toHaveCSS('background-color', 'rgb(25, 118, 210)');
      await other.close();

      // dark mode
      await setThemeMode(page, 'dark');
      await page.reload();
      const again = page.frameLocator('iframe[title="Lite App preview"]');
      await expect(again.getByTestId('preview-note')).toBeVisible();
      await again.getByRole('link', { name: 'Account' }).click();
      await expect(again.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectAccessible(page, 'Lite App customizer, dark');
      await setThemeMode(page, 'light');
      await api.put('apps/lite-app', saved);
    });
  });
}
