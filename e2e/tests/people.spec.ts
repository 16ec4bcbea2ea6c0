import { expect, test } from '@playwright/test';
import { inviteMember } from '../support/accounts';
import { uiSignIn } from '../support/api';
import { adminApi, openAsAdmin, searchTable, tempFile, unique, uniqueEmail } from '../support/console';
import { mailCount, nextMail } from '../support/mail';

// People: users, team members.

test.describe('people', () => {
  test('adds a user', async ({ page, request }) => {
    const name = unique('Ursula');
    const email = uniqueEmail('ursula');
    await openAsAdmin(page, '/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog.getByRole('tab', { name: 'Individual Upload' })).toBeVisible();
    await dialog.getByLabel('First Name').fill(name);
    await dialog.getByLabel('Last Name').fill('Tester');
    await dialog.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await dialog.getByLabel('Phone Number').fill('+1 415 555 0199');
    await dialog.getByLabel('User ID').fill('U-100');
    await dialog.getByLabel('Pin Code').fill('4321');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchTable(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await expect(row).toContainText('+1 415 555 0199');

    const api = await adminApi(request);
    const found = await api.list(`users?search=${encodeURIComponent(name)}`);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({
      name,
      last_name: 'Tester',
      email,
      phone_number: '+14155550199',
      user_id: 'U-100',
      active: true,
    });
  });

  test('warns when the phone number already belongs to another user', async ({ page, request }) => {
    const api = await adminApi(request);
    const phone = `+1312555${String(Date.now()).slice(-4)}`;
    const owner = await api.post('users', {
      name: unique('Phone Holder'),
      email: uniqueEmail('holder'),
      phone_number: phone,
    });
    await openAsAdmin(page, '/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('First Name').fill(unique('Second'));
    await dialog
      .getByLabel('Phone Number')
      .fill(`${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`);
    await expect(dialog.getByTestId('same-phone')).toContainText(
      `This phone number already belongs to ${owner.name}.`,
    );
  });

  test('shows phone numbers formatted: nationally for the home country, else internationally', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const family = unique('Phoneformat');
    await api.post('users', {
      name: 'Ulla',
      last_name: family,
      email: uniqueEmail('ulla'),
      phone_number: '+13125550166',
    });
    await api.post('users', {
      name: 'Gerd',
      last_name: family,
      email: uniqueEmail('gerd'),
      phone_number: '+4930901820',
    });
    await openAsAdmin(page, '/users');
    await searchTable(page, family);
    const us = page.getByRole('row').filter({ hasText: 'Ulla' });
    const de = page.getByRole('row').filter({ hasText: 'Gerd' });
    await expect(us.getByRole('gridcell').filter({ hasText: '312' })).toHaveText(
      /^(\(312\) 555-0166|\+1 312 555 0166)$/,
    );
    await expect(de.getByRole('gridcell').filter({ hasText: '30' }).first()).toHaveText('+49 30 901820');
    await expect(page.getByText('+13125550166')).toHaveCount(0);
  });

  test('deactivates and reactivates a user', async ({ page, request }) => {
    const api = await adminApi(request);
    const user = await api.post('users', { name: unique('Dora'), email: uniqueEmail('dora') });
    await openAsAdmin(page, '/users');
    await searchTable(page, user.name);
    const row = page.getByRole('row').filter({ hasText: user.name });
    await expect(row).toHaveCount(1);

    await row.getByRole('switch', { name: `Deactivate ${user.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate User' });
    await expect(confirm).toContainText(`Are you sure you want to deactivate ${user.name}?`);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('User has been deactivated.')).toBeVisible();
    await expect(row.getByRole('switch', { name: `Activate ${user.name}` })).not.toBeChecked();
    expect((await api.get(`users/${user.id}`)).active).toBe(false);

    await row.getByRole('switch', { name: `Activate ${user.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Activate User' })
      .getByRole('button', { name: 'Activate' })
      .click();
    await expect(page.getByText('User has been activated.')).toBeVisible();
    await expect(row.getByRole('switch', { name: `Deactivate ${user.name}` })).toBeChecked();
    expect((await api.get(`users/${user.id}`)).active).toBe(true);
  });

  test('bulk-uploads users from a CSV', async ({ page, request }) => {
    const prefix = unique('Bulk');
    const rows = [
      {
        name: `${prefix} Ann`,
        email: uniqueEmail('bulk-ann'),
        phone_number: '+14155550101',
        user_id: 'B-1',
        pin_code: '1111',
      },
      {
        name: `${prefix} Ben`,
        email: uniqueEmail('bulk-ben'),
        phone_number: '',
        user_id: 'B-2',
        pin_code: '',
      },
    ];
    const csv = [
      'name,email,phone_number,user_id,pin_code',
      ...rows.map((r) => [r.name, r.email, r.phone_number, r.user_id, r.pin_code].join(',')),
    ].join('\r\n');
    const file = tempFile('users.csv', `${csv}\r\n`);

    await openAsAdmin(page, '/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('tab', { name: 'Bulk Upload' }).click();
    await expect(dialog.getByText('name, email, phone_number, user_id, pin_code')).toBeVisible();
    await dialog.getByLabel('Choose file').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByTestId('bulk-upload-result')).toHaveText('2 row(s) uploaded successfully!');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await searchTable(page, prefix);
    await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(2);
    const api = await adminApi(request);
    const saved = await api.list(`users?search=${encodeURIComponent(prefix)}&size=100`);
    const byName = Object.fromEntries(saved.items.map((u: { name: string }) => [u.name, u]));
    expect(byName[rows[0]!.name]).toMatchObject({
      email: rows[0]!.email,
      phone_number: '+14155550101',
      user_id: 'B-1',
    });
    expect(byName[rows[1]!.name]).toMatchObject({
      email: rows[1]!.email,
      phone_number: null,
      user_id: 'B-2',
    });
  });

  test('invites a team member who signs in through /auth/welcome', async ({ page, request }) => {
    const email = uniqueEmail('invited');
    const seen = await mailCount(email);
    await openAsAdmin(page, '/team-members');
    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First Name').fill('Imogen');
    await dialog.getByLabel('Last Name').fill('Invited');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Member', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Member created successfully')).toBeVisible();
    await searchTable(page, email);
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Pending');

    const temporary = /Temporary password: (\S+)/.exec((await nextMail(email, seen)).text)?.[1];
    expect(temporary).toBeTruthy();

    await page.evaluate(() => localStorage.clear());
    await uiSignIn(page, email, temporary!);
    await expect(page).toHaveURL(/\/auth\/welcome$/);
    await page.getByLabel('New Password').fill('Invited-Passw0rd!');
    await page.getByLabel('Confirm Password').fill('Invited-Passw0rd!');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(/Hi, Imogen/)).toBeVisible();

    const api = await adminApi(request);
    const members = await api.list(`members?search=${encodeURIComponent(email)}`);
    expect(members.items).toHaveLength(1);
    expect(members.items[0]).toMatchObject({ email, role: 'member', status: 'CONFIRMED' });
  });

  test("changes two members' roles in bulk", async ({ page, request }) => {
    const tag = `bulkrole-${Date.now().toString(36)}`;
    const first = `${tag}-a@demo-org.test`;
    const second = `${tag}-b@demo-org.test`;
    const untouched = `${tag}-c@demo-org.test`;
    await inviteMember(request, first, 'viewer', 'Vera');
    await inviteMember(request, second, 'viewer', 'Vince');
    await inviteMember(request, untouched, 'viewer', 'Vicky');

    await openAsAdmin(page, '/team-members');
    await searchTable(page, tag);
    const rows = page.getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(3);
    for (const email of [first, second]) {
      await rows.filter({ hasText: email }).getByRole('checkbox').check();
    }
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Team Members' });
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Team members updated successfully')).toBeVisible();
    await expect(rows.filter({ hasText: first })).toContainText('Administrator');
    await expect(rows.filter({ hasText: second })).toContainText('Administrator');
    await expect(rows.filter({ hasText: untouched })).toContainText('Viewer');

    const api = await adminApi(request);
    const members = await api.list<{ email: string; role: string }>(`members?search=${tag}&size=100`);
    const roles = Object.fromEntries(members.items.map((m) => [m.email, m.role]));
    expect(roles).toEqual({ [first]: 'admin', [second]: 'admin', [untouched]: 'viewer' });
  });
});
