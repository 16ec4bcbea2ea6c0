import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { pngVideo } from '../support/camera';
import { adminApi, createLocation, openAsAdmin, unique, uniqueEmail } from '../support/console';
import { cameraScreen, kioskPlace } from '../support/kiosk';
import { nextMail } from '../support/mail';

/**
 * The screen at the wall, in a 1080 × 1920 portrait touch viewport: pairing with a code made
 * through the console's API, a courier dropping three parcels (the recipients' mails carry their
 * pickup codes), a walk-up pickup by code with the door highlighted on the wall, one through a
 * network cut (the offline banner, the same request sent again), accessible mode,
 * one-tap languages and the idle reset; a pickup by a QR code held to the (fake) camera;
 * axe-core on each screen.
 */
test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true });

test('pair, drop three parcels, pick one up, accessible mode, languages, idle reset', async ({
  page,
  request,
}) => {
  const { api, location, size } = await kioskPlace(request);
  const courier = await api.post<{ code: string }>('couriers', { name: 'Robin Courier' });
  const pairing = await api.post<{ code: string }>('kiosks/pairing', {
    id_location: location.id,
    name: unique('Hall screen'),
  });

  await page.goto('/kiosk?idle=10');
  await page.getByLabel('Pairing code').fill(pairing.code);
  await page.getByRole('button', { name: 'Pair' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(location.name) })).toBeVisible();
  await expectAccessible(page, 'the kiosk start screen');

  const type = async (digits: string) => {
    for (const d of digits) await page.getByRole('button', { name: d, exact: true }).tap();
    await page.getByRole('button', { name: 'OK', exact: true }).tap();
  };

  // a courier drops three parcels
  await page.getByRole('button', { name: 'I am a courier' }).tap();
  await type(courier.code);
  await expect(page.getByText('Signed in: Robin Courier')).toBeVisible();
  const recipients = ['rec1', 'rec2', 'rec3'].map((r) => uniqueEmail(r).toLowerCase());
  // the first recipient is a known customer, found by name; the others are typed in full
  const lastName = unique('Okonkwo').replace(/\s/g, '');
  await api.post('users', { name: 'Adaeze', last_name: lastName, email: recipients[0] });
  await page.getByRole('button', { name: new RegExp(size.name) }).tap();
  for (const [i, to] of recipients.entries()) {
    if (i === 0) {
      await page.getByLabel('Find the recipient').fill(`Adaeze ${lastName}`);
      await page.getByRole('button', { name: /Adaeze [A-Z]\./ }).tap();
      await expect(page.getByText(/For Adaeze [A-Z]\. \(r•••@/)).toBeVisible();
      await expectAccessible(page, "a courier's recipient found");
    } else await page.getByLabel('E-mail', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Open a door' }).tap();
    await expect(page.getByRole('heading', { name: /Door \d is open/ })).toBeVisible();
    await expect(page.getByText(`${i + 1} parcel${i ? 's' : ''} dropped`)).toBeVisible();
    if (i === 0) await expectAccessible(page, 'a door opened for a courier');
    // the next parcel: of the same size straight to its recipient, then by way of the sizes
    if (i === 0) await page.getByRole('button', { name: 'Next parcel, same size' }).tap();
    else {
      await page.getByRole('button', { name: 'Next parcel', exact: true }).tap();
      await expect(page.getByText(`${i + 1} parcels dropped`)).toBeVisible();
      if (i < 2) await page.getByRole('button', { name: new RegExp(size.name) }).tap();
    }
  }
  await page.getByRole('button', { name: 'Finish' }).tap();
  const codes: string[] = [];
  for (const to of recipients) {
    const mail = await nextMail(to, 0);
    codes.push(/code: (\d{6})/.exec(mail.text)![1]!);
  }

  // a walk-up pickup by code: the door opens and is highlighted on the wall
  await page.getByRole('button', { name: 'Pick up a parcel' }).tap();
  await type(codes[1]!);
  const opened = page.getByRole('heading', { name: /Door \d is open/ });
  await expect(opened).toBeVisible();
  const door = /Door (\d)/.exec((await opened.textContent()) ?? '')![1]!;
  await expect(page.getByRole('img', { name: `Door ${door}, highlighted on the wall` })).toBeVisible();
  await expect(page.locator('.wall-door-on')).toHaveText(door);
  await expectAccessible(page, 'a door opened for a pickup');
  await page.getByRole('button', { name: 'Done' }).tap();
  // the same code works no more
  await page.getByRole('button', { name: 'Pick up a parcel' }).tap();
  await type(codes[1]!);
  await expect(page.getByRole('alert')).toHaveText('This code is not valid.');
  await page.getByRole('button', { name: 'Back' }).tap();

  // the network cut mid-pickup and restored: the banner shows, the same request goes through once
  await page.getByRole('button', { name: 'Pick up a parcel' }).tap();
  await page.context().setOffline(true);
  await type(codes[2]!);
  await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('heading', { name: /Door \d is open/ })).toBeVisible();
  await expect(page.getByText('No connection')).toHaveCount(0);
  await page.getByRole('button', { name: 'Done' }).tap();

  // accessible mode: every control in the lower part of the screen
  await page.getByRole('button', { name: 'Accessible mode' }).tap();
  for (const name of ['Pick up a parcel', 'I am a courier']) {
    const box = (await page.getByRole('button', { name }).boundingBox())!;
    expect(box.y).toBeGreaterThan(1920 * 0.35);
  }
  await expectAccessible(page, 'accessible mode');

  // languages with one tap
  await page.getByRole('button', { name: 'Español' }).tap();
  await expect(page.getByRole('button', { name: 'Recoger un paquete' })).toBeVisible();
  await page.getByRole('button', { name: 'Deutsch' }).tap();
  await expect(page.getByRole('button', { name: 'Paket abholen' })).toBeVisible();
  await page.getByRole('button', { name: 'Paket abholen' }).tap();
  await page.getByRole('button', { name: '4', exact: true }).tap();

  // idle: back to the start, in the screen's language, everything forgotten
  await expect(page.getByRole('button', { name: 'Pick up a parcel' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Accessible mode' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('a pickup by QR code held to the camera opens the door and shows it', async ({
  request,
  playwright,
}, info) => {
  const { api, location, size } = await kioskPlace(request);
  const courier = await api.post<{ code: string }>('couriers', { name: 'Quinn Courier' });
  const pairing = await api.post<{ code: string }>('kiosks/pairing', {
    id_location: location.id,
    name: unique('Camera screen'),
  });
  const paired = await request.post('/api/kiosk/pair', { data: { code: pairing.code } });
  const { token } = (await paired.json()) as { token: string };
  const screen = { 'x-kiosk-token': token };
  const signedIn = await request.post('/api/kiosk/courier/session', {
    headers: screen,
    data: { code: courier.code },
  });
  const { session } = (await signedIn.json()) as { session: string };
  const to = uniqueEmail('qr').toLowerCase();
  const drop = await request.post('/api/kiosk/courier/drops', {
    headers: { ...screen, 'x-courier-session': session, 'idempotency-key': crypto.randomUUID() },
    data: { id_size: size.id, email: to },
  });
  expect(drop.status()).toBe(201);
  const dropped = (await drop.json()) as { door: { locker_number: number } };
  const mail = await nextMail(to, 0);
  const code = /code: (\d{6})/.exec(mail.text)![1]!;
  const qr = mail.attachments.find((a) => a.cid === 'pickup-qr@lockerops');
  expect(qr?.contentType).toBe('image/png');

  // a browser whose camera shows the QR code of the recipient's e-mail
  const { browser, context } = await cameraScreen(playwright, info, pngVideo(qr!.content), token);
  try {
    const page = await context.newPage();
    await page.goto('/kiosk');
    await expect(page.getByRole('heading', { name: new RegExp(location.name) })).toBeVisible();
    await page.getByRole('button', { name: 'Pick up a parcel' }).tap();
    await page.getByRole('button', { name: 'Scan a QR code' }).tap();
    const opened = page.getByRole('heading', { name: `Door ${dropped.door.locker_number} is open` });
    await expect(opened).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.wall-door-on')).toHaveText(String(dropped.door.locker_number));
    // the code the camera read was this parcel's: it is spent
    const again = await request.post('/api/kiosk/pickup', { headers: screen, data: { code } });
    expect(again.status()).toBe(409);
    await page.screenshot({ path: info.outputPath('kiosk-qr-opened.png') });
    await expectAccessible(page, 'a door opened by a QR code');
    // the camera is let go once the code is read
    expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
  } finally {
    await browser.close();
  }
});

test.describe('the console', () => {
  test.use({ viewport: { width: 1400, height: 900 }, hasTouch: false });

  test('Kiosks: pair a screen, add a courier; each code shown once', async ({ page, request }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Console Kiosk Hall'));
    await openAsAdmin(page, '/kiosks');
    await page.getByRole('button', { name: 'Pair a screen' }).first().click();
    await page.getByRole('combobox', { name: 'Place' }).fill(location.name);
    await page.getByRole('option', { name: location.name }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Lobby screen');
    await page.getByRole('button', { name: 'Make a pairing code' }).click();
    await expect(page.getByTestId('shown-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expectAccessible(page, 'the pairing code', { include: '.MuiDialog-container' });
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('cell', { name: 'Lobby screen' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Add a courier' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Sam Courier');
    await page.getByRole('dialog').getByRole('button', { name: 'Add a courier' }).click();
    await expect(page.getByTestId('shown-code')).toHaveText(/^\d{8}$/);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('cell', { name: 'Sam Courier' }).first()).toBeVisible();
    await expectAccessible(page, 'the Kiosks page');
  });

  test('Locker Wall: "Pair a screen" pairs one for the wall on the screen', async ({ page, request }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Wall Kiosk Hall'));
    const wall = await api.post('locker-walls', {
      id_location: location.id,
      name: unique('Wall With Screen'),
      qty_wide: 2,
      qty_tall: 2,
    });
    await openAsAdmin(page, `/locker-wall?location=${location.id}`);
    await expect(page.getByRole('heading', { name: String(wall.name) })).toBeVisible();
    await page.getByRole('button', { name: 'Pair a screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pair a screen' });
    await expect(dialog.getByRole('textbox', { name: 'Place' })).toHaveValue(location.name);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Wall screen');
    await dialog.getByRole('button', { name: 'Make a pairing code' }).click();
    await expect(page.getByTestId('shown-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await page.getByRole('button', { name: 'Close' }).click();
    // listed at its place and wall
    const listed = await api.get<{ items: { name: string; id_locker_wall: string | null }[] }>(
      `kiosks?id_location=${location.id}`,
    );
    expect(listed.items.map((k) => [k.name, k.id_locker_wall])).toEqual([['Wall screen', wall.id]]);
  });
});
