import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createActiveMember } from '../support/accounts';
import { uiSignIn } from '../support/api';
import {
  adminApi,
  createDevice,
  createLocation,
  csvRecords,
  openAsAdmin,
  searchTable,
  unique,
  uniqueEmail,
} from '../support/console';

// Operational gaps: stocking doors, details views, exporting devices.

test.describe('operations', () => {
  test('stocks a rental door with a product in the device form, then a rental starts on it', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Stock Location'));
    const product = await api.post('products', { name: unique('Kayak') });
    // with no size at all, Add Device would first offer to create one
    await api.post('sizes', { name: unique('Stock Size'), width: 10, depth: 10, height: 10 });
    const name = unique('Kayak Door');

    await openAsAdmin(page, '/devices');
    await page.getByRole('button', { name: 'Add Device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Device' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Locker Number').fill('7');
    await dialog.getByRole('combobox', { name: 'Mode' }).click();
    await page.getByRole('option', { name: 'Asset' }).click();
    // searched on the server as it is typed
    await dialog.getByRole('combobox', { name: 'Location' }).fill(location.name);
    await page.getByRole('option', { name: location.name }).click();
    // only products in no other device are offered
    await dialog.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: product.name }).click();
    await dialog.getByRole('combobox', { name: 'Hardware Type' }).click();
    await page.getByRole('option', { name: 'Virtual' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Device created successfully')).toBeVisible();

    const { items } = await api.list(`devices?search=${encodeURIComponent(name)}`);
    expect(items).toHaveLength(1);
    const door = items[0]!;
    expect(door).toMatchObject({ mode: 'rental', id_product: product.id, product: { name: product.name } });

    // the product is now in a door, so a second door is not offered it
    await page.getByRole('button', { name: 'Add Device' }).click();
    const again = page.getByRole('dialog', { name: 'Add Device' });
    await again.getByRole('combobox', { name: 'Mode' }).click();
    await page.getByRole('option', { name: 'Asset' }).click();
    await again.getByRole('combobox', { name: 'Product' }).click();
    await expect(page.getByRole('option', { name: product.name })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await again.getByRole('button', { name: 'Cancel' }).click();

    // a partner starts a rental on the stocked door
    const user = await api.post('users', { name: unique('Rhea'), email: uniqueEmail('rhea') });
    const res = await request.post('/api/events/rental', {
      headers: api.headers,
      data: { id_device: door.id, id_user: user.id },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { event } = await res.json();
    expect(event).toMatchObject({ event_status: 'in_progress', device: { id: door.id } });
    expect((await api.get(`devices/${door.id}`)).status).toBe('reserved');
  });

  test('a member opens Location Details and Device Details, read-only', async ({ page, request }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Details Location'));
    const device = await createDevice(api, location.id, unique('Details Door'), 3);
    const email = uniqueEmail('member-details');
    const password = await createActiveMember(request, email, 'member');
    await uiSignIn(page, email, password);
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/locations');
    await searchTable(page, location.name);
    await page.getByRole('gridcell', { name: location.name }).first().click();
    const loc = page.getByRole('dialog', { name: 'Location Details' });
    await expect(loc).toBeVisible();
    await expect(loc.getByText('1 Test Street')).toBeVisible();
    await expect(loc.getByText('ops@demo-org.test')).toBeVisible();
    await expect(loc.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await loc.getByRole('button', { name: 'Close' }).click();

    await page.goto('/devices');
    await searchTable(page, device.name);
    await page.getByRole('gridcell', { name: device.name }).first().click();
    const dev = page.getByRole('dialog', { name: 'Device Details' });
    await expect(dev).toBeVisible();
    await expect(dev.getByText(device.name)).toBeVisible();
    await expect(dev.getByText(location.name)).toBeVisible();
    await expect(dev.getByText('Virtual')).toBeVisible();
    await expect(dev.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  });

  test('an admin sees Device Details with Edit, which opens the form', async ({ page, request }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Edit Location'));
    const device = await createDevice(api, location.id, unique('Edit Door'), 4);
    await openAsAdmin(page, '/devices');
    await searchTable(page, device.name);
    await page.getByRole('gridcell', { name: device.name }).first().click();
    const details = page.getByRole('dialog', { name: 'Device Details' });
    await details.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Device' })).toBeVisible();
  });

  test('exports devices of two hardware types with nothing selected', async ({ page, request }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Export Location'));
    const virtual = await createDevice(api, location.id, unique('Export Virtual'), 1);
    const headleader = await api.post('devices', {
      name: unique('Export Headleader'),
      locker_number: 2,
      mode: 'rental',
      status: 'available',
      hardware_type: 'headleader',
      headboard: 3,
      port: 4,
      id_location: location.id,
    });

    await openAsAdmin(page, '/devices');
    await page.getByRole('combobox', { name: 'Location' }).fill(location.name);
    await page.getByRole('option', { name: location.name }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Export ' })).toHaveCount(2);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    await expect(page.getByText('Exported 2 item(s) successfully')).toBeVisible();
    expect(download.suggestedFilename()).toBe('device_export.csv');
    const { records } = csvRecords(fs.readFileSync(await download.path(), 'utf8'));
    const byName = Object.fromEntries(records.map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual([virtual.name, headleader.name].sort());
    expect(byName[virtual.name]!.hardware_type).toBe('virtual');
    expect(byName[headleader.name]!).toMatchObject({
      hardware_type: 'headleader',
      headboard: '3',
      port: '4',
    });
  });
});
