import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminApi, openAsAdmin, searchTable, unique } from '../support/console';

// Reporting: a weekly report created from the dialog, listed with its schedule in
// words, downloaded, edited to monthly (weekday cleared) and bulk deleted.

test.describe('reporting', () => {
  test('creates a weekly report, downloads it, edits it to monthly and deletes it', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const name = unique('Weekly figures');

    await openAsAdmin(page, '/reporting');
    await page.getByRole('button', { name: 'Create Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Report' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByLabel('Report Name').fill(name);
    await expect(save).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Contents' }).click();
    await page.getByRole('option', { name: 'Earnings' }).click();
    await page.getByRole('option', { name: 'Transaction Rate' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Assignees' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Recurrence' }).click();
    await page.getByRole('option', { name: 'Weekly', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Weekday' }).click();
    await page.getByRole('option', { name: 'Monday' }).click();
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Send Time', { exact: true }).fill('09:00');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Report created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchTable(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Earnings, Transaction Rate');
    // weekday and time as typed: wall-clock times of the organization's zone, which is named
    await expect(row).toContainText(/Every Monday at 09:00 [A-Za-z_/]+/);

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download CSV ${name}` }).click();
    const download = await downloading;
    await expect(page.getByText('Report downloaded successfully')).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(name);
    expect(csv).toContain('Earnings');

    await row.getByRole('gridcell', { name, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Report' });
    await edit.getByRole('combobox', { name: 'Recurrence' }).click();
    await page.getByRole('option', { name: 'Monthly', exact: true }).click();
    await expect(edit.getByRole('combobox', { name: 'Weekday' })).toHaveCount(0);
    await edit.getByRole('combobox', { name: 'When' }).click();
    await page.getByRole('option', { name: 'Start of month' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Report updated successfully!')).toBeVisible();
    await expect(row).toContainText('Every month on the first day');
    const stored = (await api.list(`reports?search=${encodeURIComponent(name)}`)).items[0]!;
    expect(stored).toMatchObject({ recurrence: 'monthly', weekday: null, when: 'start' });

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('1 item(s) deleted successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});
