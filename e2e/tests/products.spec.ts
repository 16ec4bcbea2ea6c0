import { expect, test } from '@playwright/test';
import {
  adminApi,
  createDevice,
  createLocation,
  openAsAdmin,
  PNG_2X2,
  searchTable,
  tempFile,
  unique,
} from '../support/console';

// Products: inventory, product groups, conditions.

test.describe('products', () => {
  test('adds a product with an image', async ({ page, request }) => {
    const name = unique('Drill');
    const serial = `SN-${Date.now().toString(36)}`;
    const image = tempFile('drill.png', PNG_2X2);
    await openAsAdmin(page, '/inventory');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Serial Number').fill(serial);
    await dialog.getByLabel('SKU').fill('DR-1');
    await dialog.getByLabel('Cost').fill('12.5');
    await dialog.getByLabel('Sale Price').fill('19.99');
    await dialog.getByLabel('Upload image').setInputFiles(image);
    // the picker uploads at once and previews the stored image
    await expect(dialog.getByRole('img', { name: 'Image' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Change image' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Product created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchTable(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(serial);
    await expect(row.getByRole('img', { name })).toBeVisible();

    const api = await adminApi(request);
    const found = await api.list(`products?search=${encodeURIComponent(name)}`);
    expect(found.items).toHaveLength(1);
    const product = found.items[0]!;
    expect(product).toMatchObject({
      name,
      serial_number: serial,
      sku: 'DR-1',
      price: 12.5,
      sales_price: 19.99,
    });
    expect(product.image).toBeTruthy();
    // the stored image is served back as the PNG that was picked
    const served = await request.get(String(product.image));
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/png');
    expect(Buffer.compare(await served.body(), PNG_2X2)).toBe(0);
  });

  test("shows a product's history log", async ({ page, request }) => {
    const api = await adminApi(request);
    const condition = await api.post('conditions', { name: unique('Broken'), auto_maintenance: true });
    const product = await api.post('products', { name: unique('Ladder') });
    // a condition with auto maintenance writes a maintenance ticket
    const put = await request.put(`/api/products/${product.id}`, {
      headers: api.headers,
      data: { name: product.name, id_condition: condition.id },
    });
    expect(put.ok()).toBe(true);

    await openAsAdmin(page, '/inventory');
    await searchTable(page, product.name);
    await page.getByRole('button', { name: `Edit ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(dialog.getByRole('tab', { name: 'Edit Product' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Product History Log' }).click();
    await expect(dialog.getByRole('heading', { name: 'Asset History Log' })).toBeVisible();
    const entries = dialog.getByRole('list', { name: 'Asset History Log' }).getByRole('listitem');
    // newest first, creation last; the maintenance ticket names the condition
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Maintenance Ticket');
    await expect(entries.nth(0)).toContainText(`Condition: ${condition.name}`);
    await expect(entries.nth(0)).toHaveAttribute('data-state', 'maintenance');
    await expect(entries.nth(1)).toContainText('Product Created');
  });

  test('clones a product', async ({ page, request }) => {
    const api = await adminApi(request);
    const product = await api.post('products', {
      name: unique('Kayak'),
      serial_number: `SN-${Date.now().toString(36)}`,
      sku: 'KY-2',
      price: 300,
    });

    await openAsAdmin(page, '/inventory');
    await searchTable(page, product.name);
    const rows = page.getByRole('row').filter({ hasText: product.name });
    await expect(rows).toHaveCount(1);
    await rows.getByRole('button', { name: `Clone ${product.name}` }).click();
    await expect(page.getByText('Product cloned successfully')).toBeVisible();
    await expect(rows).toHaveCount(2);

    const found = await api.list(`products?search=${encodeURIComponent(product.name)}`);
    expect(found.items).toHaveLength(2);
    const clone = found.items.find((p: { id: string }) => p.id !== product.id);
    // the copy keeps the fields but not the serial number, which is unique
    expect(clone).toMatchObject({ name: product.name, sku: 'KY-2', price: 300, serial_number: null });
  });

  test('creates a product group', async ({ page, request }) => {
    const name = unique('Power Tools');
    await openAsAdmin(page, '/product-groups');
    await page.getByRole('button', { name: 'Add Product Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product Group' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('radio', { name: 'Return to the same locker' }).check();
    await dialog.getByLabel('Charging Time (min)').fill('30');
    await dialog.getByLabel('Total Inventory').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Product group created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await searchTable(page, name);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);

    const api = await adminApi(request);
    const found = await api.list(`product-groups?search=${encodeURIComponent(name)}`);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ name, one_to_one: true, charging_time: 30, total_inventory: 5 });
  });

  test('creates a condition and toggles auto maintenance', async ({ page, request }) => {
    const name = unique('Cracked');
    await openAsAdmin(page, '/conditions');
    await page.getByRole('button', { name: 'Add Condition' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Condition' });
    await dialog.getByLabel('Condition').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Condition created')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchTable(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    const toggle = row.getByRole('switch', { name: `Auto Maintenance ${name}` });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText('Saved successfully')).toBeVisible();
    await expect(toggle).toBeChecked();

    const api = await adminApi(request);
    const condition = (await api.list(`conditions?search=${encodeURIComponent(name)}`)).items[0]!;
    expect(condition).toMatchObject({ name, auto_maintenance: true, auto_report: false });

    // the flag now works: a product in a device that takes this condition puts the device in maintenance
    const location = await createLocation(api, unique('Cond Location'));
    const product = await api.post('products', { name: unique('Bike') });
    const device = await createDevice(api, location.id, unique('Cond Dev'), 1);
    const assign = await request.put(`/api/devices/${device.id}`, {
      headers: api.headers,
      data: {
        name: device.name,
        locker_number: 1,
        mode: 'rental',
        status: 'available',
        hardware_type: 'virtual',
        id_location: location.id,
        id_product: product.id,
      },
    });
    expect(assign.ok()).toBe(true);
    const put = await request.put(`/api/products/${product.id}`, {
      headers: api.headers,
      data: { name: product.name, id_condition: condition.id },
    });
    expect(put.ok()).toBe(true);
    expect((await api.get(`devices/${device.id}`)).status).toBe('maintenance');

    // and back off
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect.poll(async () => (await api.get(`conditions/${condition.id}`)).auto_maintenance).toBe(false);
  });
});
