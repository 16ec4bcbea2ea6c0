import { expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { expectAccessible } from '../support/a11y';
import { pngVideo } from '../support/camera';
import { unique, uniqueEmail } from '../support/console';
import { cameraScreen, kioskPlace } from '../support/kiosk';
import { nextMail } from '../support/mail';

/**
 * A courier's batch at the screen (1080 × 1920 portrait, touch): three parcels listed first — one
 * by its label held to the (fake) camera, which names a parcel the organization expects (a
 * delivery reservation) and brings its recipient and size, two typed with their recipients — then a
 * door opened for each in turn and a summary; each recipient's mail carries a pickup code; axe-core
 * in light and dark on the new screens.
 */
test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true });

/** axe-core on the screen in light and in dark. */
async function bothSchemes(page: Page, what: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${what} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a courier drops three parcels in a batch, one from its scanned label', async ({
  request,
  playwright,
}, info) => {
  const { api, location, size } = await kioskPlace(request);
  const courier = await api.post<{ code: string }>('couriers', { name: 'Bea Batch' });
  const tracking = unique('LBL').replace(/\W/g, '').toUpperCase();
  const expectedTo = uniqueEmail('expected').toLowerCase();
  await api.post('reservations', {
    mode: 'delivery',
    tracking_number: tracking,
    id_location: location.id,
    id_size: size.id,
    email: expectedTo,
    start_date: new Date(Date.now() - 3600_000).toISOString(),
    end_date: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const pairing = await api.post<{ code: string }>('kiosks/pairing', {
    id_location: location.id,
    name: unique('Batch screen'),
  });
  const paired = await request.post('/api/kiosk/pair', { data: { code: pairing.code } });
  const { token } = (await paired.json()) as { token: string };
  // the label: a 2-D code of the tracking number, as carriers print beside the barcode
  const label = await QRCode.toBuffer(tracking, { type: 'png', margin: 2, scale: 4 });
  const { browser, context } = await cameraScreen(playwright, info, pngVideo(label, 'label'), token);
  try {
    const page = await context.newPage();
    await page.goto('/kiosk');
    await expect(page.getByRole('heading', { name: new RegExp(location.name) })).toBeVisible();
    await page.getByRole('button', { name: 'I am a courier' }).tap();
    for (const d of courier.code) await page.getByRole('button', { name: d, exact: true }).tap();
    await page.getByRole('button', { name: 'OK', exact: true }).tap();
    await expect(page.getByText('Signed in: Bea Batch')).toBeVisible();
    await page.getByRole('button', { name: 'Several parcels' }).tap();
    await expect(page.getByText('No parcel on the list yet. Add the first one.')).toBeVisible();

    // 1: the label held to the camera names the expected parcel: its recipient and size
    await page.getByRole('button', { name: 'Add a parcel' }).tap();
    await page.getByRole('button', { name: 'Scan label' }).tap();
    await expect(page.getByText(/Expected parcel for e•••@/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel(/Tracking number/)).toHaveValue(tracking);
    await bothSchemes(page, 'an expected parcel found by its label');
    await page.getByRole('button', { name: 'Add to the list' }).tap();

    // 2 and 3: typed tracking numbers that nobody expects; the recipient named by e-mail
    const typed = [uniqueEmail('batch2').toLowerCase(), uniqueEmail('batch3').toLowerCase()];
    for (const [i, to] of typed.entries()) {
      await page.getByRole('button', { name: 'Add a parcel' }).tap();
      await page.getByLabel(/Tracking number/).fill(`MAN-${i + 2}-${tracking}`);
      await page.getByRole('button', { name: 'Look up' }).tap();
      await expect(page.getByText(/No parcel is expected under/)).toBeVisible();
      await page.getByRole('button', { name: new RegExp(size.name) }).tap();
      await page.getByLabel('E-mail', { exact: true }).fill(to);
      if (i === 0) await bothSchemes(page, 'a parcel added by hand');
      await page.getByRole('button', { name: 'Add to the list' }).tap();
    }
    const list = page.getByRole('list', { name: 'Your parcels' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText(tracking);
    await bothSchemes(page, "the courier's list of parcels");
    await page.screenshot({ path: info.outputPath('kiosk-batch-list.png') });

    // a door for each in turn
    await page.getByRole('button', { name: 'Open 3 doors' }).tap();
    for (let n = 1; n <= 3; n++) {
      await expect(page.getByText(`Parcel ${n} of 3`)).toBeVisible();
      await expect(page.getByRole('heading', { name: /Door \d is open/ })).toBeVisible();
      if (n === 1) {
        await bothSchemes(page, 'a door opened in a batch');
        await page.screenshot({ path: info.outputPath('kiosk-batch-door.png') });
      }
      await page.getByRole('button', { name: n < 3 ? 'Next door' : 'Finish' }).tap();
    }
    await expect(page.getByRole('heading', { name: '3 parcels placed of 3' })).toBeVisible();
    await bothSchemes(page, "the batch's summary");
    await page.screenshot({ path: info.outputPath('kiosk-batch-summary.png') });

    // each recipient is told, the expected parcel's by its reservation's e-mail
    for (const to of [expectedTo, ...typed]) {
      const mail = await nextMail(to, 0);
      expect(mail.text).toMatch(/code: \d{6}/);
    }
  } finally {
    await browser.close();
  }
});
