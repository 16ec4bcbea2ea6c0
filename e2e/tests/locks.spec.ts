import { expect, type Page, test } from '@playwright/test';
import { adminApi, createDevice, createLocation, openAsAdmin, searchTable, unique } from '../support/console';

// Locks: the unlock timeline on the device's details, jams and the simulated fleet.

/** Opens the device's details from the list and answers its unlock timeline. */
async function openTimeline(page: Page, name: string) {
  await page.getByRole('row').filter({ hasText: name }).getByRole('gridcell', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Device Details' });
  await expect(dialog).toBeVisible();
  return dialog.getByRole('region', { name: 'Unlock timeline' });
}

/** The steps of the newest unlock of a timeline, as their labels. */
async function newestSteps(timeline: ReturnType<Page['getByRole']>) {
  const items = timeline
    .getByRole('group')
    .first()
    .getByRole('list', { name: 'Steps' })
    .getByRole('listitem');
  return (await items.allTextContents()).map((t) => t.replace(/\d.*$/, '').trim());
}

test.describe('locks', () => {
  test("the device's details show an unlock's timeline from requested to opened", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Timeline Pier'));
    const device = await createDevice(api, location.id, unique('Timeline Door'), 1);

    await openAsAdmin(page, '/devices');
    await searchTable(page, device.name);
    const row = page.getByRole('row').filter({ hasText: device.name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Unlock ${device.name}` }).click();
    // a confirmation naming the door comes first
    const confirm = page.getByRole('dialog', { name: 'Unlock door #1' });
    await expect(confirm).toContainText(`Unlock door #1 “${device.name}”?`);
    await confirm.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Device unlocked correctly.')).toBeVisible();

    const timeline = await openTimeline(page, device.name);
    const unlock = timeline.getByRole('group').first();
    await expect(unlock.getByLabel('Outcome Opened')).toBeVisible();
    await expect(unlock.getByText(/^Unlock from the console/)).toBeVisible();
    expect(await newestSteps(timeline)).toEqual(['Requested', 'Sent', 'Acknowledged', 'Opened']);
  });

  test("a location's virtual locks set to jam: the timeline shows the jam and the list counts it", async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Jam Pier'));
    const device = await createDevice(api, location.id, unique('Jam Door'), 1);

    await openAsAdmin(page, '/devices');
    // the simulated fleet: every unlock at this location jams
    await page.getByRole('button', { name: 'Lock Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Lock Settings' });
    // searched on the server as it is typed
    await settings.getByRole('combobox', { name: 'Location' }).fill(location.name);
    await page.getByRole('option', { name: location.name }).click();
    await expect(settings.getByLabel('Virtual Jam Rate')).toBeEnabled();
    await expect(settings.getByLabel('Virtual Jam Rate')).toHaveValue('0');
    await settings.getByLabel('Virtual Jam Rate').fill('1');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Lock settings saved.')).toBeVisible();
    await expect(settings).toBeHidden();
    expect((await api.get(`locations/${location.id}/lock-settings`)).virtual_jam_rate).toBe(1);

    await searchTable(page, device.name);
    const row = page.getByRole('row').filter({ hasText: device.name });
    await row.getByRole('button', { name: `Unlock ${device.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Unlock door #1' })
      .getByRole('button', { name: 'Unlock' })
      .click();
    await expect(page.getByText('The door did not report open. It may be jammed.')).toBeVisible();

    const timeline = await openTimeline(page, device.name);
    await expect(timeline.getByRole('group').first().getByLabel('Outcome Jammed')).toBeVisible();
    expect(await newestSteps(timeline)).toEqual(['Requested', 'Sent', 'Acknowledged', 'Jammed']);
    await page.getByRole('dialog', { name: 'Device Details' }).getByRole('button', { name: 'Close' }).click();

    // the list's "Jams (30 days)" column and filter
    await page.reload();
    await searchTable(page, device.name);
    await expect(row.locator('[data-field="jams_30d"]')).toHaveText('1');
    await page.getByLabel('Jams').click();
    await page.getByRole('option', { name: 'Jammed in the last 30 days' }).click();
    await expect(row).toHaveCount(1);
    expect((await api.list(`devices?min_jams=1&search=${encodeURIComponent(device.name)}`)).total).toBe(1);
  });
});
