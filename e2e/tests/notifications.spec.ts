import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL } from '../playwright.config';
import { adminApi, openAsAdmin, searchTable, unique, uniqueEmail } from '../support/console';
import { mailCount, nextMail } from '../support/mail';

// Notifications: an on_complete e-mail template with its own subject, its live preview,
// Send test from the form and the delivery log.

test.describe('notifications', () => {
  test('creates an on_complete e-mail template, sends a test and sees it in the delivery log', async ({
    page,
    request,
  }) => {
    const name = unique('Thanks for renting');
    // a test goes only to the member's own or the organization's contacts
    const to = ADMIN_EMAIL;
    await openAsAdmin(page, '/notifications');
    await page.getByRole('button', { name: 'Add Notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Notification' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('combobox', { name: 'Mode' }).click();
    await page.getByRole('option', { name: 'Storage' }).click();
    await dialog.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'On complete' }).click();
    // the spec's rule: e-mail on needs the e-mail message
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please fill out the Email template message')).toBeVisible();
    await dialog
      .getByLabel('E-mail message')
      .fill('Thanks {{user_name}}, you paid {{amount}} for {{invoice_id}}.');
    // the e-mail's subject is a field of its own, not the name
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Your receipt for {{invoice_id}}');
    // live preview with the sample values
    await expect(dialog.getByRole('region', { name: 'E-mail preview' })).toContainText(
      'Thanks Ada Lovelace, you paid $12.50 for INV-000042.',
    );
    await dialog.getByRole('checkbox', { name: 'SMS' }).check();
    await dialog.getByLabel('SMS message').fill('Locker {{locker_number}} is free again');
    await expect(dialog.getByRole('region', { name: 'SMS preview' })).toContainText(
      'Locker 12 is free again',
    );
    await expect(dialog.getByRole('region', { name: 'SMS preview' })).toContainText('1 SMS segment');
    // an unknown variable is refused by the server, naming it
    await dialog.getByLabel('SMS message').fill('Locker {{door}} is free again');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/Unknown variable \{\{door\}\} in the SMS message/)).toBeVisible();
    await dialog.getByLabel('SMS message').fill('Locker {{locker_number}} is free again');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchTable(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('On complete');
    await expect(row).toContainText('E-mail, SMS');
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Notification' });
    // Send test in the form itself, to the member's own e-mail to begin with
    await expect(edit.getByLabel('Test e-mail')).toHaveValue(to);
    const seen = await mailCount(to);
    await edit.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Test notification sent')).toBeVisible();
    const mail = await nextMail(to, seen);
    expect(mail.subject).toBe('Your receipt for INV-000042');
    expect(mail.text).toContain('Thanks Ada Lovelace, you paid $12.50 for INV-000042.');
    // the delivery log's Send test refuses an address that is not the member's or the organization's
    await edit.getByRole('tab', { name: 'Delivery log' }).click();
    await edit.getByLabel('Test e-mail').fill(uniqueEmail('stranger'));
    await edit.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText(/A test can only be sent to your own e-mail address/)).toBeVisible();
    const log = edit.getByRole('table', { name: 'Delivery log' });
    const masked = `${to[0]}***${to.slice(to.indexOf('@'))}`;
    await expect(log.getByRole('row').filter({ hasText: masked })).toContainText('sent');

    const api = await adminApi(request);
    const found = await api.list(`notifications?search=${encodeURIComponent(name)}`);
    expect(found.items[0]).toMatchObject({
      mode: 'storage',
      notification_type: 'on_complete',
      email: true,
      sms: true,
      subject: 'Your receipt for {{invoice_id}}',
    });
  });
});
