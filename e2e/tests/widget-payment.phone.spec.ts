import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, setThemeMode } from '../support/a11y';
import { unique } from '../support/console';
import { mailCount, nextCode } from '../support/mail';
import { signedInTenant, suffix } from '../support/tenants';

/**
 * Paying in the reservation widget on a phone (project "phone": 390 × 844): the operator turns the
 * widget's payment switch on in the console, a customer picks a priced locker, confirms their
 * e-mail with the code, sees the amount and the sandbox's test card labelled "no real money",
 * pays and books; the operator finds the reservation with its payment. axe-core finds no violation
 * on the payment step, light and dark.
 */

type Tenant = Awaited<ReturnType<typeof signedInTenant>>;
const FLAGS = { toolbox: 'true', storage_mode: 'true', pricing: 'true' };

/** JSON calls as the tenant's owner that throw on a non-2xx answer. */
function ownerApi(request: APIRequestContext, tenant: Tenant) {
  return async <T = { id: string; name: string }>(method: 'get' | 'post', url: string, data?: unknown) => {
    const res = await request[method](`/api/${url}`, { headers: tenant.headers, data });
    if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url} ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** The page's width against the screen's: nothing may scroll sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - document.documentElement.clientWidth);

test('a customer pays for a priced locker in the widget (sandbox) and books it; the operator sees the payment', async ({
  page,
  request,
}) => {
  const tenant = await signedInTenant(page, request, 'Paying widget', FLAGS);
  const call = ownerApi(request, tenant);
  await call('post', 'api-keys');
  const location = await call('post', 'locations', {
    name: unique('Pay Place'),
    address: '2 Test Street',
    contact_email: 'ops@tenant.test',
    contact_phone: '+14155550100',
  });
  const size = await call('post', 'sizes', { name: unique('Pay Size'), width: 10, depth: 10, height: 10 });
  const price = await call('post', 'prices', {
    name: unique('Hourly'),
    price_type: 'pay_per_time',
    amount: 2.5,
    currency: 'eur',
    unit_amount: 1,
    unit: 'hour',
  });
  await call('post', 'devices', {
    name: unique('Pay Door'),
    locker_number: 4,
    mode: 'storage',
    status: 'available',
    hardware_type: 'virtual',
    id_location: location.id,
    id_size: size.id,
    id_price: price.id,
  });

  // the operator turns the payment on; the switch says the payments are the sandbox's
  await page.goto(`${tenant.origin}/apps-widgets`);
  await page.getByRole('tab', { name: 'Reservation Widget' }).tap();
  const payment = page.getByRole('switch', { name: 'Payment' });
  await expect(payment).toHaveAccessibleDescription(
    /Payments go through the sandbox provider: no real money moves\./,
  );
  await payment.check();
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  const embedUrl = await page.getByRole('textbox', { name: 'Embed URL' }).inputValue();

  const customer = await page.context().newPage();
  // dark: every step of the page at once, as the accessibility spec shows it
  await customer.goto(embedUrl);
  await setThemeMode(customer, 'dark');
  await customer.reload();
  await expect(customer.getByRole('heading', { name: /Reserve a locker/ })).toBeVisible();
  await customer.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll('.hidden'))) el.classList.remove('hidden');
  });
  await expect(customer.getByLabel('Card number')).toBeVisible();
  await expectAccessible(customer, 'widget payment (dark)');

  // light: the customer's own way through it
  await setThemeMode(customer, 'light');
  await customer.reload();
  await customer.getByLabel('Location').selectOption({ label: `${location.name} — 2 Test Street` });
  await customer.getByLabel('Size').selectOption({ label: size.name });
  await customer.getByRole('button', { name: 'Check availability' }).tap();
  // the default window is one hour: €2.50
  await expect(customer.locator('#quote')).toHaveText('Available. Price: €2.50');
  await customer.getByLabel('Name').fill('Pia Payer');
  const email = `pia-${suffix()}@tenant.test`;
  await customer.getByLabel('E-mail or phone number').fill(email);
  const seen = await mailCount(email);
  await customer.getByRole('button', { name: 'Send code' }).tap();
  await customer.getByLabel('Code', { exact: true }).fill(await nextCode(email, seen));

  const pay = customer.getByRole('group', { name: 'Payment Sandbox, no real money' });
  await expect(pay).toBeVisible();
  await expect(pay.getByText('Amount to pay: €2.50')).toBeVisible();
  await expect(pay.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(pay.getByText("Test payment: this is the sandbox provider's card.")).toBeVisible();
  await expectAccessible(customer, 'widget payment (light)');
  expect(await overflow(customer)).toBeLessThanOrEqual(0);

  await customer.getByRole('button', { name: 'Pay €2.50 and book' }).tap();
  const booked = customer.getByRole('alert');
  await expect(booked).toContainText('Booked! Your tracking number is ');
  await expect(booked).toContainText(`${location.name}, locker 4`);
  await expect(booked).toContainText(', paid €2.50 (Sandbox, no real money).');
  const tracking = /tracking number is (\S+)/.exec((await booked.textContent()) ?? '')?.[1];
  expect(tracking).toBeTruthy();
  expect(await overflow(customer)).toBeLessThanOrEqual(0);

  // the operator's reservation carries the payment and where it was taken
  const found = await call<{ items: Array<{ payment: Record<string, unknown> | null }> }>(
    'get',
    `reservations?search=${tracking}`,
  );
  expect(found.items[0]?.payment).toMatchObject({
    status: 'succeeded',
    amount: 2.5,
    currency: 'eur',
    source: 'widget',
    provider: 'sandbox',
  });
});
