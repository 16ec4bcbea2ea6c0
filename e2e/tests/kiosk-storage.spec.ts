import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { qrText } from '../support/camera';
import { adminApi, createLocation, unique } from '../support/console';
import { nextSmsCode, smsCount } from '../support/sms';

/**
 * Storage at the screen (README "Storage at the screen") in a 1080 × 1920 portrait touch viewport:
 * a walk-up customer signs in with the code texted to their phone (read from the local SMS
 * outbox), stores in a free-of-charge size (the door opens, highlighted on the wall) and collects
 * again; a customer with a number of another country (the "+" key) chooses a priced size, pays on
 * a phone (390 × 844) through the QR code's address with the sandbox card, and the screen shows
 * the door opened. axe-core on every screen, light and dark; one switch of language.
 */
test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true });

/** A place with a 2 × 2 wall of storage doors: two of a free size (1, 2) and one priced (3). */
async function storagePlace(request: APIRequestContext) {
  const api = await adminApi(request);
  const location = await createLocation(api, unique('Storage Hall'));
  const free = await api.post('sizes', { name: unique('Small'), width: 30, depth: 40, height: 20 });
  const priced = await api.post('sizes', { name: unique('Large'), width: 60, depth: 60, height: 60 });
  const price = await api.post('prices', {
    name: unique('Pravlo'),
    price_type: 'pay_per_time',
    amount: 3,
    unit_amount: 1,
    unit: 'hour',
  });
  const wall = await api.post('locker-walls', {
    id_location: location.id,
    name: unique('Storage Wall'),
    qty_wide: 2,
    qty_tall: 2,
  });
  for (const n of [1, 2, 3]) {
    const door = await api.post('devices', {
      name: unique(`Storage Door ${n}`),
      locker_number: n,
      mode: 'storage',
      status: 'available',
      hardware_type: 'virtual',
      id_location: location.id,
      id_size: n < 3 ? free.id : priced.id,
      ...(n < 3 ? {} : { id_price: price.id }),
    });
    const res = await request.patch(`/api/locker-walls/${wall.id}/doors`, {
      headers: api.headers,
      data: { x: ((n - 1) % 2) + 1, y: Math.ceil(n / 2), id_device: door.id },
    });
    expect(res.ok()).toBe(true);
  }
  // customers sign in by phone: the screen offers storage
  const settings = await api.get<Record<string, unknown>>('apps/lite-app');
  await api.put('apps/lite-app', { ...settings, sign_in_method: 'phone' });
  const pairing = await api.post<{ code: string }>('kiosks/pairing', {
    id_location: location.id,
    name: unique('Wendral'),
  });
  return { location, free: String(free.name), priced: String(priced.name), pairing: pairing.code };
}

/** Four digits unique to the call, ending a phone number (the caps on codes are per number). */
const lastDigits = () => String(1000 + Math.floor(Math.random() * 9000));

/** Pairs the screen on `page` with `code` and waits for its start screen. */
async function pair(page: Page, code: string) {
  await page.goto('/kiosk');
  await page.getByLabel('Pairing code').fill(code);
  await page.getByRole('button', { name: 'Pair' }).click();
  await expect(page.getByRole('button', { name: 'Store something' })).toBeVisible();
}

/** axe-core on the page in the light theme, then the dark one (the page is left light). */
async function accessibleInBoth(page: Page, what: string) {
  await expectAccessible(page, what);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `${what} (dark)`);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Taps the keys of `keys` on the screen's keypad ("+" is the key named "Plus: …"). */
async function tapKeys(page: Page, keys: string) {
  for (const k of keys) {
    if (k === '+') await page.getByRole('button', { name: /^Plus/ }).tap();
    else await page.getByRole('button', { name: k, exact: true }).tap();
  }
}
const ok = (page: Page) => page.getByRole('button', { name: 'OK', exact: true }).tap();

/** Signs the customer of `phone` (E.164) in on the phone screen, typing `keys`. */
async function signIn(page: Page, phone: string, keys: string, shown: string) {
  const seen = smsCount(phone);
  await tapKeys(page, keys);
  // the number shows as typed, formatted the way of its country
  await expect(page.locator('output.keypad-value')).toHaveText(shown);
  await ok(page);
  await expect(page.getByText('Type the 6-digit code we sent to your phone.')).toBeVisible();
  await tapKeys(page, await nextSmsCode(phone, seen));
  await ok(page);
}

/** The door said open: its number, highlighted on the wall. */
async function doorOpened(page: Page) {
  const opened = page.getByRole('heading', { name: /^Door \d is open$/ });
  await expect(opened).toBeVisible();
  const door = /Door (\d)/.exec((await opened.textContent()) ?? '')![1]!;
  await expect(page.getByRole('img', { name: `Door ${door}, highlighted on the wall` })).toBeVisible();
  await expect(page.locator('.wall-door-on')).toHaveText(door);
  return door;
}

test('a walk-up storage of a free size: sign in by code, the door opens, collect ends it', async ({
  page,
}, info) => {
  const place = await storagePlace(page.request);
  const us = lastDigits();
  await pair(page, place.pairing);
  await expect(page.getByRole('button', { name: 'Collect my things' })).toBeVisible();
  await accessibleInBoth(page, 'the kiosk start screen with storage');

  await page.getByRole('button', { name: 'Store something' }).tap();
  await expect(page.getByRole('heading', { name: 'Store something' })).toBeVisible();
  // one switch of language: the screen's words from the Spanish, then the German catalog
  await page.getByRole('button', { name: 'Español' }).tap();
  await expect(page.getByRole('heading', { name: 'Guardar algo' })).toBeVisible();
  await page.getByRole('button', { name: 'Deutsch' }).tap();
  await expect(page.getByRole('heading', { name: 'Etwas einlagern' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('kiosk-storage-phone-de.png') });
  await page.getByRole('button', { name: 'English' }).tap();
  // the organization's country is the default
  await expect(page.locator('.keypad-caption')).toHaveText('United States');
  await accessibleInBoth(page, 'the phone keypad');

  await signIn(page, `+1312555${us}`, `312555${us}`, `(312) 555-${us}`);
  await expect(page.getByRole('heading', { name: 'Choose a locker size' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(place.free) })).toContainText('Free of charge');
  await expect(page.getByRole('button', { name: new RegExp(place.priced) })).toContainText('$3.00 per hour');
  await page.screenshot({ path: info.outputPath('kiosk-storage-sizes.png') });
  await accessibleInBoth(page, 'the storage sizes');
  await page.getByRole('button', { name: new RegExp(place.free) }).tap();

  const door = await doorOpened(page);
  expect(['1', '2']).toContain(door);
  await expect(page.getByText('Put your things in and close the door.')).toBeVisible();
  await page.screenshot({ path: info.outputPath('kiosk-storage-opened.png') });
  await accessibleInBoth(page, 'a storage door opened');
  await page.getByRole('button', { name: 'Done' }).tap();

  // collect: signed in again (the screen forgot the customer), the storage ends, its door opens
  await page.getByRole('button', { name: 'Collect my things' }).tap();
  await signIn(page, `+1312555${us}`, `312555${us}`, `(312) 555-${us}`);
  await expect(page.getByRole('heading', { name: 'Your lockers here' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('kiosk-storage-collect.png') });
  await accessibleInBoth(page, 'the customer’s storages');
  await page.getByRole('button', { name: `End and open door ${door}` }).tap();
  expect(await doorOpened(page)).toBe(door);
  await expect(page.getByText('Take your things and close the door.')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).tap();

  // nothing left to collect
  await page.getByRole('button', { name: 'Collect my things' }).tap();
  await signIn(page, `+1312555${us}`, `312555${us}`, `(312) 555-${us}`);
  await expect(page.getByText('You have no locker in use here.')).toBeVisible();
});

test('a priced size is paid on the phone through the QR code, then the screen shows the door', async ({
  page,
  browser,
}, info) => {
  // two pages, each checked by axe-core in both themes
  test.setTimeout(120_000);
  const place = await storagePlace(page.request);
  const de = lastDigits();
  // the screen's clock is the test's to move: the wait for the phone's payment is not idle
  await page.clock.install();
  await pair(page, place.pairing);
  await page.getByRole('button', { name: 'Store something' }).tap();
  // a number of another country: "+" first, then its country code
  await expect(page.getByRole('button', { name: /^Plus/ })).toBeEnabled();
  await page.getByRole('button', { name: /^Plus/ }).tap();
  await expect(page.getByRole('button', { name: /^Plus/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Delete the last digit' }).tap();
  await tapKeys(page, '+4915');
  await expect(page.locator('.keypad-caption')).toHaveText('Germany');
  await expect(page.locator('output.keypad-value')).toHaveText('+49 15');
  await page.screenshot({ path: info.outputPath('kiosk-storage-phone-typed.png') });
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Delete the last digit' }).tap();
  await signIn(page, `+491511234${de}`, `+491511234${de}`, `+49 1511 234${de}`);
  await page.getByRole('button', { name: new RegExp(place.priced) }).tap();

  const qr = page.getByRole('img', { name: 'QR code: pay for your locker on your phone' });
  await expect(qr).toBeVisible();
  await expect(page.getByText('Door 3 is held for you for 5 minutes.', { exact: false })).toBeVisible();
  await page.screenshot({ path: info.outputPath('kiosk-storage-qr.png') });
  await accessibleInBoth(page, 'the payment QR code');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: info.outputPath('kiosk-storage-qr-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  // more than the idle minute without a touch: the screen still waits for the payment
  await page.clock.fastForward('02:00');
  await expect(qr).toBeVisible();
  // Back lets the held door go: signed in again, the customer finds the priced door free
  await page.getByRole('button', { name: 'Back' }).tap();
  await page.getByRole('button', { name: 'Store something' }).tap();
  await signIn(page, `+491511234${de}`, `+491511234${de}`, `+49 1511 234${de}`);
  await expect(page.getByRole('button', { name: new RegExp(place.priced) })).toContainText('1 free door');
  await page.getByRole('button', { name: new RegExp(place.priced) }).tap();
  await expect(qr).toBeVisible();
  const src = (await qr.getAttribute('src')) ?? '';
  const url = qrText(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
  expect(url).toMatch(/\/app\/demo-org\/pay#.+/);

  // the customer's phone opens the address and pays with the sandbox card
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  try {
    const pay = await phone.newPage();
    await pay.goto(url);
    await expect(pay.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(pay.getByText('$3.00 per hour')).toBeVisible();
    await expect(pay.getByText(/^Door 3 is held for you until .+\.$/)).toBeVisible();
    await pay.screenshot({ path: info.outputPath('phone-pay.png') });
    await accessibleInBoth(pay, 'the phone’s payment page');
    expect(await pay.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      await pay.evaluate(() => document.documentElement.clientWidth),
    );
    await pay.getByRole('button', { name: 'Add card and open the door' }).tap();
    await expect(pay.getByText('Door 3 is open')).toBeVisible();
  } finally {
    await phone.close();
  }

  // the screen, asking every two seconds, shows the door opened
  expect(await doorOpened(page)).toBe('3');
  await expect(page.getByText('Put your things in and close the door.')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).tap();

  // the priced size has no free door left, and so no price to show
  await page.getByRole('button', { name: 'Store something' }).tap();
  await signIn(page, `+491511234${de}`, `+491511234${de}`, `+49 1511 234${de}`);
  const full = page.getByRole('button', { name: new RegExp(place.priced) });
  await expect(full).toBeDisabled();
  await expect(full).toHaveText(`${place.priced}no free door`);
});

test.describe('a narrow screen', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

  test('the storage screens at 360 px, in accessible mode, in English, Spanish and German', async ({
    page,
  }, info) => {
    const place = await storagePlace(page.request);
    const us = lastDigits();
    await pair(page, place.pairing);
    await page.getByRole('button', { name: 'Accessible mode' }).tap();
    await page.getByRole('button', { name: 'Store something' }).tap();
    await signIn(page, `+1312555${us}`, `312555${us}`, `(312) 555-${us}`);
    await expect(page.getByRole('heading', { name: 'Choose a locker size' })).toBeVisible();
    for (const [language, heading] of [
      ['Español', 'Elige el tamaño de la taquilla'],
      ['Deutsch', 'Wählen Sie eine Fachgröße'],
      ['English', 'Choose a locker size'],
    ] as const) {
      await page.getByRole('button', { name: language }).tap();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      // nothing wider than the screen: no sideways scrolling
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: info.outputPath(`kiosk-storage-360-${language}.png`), fullPage: true });
      await accessibleInBoth(page, `the storage sizes at 360 px (${language}, accessible mode)`);
    }
  });
});
