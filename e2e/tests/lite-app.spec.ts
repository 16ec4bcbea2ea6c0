import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { adminApi, createLocation, unique, uniqueEmail } from '../support/console';
import { mailCount, nextCode } from '../support/mail';

/**
 * The Lite App on a phone (390 × 844, touch), against a virtual door: sign in with an e-mail
 * code read from the local outbox, choose a priced size at a place reached by its QR address,
 * add the sandbox card, the door opens, end with the charge; a parcel waiting for the customer
 * opened with a tap; axe-core clean in light and dark, no
 * sideways scroll.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a customer signs in, stores in a priced locker with the sandbox card and ends', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const location = await createLocation(api, unique('App Place'));
  const sizeName = unique('App Size');
  const size = await api.post('sizes', { name: sizeName, width: 10, depth: 10, height: 10 });
  const price = await api.post('prices', {
    name: unique('App Price'),
    price_type: 'pay_per_time',
    amount: 2,
    unit_amount: 1,
    unit: 'hour',
  });
  await api.post('devices', {
    name: unique('App Door'),
    locker_number: 12,
    mode: 'storage',
    status: 'available',
    hardware_type: 'virtual',
    id_location: location.id,
    id_size: size.id,
    id_price: price.id,
  });
  const settings = await api.get<Record<string, unknown>>('apps/lite-app');
  await api.put('apps/lite-app', { ...settings, sign_in_method: 'email' });

  const email = uniqueEmail('phone-customer');
  const seen = await mailCount(email);
  await page.goto(`/app/demo-org/l/${location.id}`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'Lite App sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send code' }).tap();
  await page.getByLabel('Code').fill(await nextCode(email, seen));
  await page.getByRole('button', { name: 'Sign in' }).tap();

  await expect(page.getByRole('heading', { name: String(location.name) })).toBeVisible();
  await page.getByRole('radio', { name: sizeName }).check();
  await page.getByRole('button', { name: 'Store here' }).tap();
  await expect(page.locator('.badge', { hasText: 'Sandbox' })).toBeVisible();
  await expect(page.getByText('$2.00 per hour').first()).toBeVisible();
  await expectAccessible(page, 'Lite App payment');
  await page.getByRole('button', { name: 'Add card and open the door' }).tap();

  await expect(page.getByText('Door 12 is open')).toBeVisible();
  await expectAccessible(page, 'Lite App open door');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Open again' }).tap();
  await expect(page.getByText('Door 12 is open')).toBeVisible();
  await page.getByRole('button', { name: 'End and pay' }).tap();
  await expect(page.getByText(/^Ended\./)).toBeVisible();

  // my lockers: the receipt, labelled sandbox
  await page.getByRole('link', { name: 'My lockers' }).tap();
  await expect(page.getByText(/^Receipt:/)).toBeVisible();

  // a parcel for the customer waiting in a locker: opened with a tap, no code typed
  const parcelDoor = await api.post('devices', {
    name: unique('App Parcel Door'),
    locker_number: 14,
    mode: 'delivery',
    status: 'available',
    hardware_type: 'virtual',
    id_location: location.id,
    id_size: size.id,
  });
  const { event } = await api.post<{ event: { id: string; courier_pin_code: string } }>('event/delivery', {
    id_device: parcelDoor.id,
    email,
  });
  await api.post(`delivery/${event.id}/dropoff`, { courier_pin_code: event.courier_pin_code });
  await page.reload();
  await expect(page.getByText('A parcel is waiting in door 14')).toBeVisible();
  await expectAccessible(page, 'Lite App parcel waiting');
  await page.getByRole('button', { name: 'Open and take it' }).tap();
  await expect(page.getByText('Door 14 is open: take your parcel and close the door.')).toBeVisible();
  await expect(page.getByText('A parcel is waiting in door 14')).toBeHidden();
  await expectAccessible(page, 'Lite App my lockers');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'Lite App my lockers (dark)');
  await page.getByRole('link', { name: 'Find a locker' }).tap();
  await expect(page.getByRole('heading', { name: 'Find a locker' })).toBeVisible();
  await expectAccessible(page, 'Lite App find a locker (dark)');
});
