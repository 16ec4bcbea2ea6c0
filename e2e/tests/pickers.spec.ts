import { expect, test } from '@playwright/test';
import { adminApi, navigateInApp, openAsAdmin, unique, uniqueEmail } from '../support/console';

// Search pickers: the reservation form's User searches the server as the
// operator types (first 20), and no picker lists a whole area; no page reads every location (nor
// every organization or size) to draw its rows, its filters or its map.

test.describe('search pickers', () => {
  test('the reservation form finds a customer by typing, never listing every customer', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const name = unique('Pickerina');
    await api.post('users', { name, email: uniqueEmail('pickerina') });
    const userLists: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/users') userLists.push(url.search);
    });

    await openAsAdmin(page, '/reservations');
    await page.getByRole('button', { name: 'Add Reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Reservation' });
    await dialog.getByRole('combobox', { name: 'User' }).fill(name);
    await expect(page.getByRole('option', { name })).toBeVisible();

    // the search is sent after the typing pauses (the option may already show from the first 20)
    await expect.poll(() => userLists.some((q) => new URLSearchParams(q).get('search') === name)).toBe(true);
    expect(userLists.every((q) => Number(new URLSearchParams(q).get('size') ?? '20') <= 20)).toBe(true);
  });

  test('no page reads a whole list of locations, organizations or sizes', async ({ page }) => {
    const whole: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!['/api/locations', '/api/organizations', '/api/sizes'].includes(url.pathname)) return;
      const size = Number(url.searchParams.get('size') ?? '0');
      // a table's page (at most 200 rows) and the map's places of its view (at most 500) are pages
      const mapView = url.searchParams.has('bbox') && size <= 500;
      if (size > 200 && !mapView) whole.push(url.pathname + url.search);
    });
    await openAsAdmin(page, '/transactions');
    await expect(page.getByText('Fetching data...')).toHaveCount(0);
    for (const path of [
      '/reservations',
      '/issues',
      '/fleet-health',
      '/locker-wall',
      '/devices',
      '/home',
      '/reporting',
      '/kiosks',
      '/locations',
    ])
      await navigateInApp(page, path);
    const mapRead = page.waitForRequest(
      (r) => r.url().includes('/api/locations?') && r.url().includes('bbox='),
    );
    await page.getByRole('button', { name: 'Map' }).click();
    await mapRead;
    await page.waitForLoadState('networkidle');
    expect(whole).toEqual([]);
  });
});
