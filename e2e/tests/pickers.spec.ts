import { expect, test } from '@playwright/test';
import { adminApi, openAsAdmin, unique, uniqueEmail } from '../support/console';

// Search pickers: the reservation form's User searches the server as the
// operator types (first 20), and no picker lists a whole area.

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
});
