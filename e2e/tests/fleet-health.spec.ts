import { expect, test } from '@playwright/test';
import { expectAccessible, setThemeMode } from '../support/a11y';
import { adminApi, openAsAdmin } from '../support/console';
import { lockerWallOfNine } from '../support/doors';

// Fleet health: places worst first, and the locker wall's door states named in words.

test.describe('fleet health', () => {
  test('a low battery and an offline lock show on the Fleet health page and the locker wall', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const { location, door } = await lockerWallOfNine(api, request, 'Health');
    await api.put(`fleet-health/devices/${door(1).id}/faults`, { battery_low: true });
    await api.put(`fleet-health/devices/${door(2).id}/faults`, { offline: true });
    // three unanswered heartbeats take a lock offline (HEALTH_OFFLINE_AFTER)
    for (let i = 0; i < 3; i++) await api.post('fleet-health/poll', {});

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openAsAdmin(page, '/fleet-health');
      const card = page.getByTestId('fleet-place').filter({ hasText: location.name });
      await expect(card).toContainText('Alert');
      await expect(card).toContainText('1 door offline');
      await expect(card).toContainText('2 open alerts');
      await expect(page.getByTestId('fleet-alert').filter({ hasText: 'Battery low' }).first()).toBeVisible();
      for (const mode of ['light', 'dark'] as const) {
        await setThemeMode(page, mode);
        await page.reload();
        await expect(card).toBeVisible();
        await expectAccessible(page, `fleet health ${width} ${mode}`);
      }
      await setThemeMode(page, 'light');

      await card.getByRole('link').click();
      await expect(page).toHaveURL(/locker-wall/);
      const grid = page.getByRole('grid');
      await expect(grid.locator(`[data-health="alert"]`).first()).toBeVisible();
      await expect(page.getByTestId('health-legend-alert')).toContainText('Alert: 2');
      await expect(page.getByRole('gridcell', { name: /#1 .*Alert$/ })).toBeVisible();
      for (const mode of ['light', 'dark'] as const) {
        await setThemeMode(page, mode);
        await page.reload();
        await expect(page.getByTestId('health-legend-alert')).toBeVisible();
        // the legend and the tiles' badges; the grid's cells name the door without its visible
        // device name (label-content-name-mismatch), as they did before the health badge came
        await expectAccessible(page, `locker wall health ${width} ${mode}`, {
          include: '[aria-label="Door health"]',
        });
      }
      await setThemeMode(page, 'light');
    }
  });
});
