import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, auth, uiSignIn } from '../support/api';
import { signedInTenant, suffix } from '../support/tenants';

/** Prices, promo codes, memberships and the payment-provider set-up. */

const uniqueName = (prefix: string) => `${prefix} ${suffix()}`;

/** Every row of a list call of the partner API whose name is `name`. */
async function rowsNamed<T extends { name: string }>(
  request: APIRequestContext,
  headers: Record<string, string>,
  endpoint: string,
  name: string,
): Promise<T[]> {
  const res = await request.get(`/api/${endpoint}`, { headers, params: { search: name } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).items as T[]).filter((r) => r.name === name);
}

/** Picks `option` of the select labelled `label` in the open form dialog. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openAsAdmin(page: Page, path: string): Promise<void> {
  await uiSignIn(page);
  await expect(page).toHaveURL(/\/(home|settings)$/);
  await page.goto(path);
}

test.describe('pricing', () => {
  test('a pay-per-time price is created', async ({ page, request }) => {
    const name = uniqueName('Hourly');
    await openAsAdmin(page, '/pay-per');
    await page.getByRole('button', { name: 'Add Price' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await choose(page, 'Unit type', 'Pay per time');
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('0');
    // the card-on-file choice shows only while the amount is 0
    await expect(dialog.getByLabel('Card on file')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('2.50');
    await expect(dialog.getByLabel('Card on file')).toHaveCount(0);
    await dialog.getByLabel('Unit amount').fill('2');
    await choose(page, 'Unit', 'hour');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Price created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Pay per time');

    const headers = auth(await apiSignIn(request));
    const [price] = await rowsNamed(request, headers, 'prices', name);
    expect(price).toMatchObject({
      price_type: 'pay_per_time',
      amount: 2.5,
      unit_amount: 2,
      unit: 'hour',
      card_on_file: true,
    });
  });

  test('a percentage promo code is created', async ({ page, request }) => {
    const name = uniqueName('Spring');
    const code = `E2E${suffix().toUpperCase()}`;
    await openAsAdmin(page, '/promo-codes');
    await page.getByRole('button', { name: 'Add Promo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByLabel('Code').fill(code);
    await choose(page, 'Discount type', 'Percentage');
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('15');
    await dialog.getByLabel('End time').fill('2031-06-30T18:00');
    // changing the start time resets the end time
    await dialog.getByLabel('Start time').fill('2031-06-01T09:00');
    await expect(dialog.getByLabel('End time')).toHaveValue('');
    await expect(dialog.getByText(/America\/Chicago/).first()).toBeVisible();
    await dialog.getByLabel('End time').fill('2031-06-30T18:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Promo created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText(code);

    const headers = auth(await apiSignIn(request));
    const [promo] = await rowsNamed<{ name: string; start_time: string; end_time: string }>(
      request,
      headers,
      'promos',
      name,
    );
    expect(promo).toMatchObject({ code, discount_type: 'percentage', amount: 15 });
    // typed on the organization's clock (the demo operator's America/Chicago, CDT in June: UTC−5),
    // whatever the browser's own zone, and the form says so
    expect(promo!.start_time).toBe('2031-06-01T14:00:00.000Z');
    expect(Date.parse(promo!.end_time) - Date.parse(promo!.start_time)).toBe((29 * 24 + 9) * 3_600_000);
  });

  test('a recurring membership is created step by step without Stripe', async ({ page, request }) => {
    // a fresh organization: no payment account yet, so 'Setup Stripe' is asked first
    const { origin, headers } = await signedInTenant(page, request, 'Members', { pricing: 'true' });
    const name = uniqueName('Gold');
    await page.goto(`${origin}/subscriptions`);
    await page.getByRole('button', { name: 'Add Subscription' }).click();
    const setup = page.getByRole('dialog').filter({ hasText: 'Setup Stripe' });
    await setup.getByRole('button', { name: 'Continue without Stripe' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add Subscription' });
    const field = (label: string) => dialog.getByRole('textbox', { name: label, exact: true });
    const select = (label: string) => dialog.getByRole('combobox', { name: label, exact: true });

    // the fields appear one by one as the earlier ones are filled
    await expect(select('Subscription type')).toHaveCount(0);
    await field('Name').fill(name);
    await expect(select('Subscription type')).toBeVisible();
    await expect(field('Value')).toHaveCount(0);
    await choose(page, 'Subscription type', 'Percentage');
    await expect(select('Billing type')).toHaveCount(0);
    await field('Value').fill('10');
    await choose(page, 'Billing type', 'Recurring');
    await expect(select('Billing period')).toBeVisible();
    await expect(field('Number of payments')).toBeVisible();
    await expect(field('Amount')).toHaveCount(0);
    await choose(page, 'Billing period', 'month');
    await expect(field('Amount')).toHaveCount(0);
    await field('Number of payments').fill('12');
    await expect(select('Currency')).toHaveCount(0);
    await field('Amount').fill('9.99');
    await expect(select('Currency')).toBeVisible();
    await expect(field('Description')).toBeVisible();
    await field('Description').fill('Ten percent off every rental');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Subscription created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

    const [membership] = await rowsNamed(request, headers, 'memberships', name);
    expect(membership).toMatchObject({
      membership_type: 'percentage',
      value: 10,
      billing_type: 'recurring',
      billing_period: 'month',
      number_of_payments: 12,
      amount: 9.99,
      description: 'Ten percent off every rental',
    });
  });

  test('the sandbox payment account is connected to "Enabled" and disconnected', async ({
    page,
    request,
  }) => {
    const { name, origin, headers } = await signedInTenant(page, request, 'Payments', { pricing: 'true' });
    const publicLookup = async () =>
      (await (await request.get('/api/organization', { params: { name } })).json()).stripe_enabled;
    await page.goto(`${origin}/pricing-set-up`);
    const create = page.getByRole('button', { name: 'Create Account' });
    const popup = page.context().waitForEvent('page');
    await create.click();
    const onboarding = await popup;
    // the console shows the account as started but not yet usable
    await expect(page.getByText('Not Configured')).toBeVisible();
    expect(await publicLookup()).toBe(false);

    // the provider's (sandbox) onboarding completes the account and returns to the set-up page
    await expect(onboarding.getByRole('heading', { name: 'Sandbox payment account' })).toBeVisible();
    await onboarding.getByRole('button', { name: 'Complete onboarding' }).click();
    await expect(onboarding).toHaveURL(/\/pricing-set-up$/);
    await expect(onboarding.getByText('Enabled', { exact: true })).toBeVisible();
    await onboarding.close();
    // back on the console's tab, the state is fetched again when the tab shows again (headless
    // Chromium does not fire the event on bringToFront, so the test fires what a browser would)
    await page.bringToFront();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
    const account = await request.get('/api/stripe/account', { headers });
    expect(await account.json()).toMatchObject({ details_submitted: true });
    expect(await publicLookup()).toBe(true);

    // disconnect returns to "no account"
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to disconnect the Stripe account?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(page.getByText('Payment account deleted successfully')).toBeVisible();
    await expect(create).toBeVisible();
    await expect(page.getByText('Enabled', { exact: true })).toHaveCount(0);
    expect((await request.get('/api/stripe/account', { headers })).status()).toBe(404);
    expect(await publicLookup()).toBe(false);
  });
});
