import { expect, test } from '@playwright/test';
import {
  adminApi,
  createLocation,
  openAsAdmin,
  PNG_2X2,
  searchTable,
  tempFile,
  unique,
  uniqueEmail,
} from '../support/console';

// Issues: an issue filed from an order number with an image; its status changed from the list.

test.describe('issues', () => {
  test('creates an issue from an order number with an image and changes its status from the list', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Dock'));
    const size = await api.post('sizes', { name: unique('Issue Size'), width: 10, depth: 10, height: 10 });
    const door = await api.post('devices', {
      name: unique('S'),
      locker_number: Math.floor(Math.random() * 90000) + 1000,
      mode: 'storage',
      status: 'available',
      hardware_type: 'virtual',
      id_location: location.id,
      id_size: size.id,
    });
    const user = await api.post('users', { name: unique('Nora'), email: uniqueEmail('nora') });
    const res = await request.post('/api/events/storage', {
      headers: api.headers,
      data: { id_device: door.id, id_user: user.id },
    });
    expect(res.ok()).toBe(true);
    const event = (await res.json()).event as { id: string; invoice_id: string };
    const description = unique('Door will not close');

    await openAsAdmin(page, '/issues');
    await page.getByRole('button', { name: 'Create Issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Issue' });
    await dialog.getByLabel('Order No.').fill('INV-0000000');
    await expect(dialog.getByText('Order No. does not exist.')).toBeVisible();
    await dialog.getByLabel('Order No.').fill(event.invoice_id);
    await expect(dialog.getByText(`Order ${event.invoice_id}`)).toBeVisible();
    await dialog.getByLabel('Description').fill(description);
    // the User picker lists a customer whose own user_id is empty (it said
    // "No options" when one null refused the whole list)
    await dialog.getByLabel('User', { exact: true }).fill(String(user.name));
    await page.getByRole('option', { name: String(user.name) }).click();
    await dialog.getByTestId('issue-images').setInputFiles(tempFile('door.png', PNG_2X2));
    await expect(dialog.getByText('door.png')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Issue created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchTable(page, description);
    // the list cuts the description to 25 characters, the whole text in a tooltip (spec console §9)
    const cut = `${description.slice(0, 24).trimEnd()}…`;
    const row = page.getByRole('row').filter({ hasText: cut });
    await expect(row).toHaveCount(1);
    await row.getByText(cut).hover();
    await expect(page.getByRole('tooltip')).toHaveText(description);
    await expect(row).toContainText(event.invoice_id);
    await expect(row).toContainText(String(user.name));
    await row.getByRole('combobox', { name: /^Status ISS-/ }).click();
    await page.getByRole('option', { name: 'Resolved' }).click();
    await expect(page.getByText('Issue updated successfully!')).toBeVisible();

    const found = await api.list(`issues?search=${encodeURIComponent(description)}`);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ status: 'resolved', id_event: event.id, id_user: user.id });
    const pictures = found.items[0]!.pictures as string[];
    expect(pictures).toHaveLength(1);
    const served = await request.get(pictures[0]!);
    expect(served.headers()['content-type']).toContain('image/png');
  });
});
