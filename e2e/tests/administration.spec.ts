import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PORT } from '../playwright.config';
import { expectAccessible, setThemeMode } from '../support/a11y';
import { apiSignIn, auth, consoleIdToken, uiSignIn } from '../support/api';
import { openAsAdmin } from '../support/console';
import { mailCount } from '../support/mail';
import {
  createSubOrganization,
  LOGO_PNG,
  originOf,
  signedInTenant,
  signInAt,
  subdomainOf,
  suffix,
  temporaryPasswordOf,
  uniqueOrgName,
} from '../support/tenants';

/** Organizations (/multi-tenant), the owner's sub-domain sign-in, /apis and /settings. */

interface Organization {
  id: string;
  name: string;
  subdomain: string;
  active: boolean;
  owner: string | null;
  white_label: { app_name: string | null; app_logo: string | null };
}

/** The seeded admin's view of one organization by name (any status), or undefined. */
async function findOrganization(request: APIRequestContext, name: string): Promise<Organization | undefined> {
  const headers = auth(await apiSignIn(request));
  const res = await request.get('/api/organizations', {
    headers,
    params: { search: name, status: 'all', size: 200 },
  });
  expect(res.ok()).toBeTruthy();
  const { items } = (await res.json()) as { items: Organization[] };
  return items.find((o) => o.name === name);
}

test.describe('administration', () => {
  test('a sub-organization created with a logo lets its owner sign in on its sub-domain', async ({
    page,
    request,
  }) => {
    const name = uniqueOrgName('Tenant');
    const email = `owner-${suffix()}@tenant.test`;
    const seen = await mailCount(email);
    const logoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-e2e-logo-'));
    const logoFile = path.join(logoDir, 'logo.png');
    fs.writeFileSync(logoFile, LOGO_PNG);

    await uiSignIn(page);
    await expect(page).toHaveURL(/\/(home|settings)$/);
    await page.goto('/multi-tenant');
    await page.getByRole('button', { name: 'Add Organization' }).click();
    const drawer = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Add Organization' }) });
    // a name in use is reported as it is typed, and Create stays disabled (spec console §5)
    await drawer.getByLabel('Organization Name').fill('Demo Org');
    await expect(
      drawer.getByText('An organization with this name already exists. Please use an unique name.'),
    ).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Create' })).toBeDisabled();
    await drawer.getByLabel('Organization Name').fill(name);
    await expect(
      drawer.getByText('An organization with this name already exists. Please use an unique name.'),
    ).toBeHidden();
    await drawer.getByRole('textbox', { name: 'Primary Color', exact: true }).fill('#2e7d32');
    await expect(drawer.getByLabel('Primary Color picker')).toHaveValue('#2e7d32');
    await drawer.getByLabel('Select all hardwares').check();
    await drawer.getByLabel('Email').fill(email);
    await drawer.getByLabel('First Name').fill('Olive');
    await drawer.getByLabel('Last Name').fill('Owner');
    await drawer.getByLabel('Logo', { exact: true }).setInputFiles(logoFile);
    await expect(drawer.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Create' }).click();
    const result = page.getByRole('dialog').filter({ hasText: 'Organization has been created!' });
    await expect(result).toBeVisible();
    await result.getByRole('button', { name: 'OK' }).click();

    // the list shows it with its owner and sub-domain link
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByText(email)).toBeVisible();
    await expect(row.getByRole('link', { name: `${subdomainOf(name)}.localhost:${PORT}` })).toBeVisible();

    // the server holds it with the stored logo and the owner
    const org = await findOrganization(request, name);
    expect(org).toMatchObject({ subdomain: subdomainOf(name), active: true, owner: email });
    expect(org?.white_label.app_logo).toBeTruthy();
    const logo = await request.get(org!.white_label.app_logo!);
    expect(logo.ok()).toBeTruthy();
    expect((await logo.body()).subarray(1, 4).toString()).toBe('PNG');

    // the owner signs in on the sub-domain with the mailed temporary password…
    const temporary = await temporaryPasswordOf(email, seen);
    const owner = await page.context().newPage();
    await owner.goto(`${originOf(name)}/auth/login`);
    await expect(owner.getByTestId('app-name')).toHaveText(name);
    await expect(owner.getByRole('img', { name: `${name} logo` })).toBeVisible();
    // the login page wears the organization's primary colour
    await expect(owner.getByRole('button', { name: 'Sign In' })).toHaveCSS(
      'background-color',
      'rgb(46, 125, 50)',
    );
    await signInAt(owner, originOf(name), email, temporary);
    // …is forced to choose a new password…
    await expect(owner).toHaveURL(/\/auth\/welcome$/);
    await owner.getByLabel('New Password').fill('Tenant-Owner-Passw0rd!');
    await owner.getByLabel('Confirm Password').fill('Tenant-Owner-Passw0rd!');
    await owner.getByRole('button', { name: 'Submit' }).click();
    // …and lands in the new organization as its first-time admin
    await expect(owner).toHaveURL(new RegExp(`^${originOf(name)}/settings$`));
    await expect(owner.getByRole('dialog').filter({ hasText: 'Welcome!' })).toBeVisible();
    const self = await request.get('/api/organizations/self', {
      headers: { authorization: `Bearer ${await consoleIdToken(owner)}` },
    });
    expect((await self.json()).id).toBe(org!.id);
  });

  test('a sub-organization is archived and restored', async ({ page, request }) => {
    const name = uniqueOrgName('Archivable');
    const email = `owner-${suffix()}@archivable.test`;
    const temporary = await createSubOrganization(request, name, email);

    await uiSignIn(page);
    await expect(page).toHaveURL(/\/(home|settings)$/);
    await page.goto(`/multi-tenant?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Archive ${name}` }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to archive this organization?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const archived = page.getByRole('dialog').filter({ hasText: 'Organization has been archived!' });
    await expect(archived).toBeVisible();
    await archived.getByRole('button', { name: 'OK' }).click();
    // gone from the active list, archived on the server; its members cannot sign in
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    expect(await findOrganization(request, name)).toMatchObject({ active: false });
    const refused = await request.post('/api/auth/sign-in', {
      data: { email, password: temporary, organization: name },
    });
    expect(refused.status()).toBe(403);

    // the Archived filter shows it with its chip, and it is restored from there
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Archived' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Archived', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Restore ${name}` }).click();
    const ask = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to restore this organization?' });
    await ask.getByRole('button', { name: 'Yes' }).click();
    const restored = page.getByRole('dialog').filter({ hasText: 'Organization has been restored!' });
    await expect(restored).toBeVisible();
    await restored.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    expect(await findOrganization(request, name)).toMatchObject({ active: true });
    const allowed = await request.post('/api/auth/sign-in', {
      data: { email, password: temporary, organization: name },
    });
    expect(allowed.ok()).toBeTruthy();
  });

  test('an API token is generated on /apis, copied, and acts as the organization', async ({
    page,
    request,
  }) => {
    // a fresh organization of its own: one key per organization, so the test never meets another's
    const { name, origin } = await signedInTenant(page, request, 'Tokens', { toolbox: 'true' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.goto(`${origin}/apis`);
    const keyField = page.getByLabel('API Key');
    await expect(keyField).toHaveValue('No API Key found. Please generate one.');
    const generate = page.getByRole('button', { name: 'Generate Token' });
    await generate.click();
    const generated = page.getByRole('dialog').filter({ hasText: 'API key has been generated.' });
    await expect(generated).toBeVisible();
    await generated.getByRole('button', { name: 'OK' }).click();
    await expect(keyField).not.toHaveValue('No API Key found. Please generate one.');
    await expect(keyField).not.toHaveValue('');
    await expect(generate).toBeDisabled();
    const key = await keyField.inputValue();

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // the key acts as this organization on the partner API
    const self = await request.get('/api/organizations/self', { headers: { 'X-API-Key': key } });
    expect(self.ok()).toBeTruthy();
    expect((await self.json()).name).toBe(name);
    // it is shown once: after a reload only its first characters, its scope and its last use
    await page.reload();
    await expect(keyField).toHaveValue(`${key.slice(0, 7)}…`);
    await expect(page.getByRole('button', { name: 'Copy' })).toBeDisabled();
    await expect(page.getByText('Partner / kiosk')).toBeVisible();
    await expect(page.getByText('Last used:')).toBeVisible();
    // the key may not manage members, settings or keys
    expect((await request.get('/api/members', { headers: { 'X-API-Key': key } })).status()).toBe(403);

    // rotate: a new key is shown once, the old one stops working
    await page.getByRole('button', { name: 'Rotate Token' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    const rotated = page.getByRole('dialog').filter({ hasText: 'API key has been rotated.' });
    await rotated.getByRole('button', { name: 'OK' }).click();
    await expect(keyField).not.toHaveValue(`${key.slice(0, 7)}…`);
    const next = await keyField.inputValue();
    expect(next).toMatch(/^lo_/);
    expect(next).not.toBe(key);
    expect((await request.get('/api/organizations/self', { headers: { 'X-API-Key': key } })).status()).toBe(
      401,
    );
    expect(
      (await request.get('/api/organizations/self', { headers: { 'X-API-Key': next } })).ok(),
    ).toBeTruthy();

    // revoke: the key stops working and a new one may be generated
    await page.getByRole('button', { name: 'Revoke Token' }).click();
    // revoking is confirmed by typing the phrase (spec console §5)
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByRole('button', { name: 'Yes' })).toBeDisabled();
    await confirm.getByLabel('Type "REVOKE" to confirm').fill('REVOKE');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'API key has been revoked.' })
      .getByRole('button', { name: 'OK' })
      .click();
    await expect(keyField).toHaveValue('No API Key found. Please generate one.');
    await expect(generate).toBeEnabled();
    expect((await request.get('/api/organizations/self', { headers: { 'X-API-Key': next } })).status()).toBe(
      401,
    );
  });

  test('the currency is changed on /settings', async ({ page, request }) => {
    const headers = auth(await apiSignIn(request));
    const before = (await (await request.get('/api/settings', { headers })).json())
      .default_currency as string;
    const target = before === 'eur' ? 'gbp' : 'eur';
    const label = target === 'eur' ? 'EUR (€)' : 'GBP (£)';
    try {
      await uiSignIn(page);
      await expect(page).toHaveURL(/\/(home|settings)$/);
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Region' }).click();
      await page.getByRole('combobox', { name: 'Currency' }).click();
      await page.getByRole('option', { name: label }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const done = page.getByRole('dialog').filter({ hasText: 'Currency has been updated!' });
      await expect(done).toBeVisible();
      await done.getByRole('button', { name: 'OK' }).click();

      await expect
        .poll(async () => (await (await request.get('/api/settings', { headers })).json()).default_currency)
        .toBe(target);
      await page.reload();
      await page.getByRole('tab', { name: 'Region' }).click();
      await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText(label);
    } finally {
      await request.put('/api/settings', { headers, data: { default_currency: before } });
    }
  });

  test('the OEM logo is uploaded and removed on /settings, White Label', async ({ page, request }) => {
    const headers = auth(await apiSignIn(request));
    const logo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-oem-')), 'oem.png');
    fs.writeFileSync(logo, LOGO_PNG);
    try {
      await openAsAdmin(page, '/settings');
      await page.getByRole('tab', { name: 'White Label' }).click();
      await page.getByLabel('OEM Logo', { exact: true }).setInputFiles(logo);
      const done = page.getByRole('dialog').filter({ hasText: 'Settings updated' });
      await expect(done).toBeVisible();
      await done.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('img', { name: 'OEM logo' })).toBeVisible();
      const saved = (await (await request.get('/api/white-label', { headers })).json()).oem_logo as string;
      expect(saved).toMatch(/^\/api\/files\//);
      for (const mode of ['light', 'dark'] as const) {
        await setThemeMode(page, mode);
        await page.reload();
        await page.getByRole('tab', { name: 'White Label' }).click();
        await expect(page.getByRole('img', { name: 'OEM logo' })).toBeVisible();
        await expectAccessible(page, `/settings White Label (${mode})`);
      }
      await page.getByRole('button', { name: 'Remove OEM Logo' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('img', { name: 'OEM logo' })).toHaveCount(0);
      await expect
        .poll(async () => (await (await request.get('/api/white-label', { headers })).json()).oem_logo)
        .toBeNull();
    } finally {
      await request.patch('/api/white-label', { headers, data: { oem_logo: null } });
      await setThemeMode(page, 'light').catch(() => undefined);
    }
  });
});
