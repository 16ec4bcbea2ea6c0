import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  type AdminApi,
  adminApi,
  createLocation,
  PNG_2X2,
  tempFile,
  unique,
  uniqueEmail,
} from '../support/console';
import { mailCount, nextCode, nextMail } from '../support/mail';

/**
 * The Lite App on a phone (390 × 844, touch), against a virtual door: sign in with an e-mail
 * code read from the local outbox, choose a priced size at a place reached by its QR address (its
 * door held for the payment), add the sandbox card, the door opens, end with the charge; a parcel
 * waiting for the customer opened with a tap; a product rented and returned with a photo and a
 * condition report; a reservation at a place in another zone than the browser's; the screens in
 * Spanish and German; axe-core clean in light and dark, no sideways scroll.
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
  // the door waits for this customer's payment (5 minutes, said on the place's clock)
  await expect(page.getByText(/^Door 12 is held for you until .+\.$/)).toBeVisible();
  await expectAccessible(page, 'Lite App payment');
  await page.getByRole('button', { name: 'Add card and open the door' }).tap();

  await expect(page.getByText('Door 12 is open')).toBeVisible();
  await expectAccessible(page, 'Lite App open door');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Open again' }).tap();
  await expect(page.getByText('Door 12 is open')).toBeVisible();
  await page.getByRole('button', { name: 'End and pay' }).tap();
  await expect(page.getByText(/^Ended\./)).toBeVisible();
  // the receipt by e-mail (after the sign-in code), its PDF attached
  const receiptMail = await nextMail(email, seen + 1);
  expect(receiptMail.subject).toMatch(/receipt INV-/);
  expect(receiptMail.text).toContain('Door: 12');
  const attached = receiptMail.attachments.find((a) => a.contentType === 'application/pdf');
  expect(attached?.content.subarray(0, 5).toString()).toBe('%PDF-');

  // my lockers: the receipt, labelled sandbox
  await page.getByRole('link', { name: 'My lockers' }).tap();
  await expect(page.getByText(/^Receipt:/)).toBeVisible();
  // and its PDF, for this customer's session only
  const receiptLink = page.getByRole('link', { name: 'Receipt (PDF)' });
  const receiptUrl = await receiptLink.getAttribute('href');
  expect(receiptUrl).toMatch(/\/receipt\?lang=en$/);
  const receipt = await page.request.get(receiptUrl!);
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  expect((await receipt.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect((await request.get(receiptUrl!)).status()).toBe(401);

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
  // receipt e-mails: on until the customer turns them off in their account
  await page.getByRole('link', { name: 'Account' }).tap();
  const receipts = page.getByRole('checkbox', { name: 'E-mail me a receipt when a paid locker ends' });
  await expect(receipts).toBeChecked();
  await expectAccessible(page, 'Lite App account (dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(page, 'Lite App account');
  await receipts.uncheck();
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByText('Saved')).toBeVisible();
  await page.reload();
  await expect(receipts).not.toBeChecked();
});

/** Signs a new customer in on the page at `url` with an e-mail code from the local outbox. */
async function signInAt(page: Page, url: string, email: string): Promise<void> {
  const seen = await mailCount(email);
  await page.goto(url);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send code' }).tap();
  await page.getByLabel('Code').fill(await nextCode(email, seen));
  await page.getByRole('button', { name: 'Sign in' }).tap();
}

/** Turns the Lite App customizer's switches on (sign-in by e-mail). */
async function liteApp(api: AdminApi, switches: Record<string, boolean>): Promise<void> {
  const settings = await api.get<Record<string, unknown>>('apps/lite-app');
  await api.put('apps/lite-app', { ...settings, sign_in_method: 'email', ...switches });
}

test('a customer rents a product and returns it with a photo and a condition report', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  await liteApp(api, { photo_to_end_rental: true, track_conditions: true, allow_multiple_assets: false });
  const location = await createLocation(api, unique('Rent Place'));
  const product = await api.post('products', { name: unique('Drill') });
  const condition = await api.post('conditions', { name: unique('Scratched') });
  await api.post('devices', {
    name: unique('Rent Door'),
    locker_number: 21,
    mode: 'rental',
    status: 'available',
    hardware_type: 'virtual',
    id_location: location.id,
    id_product: product.id,
  });

  await signInAt(page, `/app/demo-org/l/${location.id}`, uniqueEmail('renter'));
  await expect(page.getByRole('heading', { name: 'Rent a product' })).toBeVisible();
  await page.getByRole('radio', { name: String(product.name) }).check();
  await expectAccessible(page, 'Lite App rent');
  await page.getByRole('button', { name: 'Rent it' }).tap();
  await expect(page.getByText('Door 21 is open: take the product and close the door.')).toBeVisible();

  await page.getByRole('link', { name: 'My lockers' }).tap();
  const form = page.getByRole('region', { name: `Return ${product.name} to door 21` });
  await expect(form).toBeVisible();
  await expect(form.getByRole('button', { name: 'Return' })).toBeDisabled();
  await form.getByLabel('Photo of the product').setInputFiles(tempFile('drill.png', PNG_2X2));
  await form.getByLabel('Condition of the product').selectOption({ label: String(condition.name) });
  await expectAccessible(page, 'Lite App return');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'Lite App return (dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  await form.getByRole('button', { name: 'Return' }).tap();
  await expect(page.getByRole('img', { name: 'Photo taken at the return' })).toBeVisible();
  await expect(page.getByText(`${product.name} · Door 21`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // the operator's history names the Lite App as the source of the rental and its return
  const mine = await (await page.request.get('/api/customer/demo-org/lockers')).json();
  const rental = mine.items.find((l: { product: string | null }) => l.product === product.name);
  expect(rental).toMatchObject({ status: 'finished', photo: true });
  const log = await api.get<{ items: Array<{ action: string; actor_name: string | null }> }>(
    `event-logs/${rental.id}`,
  );
  expect(
    log.items.filter((e) => e.action === 'start' || e.action === 'return').map((e) => e.actor_name),
  ).toEqual(['Lite App', 'Lite App']);
});

test.describe('a reservation at a place in another zone than the browser', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('is typed and shown on the place clock, and says so', async ({ page, request }) => {
    const api = await adminApi(request);
    await liteApp(api, { allow_reservations: true });
    const location = await createLocation(api, unique('Tokyo Place'));
    await api.put(`locations/${location.id}`, { ...location, time_zone: 'Asia/Tokyo' });
    const sizeName = unique('Tokyo Size');
    const size = await api.post('sizes', { name: sizeName, width: 10, depth: 10, height: 10 });
    await api.post('devices', {
      name: unique('Tokyo Door'),
      locker_number: 31,
      mode: 'storage',
      status: 'available',
      hardware_type: 'virtual',
      id_location: location.id,
      id_size: size.id,
    });
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

    await signInAt(page, `/app/demo-org/l/${location.id}`, uniqueEmail('reserver'));
    const form = page.getByRole('form', { name: 'Reserve ahead' });
    await expect(form).toBeVisible();
    await expect(form.getByText(/Times are in the place's time zone: .*\(Asia\/Tokyo\)\./)).toBeVisible();
    await form.getByLabel('Size').selectOption({ label: sizeName });
    await form.getByLabel('Start date').fill(day);
    await form.getByLabel('Start time').fill('10:00');
    await form.getByLabel('End date').fill(day);
    await form.getByLabel('End time').fill('12:00');
    await expectAccessible(page, 'Lite App reserve');
    await form.getByRole('button', { name: 'Reserve' }).tap();
    await expect(form.getByRole('status')).toContainText('Reserved: door 31');
    await expect(form.getByRole('status')).toContainText('10:00');
    await expect(form.getByRole('status')).toContainText('GMT+9');
    const mine = await page.request.get('/api/customer/demo-org/reservations');
    expect((await mine.json()).items[0]).toMatchObject({
      time_zone: 'Asia/Tokyo',
      starts_at: `${day}T01:00:00.000Z`,
      ends_at: `${day}T03:00:00.000Z`,
    });
    await page.getByRole('link', { name: 'My lockers' }).tap();
    await expect(page.getByRole('heading', { name: 'My reservations' })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'Lite App my reservations (dark)');
    await page.getByRole('button', { name: 'Cancel reservation' }).tap();
    await expect(page.getByText('Reservation canceled.')).toBeVisible();
    expect((await (await page.request.get('/api/customer/demo-org/reservations')).json()).items).toEqual([]);
  });
});

test('the main screens speak Spanish and German', async ({ page, request }) => {
  const api = await adminApi(request);
  await liteApp(api, { allow_reservations: true });
  const location = await createLocation(api, unique('Lang Place'));
  const size = await api.post('sizes', { name: unique('Lang Size'), width: 10, depth: 10, height: 10 });
  const product = await api.post('products', { name: unique('Saw') });
  for (const [n, extra] of [
    [41, { mode: 'storage', id_size: size.id }],
    [42, { mode: 'rental', id_product: product.id }],
  ] as const)
    await api.post('devices', {
      name: unique('Lang Door'),
      locker_number: n,
      status: 'available',
      hardware_type: 'virtual',
      id_location: location.id,
      ...extra,
    });
  await signInAt(page, `/app/demo-org/l/${location.id}`, uniqueEmail('polyglot'));
  await expect(page.getByRole('heading', { name: 'Rent a product' })).toBeVisible();
  const words: Record<string, string[]> = {
    es: ['Alquilar un producto', 'Reservar con antelación', 'Elige un tamaño', 'Mis taquillas'],
    de: ['Ein Produkt mieten', 'Im Voraus reservieren', 'Größe wählen', 'Meine Fächer'],
  };
  const english = ['Rent a product', 'Reserve ahead', 'Choose a size', 'Start date', 'Find a locker'];
  for (const lang of ['es', 'de'] as const) {
    await page.getByLabel(/Language|Idioma|Sprache/).selectOption(lang);
    for (const w of words[lang]!) await expect(page.getByText(w, { exact: true }).first()).toBeVisible();
    const text = await page.locator('body').textContent();
    for (const w of english) expect(text, `${lang}: ${w}`).not.toContain(w);
    await expectAccessible(page, `Lite App place (${lang})`);
    await page.getByRole('link', { name: words[lang]![3]! }).tap();
    const mine = await page.locator('body').textContent();
    for (const w of ['My lockers', 'History', 'You have no locker right now.'])
      expect(mine, `${lang}: ${w}`).not.toContain(w);
    await page.goBack();
  }
});

test("an SMS's pickup link shows the code and its QR code, which the kiosk reads", async ({ page }) => {
  await page.goto('/app/demo-org/qr#482913');
  await expect(page.getByRole('heading', { name: 'Your pickup code' })).toBeVisible();
  await expect(page.getByText('Pickup code 4 8 2 9 1 3')).toBeAttached();
  const qr = page.getByRole('img', { name: 'QR code of the pickup code 482913' });
  await expect(qr).toBeVisible();
  // the picture holds the code (read back by the kiosk's decoder, jsQR, in the page)
  const read = await qr.evaluate(async (img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    return { w: canvas.width, data: Array.from(g.getImageData(0, 0, canvas.width, canvas.height).data) };
  });
  const { default: jsQR } = await import('jsqr');
  expect(jsQR(Uint8ClampedArray.from(read.data), read.w, read.w)?.data).toBe('482913');
  await expectAccessible(page, 'Lite App pickup code');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'Lite App pickup code (dark)');
  await page.getByLabel(/Language|Idioma|Sprache/).selectOption('de');
  await expect(page.getByRole('heading', { name: 'Dein Abholcode' })).toBeVisible();
  // a link without a code says so
  await page.goto('/app/demo-org/qr#not-a-code');
  await expect(page.getByRole('alert')).toHaveText(/Abholcode|pickup code/);
});
