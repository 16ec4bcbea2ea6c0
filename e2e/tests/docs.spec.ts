import { expect, test } from '@playwright/test';

test('the API documentation renders offline at /api/redoc', async ({ page }) => {
  await page.goto('/api/redoc');
  await expect(page.getByText('Lockerops partner API').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('menuitem', { name: 'auth' })).toBeVisible();
});
