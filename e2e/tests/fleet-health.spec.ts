import { expect, test } from '@playwright/test';
import { expectAccessible, setThemeMode } from '../support/a11y';
import { createActiveMember } from '../support/accounts';
import { apiSignIn, auth, consoleSignIn } from '../support/api';
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

  test("a door's details: timeline, battery and signal, alerts on the place's clock; the simulator", async ({
    page,
    request,
  }) => {
    // map tiles come from the internet, which the test run does not have
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const api = await adminApi(request);
    const { location, door } = await lockerWallOfNine(api, request, 'Details');
    await api.put(`locations/${location.id}`, {
      name: location.name,
      address: '1 Test Street',
      contact_email: 'ops@demo-org.test',
      contact_phone: '+14155550100',
      latitude: 52.52,
      longitude: 13.405,
      time_zone: 'Europe/Berlin',
    });
    const d = door(4);
    await api.post('fleet-health/poll', {});
    await api.put(`fleet-health/devices/${d.id}/faults`, { battery_low: true });
    await api.post('fleet-health/poll', {});

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openAsAdmin(page, '/fleet-health');
      await expect(page.getByTestId('fleet-map').locator('.leaflet-container')).toBeVisible();
      // the map sits beside the list on a wide screen, above it on a phone
      const map = await page.getByTestId('fleet-map').boundingBox();
      const card = await page.getByTestId('fleet-place').first().boundingBox();
      if (width === 1440) expect(map!.x).toBeGreaterThan(card!.x + card!.width - 1);
      else expect(map!.y + map!.height).toBeLessThanOrEqual(card!.y + 1);
      const overflow = await page.evaluate(
        () => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/fleet-health-${width}.png`, fullPage: true });

      const alert = page
        .getByTestId('fleet-alert')
        .filter({ hasText: 'Battery low' })
        .filter({ hasText: location.name });
      await alert.getByRole('button', { name: 'Details' }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`Door #4 ${d.name}`) });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('health-zone')).toContainText('Times in Europe/Berlin');
      await expect(dialog.getByTestId('health-timeline').getByRole('row')).not.toHaveCount(1);
      await expect(
        dialog
          .locator('svg')
          .filter({ has: page.locator('path') })
          .first(),
      ).toBeVisible();
      await expect(dialog.getByTestId('device-alert').filter({ hasText: 'Battery low' })).toBeVisible();
      await expect(dialog.getByTestId('device-alert').filter({ hasText: 'Battery low' })).toBeVisible();
      for (const mode of ['light', 'dark'] as const) {
        await setThemeMode(page, mode);
        await expectAccessible(page, `door details ${width} ${mode}`, { include: '[role="dialog"]' });
      }
      await setThemeMode(page, 'light');
      await page.screenshot({ path: `test-results/door-details-${width}.png` });
      await dialog
        .getByTestId('health-simulator')
        .screenshot({ path: `test-results/simulator-${width}.png` });
      await dialog.getByRole('button', { name: 'Close' }).click();
    }

    // the simulator (its switches follow the server's answer, so they are clicked, not checked):
    // the battery recovers (its alert resolves), the lock goes offline and back, the
    // door is forced and closed again
    await openAsAdmin(page, `/locker-wall?location=${location.id}`);
    await page.getByRole('gridcell', { name: /#4 / }).click();
    await page.getByRole('button', { name: 'Door health' }).click();
    const dialog = page.getByRole('dialog', { name: /Door #4/ });
    const sim = dialog.getByTestId('health-simulator');
    const faults = async () =>
      (await api.get<{ health: { faults: Record<string, unknown> } }>(`fleet-health/devices/${d.id}`)).health
        .faults;
    await sim.getByLabel('Battery low').click();
    await expect(
      dialog.getByTestId('device-alert').filter({ hasText: 'Battery low · Resolved' }),
    ).toBeVisible();
    await sim.getByLabel('Lock offline').click();
    await expect(sim.getByLabel('Lock offline')).toBeChecked();
    expect(await faults()).toEqual({ offline: true });
    await sim.getByLabel('Lock offline').click();
    await expect(sim.getByLabel('Lock offline')).not.toBeChecked();
    await sim.getByRole('combobox', { name: 'Door', exact: true }).click();
    await page.getByRole('option', { name: 'Forced open' }).click();
    await expect(sim.getByRole('combobox', { name: 'Door', exact: true })).toHaveText('Forced open');
    expect(await faults()).toEqual({ door_open: true });
    await sim.getByRole('combobox', { name: 'Door', exact: true }).click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await expect(sim.getByRole('combobox', { name: 'Door', exact: true })).toHaveText('Closed');
    expect(await faults()).toEqual({});
  });

  test("a member sees a door's details without the simulator, and the server refuses it", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const { location, door } = await lockerWallOfNine(api, request, 'Members');
    const email = `health-member-${Date.now()}@demo-org.test`;
    const password = await createActiveMember(request, email, 'member');
    const member = auth(await apiSignIn(request, email, password));
    const refused = await request.put(`/api/fleet-health/devices/${door(1).id}/faults`, {
      headers: member,
      data: { offline: true },
    });
    expect(refused.status()).toBe(403);
    await page.setViewportSize({ width: 390, height: 844 });
    await consoleSignIn(page, email, password);
    await page.goto(`/locker-wall?location=${location.id}`);
    await page.getByRole('gridcell', { name: /#1 / }).click();
    await expect(page.getByRole('button', { name: 'Door health' })).toBeVisible();
    await page.screenshot({ path: 'test-results/locker-details-390.png' });
    await page.getByRole('button', { name: 'Door health' }).click();
    const dialog = page.getByRole('dialog', { name: /Door #1/ });
    await expect(dialog.getByTestId('health-zone')).toBeVisible();
    await expect(dialog.getByTestId('health-simulator')).toHaveCount(0);
  });
});
