import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  adminApi,
  createDevice,
  createLocation,
  csvRecords,
  openAsAdmin,
  searchTable,
  showPlace,
  tempFile,
  unique,
} from '../support/console';

// Places and doors: locations, locker walls, devices, sizes.

/** Where the location form's marker starts (NEW_LOCATION_POSITION) and its map's zoom. */
const START = { lat: 41.87, lng: -87.62 };
const ZOOM = 13;

test.describe('places and doors', () => {
  test.beforeEach(async ({ page }) => {
    // map tiles come from the internet, which the test run does not have
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  });

  test("the locations map opens on the organization's locations, not on the default centre", async ({
    page,
    request,
  }) => {
    // two sites in Chicago, far from the spec's default centre (San Francisco)
    const api = await adminApi(request);
    for (const [i, [latitude, longitude]] of [
      [41.8781, -87.6298],
      [41.9484, -87.6553],
    ].entries())
      await api.post('locations', {
        name: unique(`Chicago Site ${i + 1}`),
        address: `${i + 1} Wacker Drive`,
        contact_email: 'ops@demo-org.test',
        contact_phone: '+13125550100',
        latitude,
        longitude,
      });
    await openAsAdmin(page, '/locations');
    await page.getByRole('button', { name: 'Map' }).click();
    const map = page.locator('.leaflet-container').first();
    await expect(map).toBeVisible();
    const markers = map.locator('.leaflet-marker-icon');
    await expect(markers.first()).toBeVisible();
    const frame = (await map.boundingBox())!;
    // framed on the sites: every marker sits inside the map's box
    for (const marker of await markers.all()) {
      const box = (await marker.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(box.y).toBeGreaterThanOrEqual(frame.y - box.height);
      expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height);
    }
  });

  test('adds a location by dragging its marker on the map; the failed lookup keeps the address', async ({
    page,
    request,
  }) => {
    const name = unique('Map Location');
    await openAsAdmin(page, '/locations');
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Address').fill('500 Typed Street');
    await dialog.getByLabel('Contact Email').fill('Map.Ops@Demo-Org.test');
    await dialog.getByLabel('Contact Phone').fill('+1 415 555 0100');

    const marker = dialog.getByRole('button', { name: 'Marker' });
    await expect(marker).toBeVisible();
    const box = (await marker.boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const dx = 100;
    const dy = 50;
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
    await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
    await page.mouse.up();

    // the built-in gazetteer knows no street address at a position: the notice shows and the typed address stays
    await expect(
      page.getByText('Could not look up the address of this position. The address was left unchanged.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Address')).toHaveValue('500 Typed Street');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Location created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    // other specs' locations fill the first page: find it by name
    await searchTable(page, name);
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

    // saved with the marker's new position: east and south of where it started, by the dragged pixels
    const api = await adminApi(request);
    const page1 = await api.list(`locations?search=${encodeURIComponent(name)}`);
    expect(page1.items).toHaveLength(1);
    const saved = page1.items[0]!;
    const degPerPx = 360 / (256 * 2 ** ZOOM);
    expect(saved.address).toBe('500 Typed Street');
    expect(saved.contact_email).toBe('map.ops@demo-org.test');
    expect(saved.longitude).toBeCloseTo(START.lng + dx * degPerPx, 2);
    expect(saved.latitude).toBeCloseTo(START.lat - dy * degPerPx * Math.cos((START.lat * Math.PI) / 180), 2);
    expect(saved.longitude).toBeGreaterThan(START.lng + 0.01);
    expect(saved.latitude).toBeLessThan(START.lat - 0.003);
  });

  test('the pin follows a typed address (built-in gazetteer) until it is dragged by hand', async ({
    page,
    request,
  }) => {
    const name = unique('Typed Location');
    await openAsAdmin(page, '/locations');
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Contact Email').fill('typed@demo-org.test');
    await dialog.getByLabel('Contact Phone').fill('+1 415 555 0101');
    await dialog.getByLabel('Address').pressSequentially('Marienplatz 1, München', { delay: 20 });
    await expect(dialog.getByText('Pin placed at Munich, Germany. Drag it to the exact spot.')).toBeVisible();
    const marker = dialog.getByRole('button', { name: 'Marker' });
    // the map followed the pin: the marker sits in the middle of the map
    const map = (await dialog.locator('.leaflet-container').boundingBox())!;
    const box = (await marker.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - (map.x + map.width / 2))).toBeLessThan(30);
    await page.screenshot({ path: 'test-results/location-typed-address-1440.png' });

    // dragged by hand: a typed address no longer moves it, and says so
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 20, { steps: 5 });
    await page.mouse.move(from.x + 80, from.y + 40, { steps: 5 });
    await page.mouse.up();
    await dialog.getByLabel('Address').fill('Karlsplatz 1, Wien');
    await expect(dialog.getByText('The pin stays where you dragged it.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Move the pin to this address' })).toBeVisible();
    await dialog.getByLabel('Address').fill('Marienplatz 8, München');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Location created successfully')).toBeVisible();

    const api = await adminApi(request);
    const saved = (await api.list(`locations?search=${encodeURIComponent(name)}`)).items[0]!;
    expect(saved.address).toBe('Marienplatz 8, München');
    // Munich (48.14, 11.58) moved east and south by the drag, not Vienna (48.21, 16.37)
    expect(saved.longitude).toBeGreaterThan(11.58 + 0.005);
    expect(saved.longitude).toBeLessThan(11.7);
    expect(saved.latitude).toBeLessThan(48.14 - 0.002);
    expect(saved.latitude).toBeGreaterThan(48.0);
  });

  test('the typed-address pin fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAsAdmin(page, '/locations');
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await dialog.getByLabel('Address').fill('Gran Vía 1, Madrid');
    await expect(dialog.getByText('Pin placed at Madrid, Spain. Drag it to the exact spot.')).toBeVisible();
    await page.screenshot({ path: 'test-results/location-typed-address-390.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });

  test('a wall added for another location belongs to it; a location without walls says so', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const shown = await createLocation(api, unique('Wall Filter Site'));
    const other = await createLocation(api, unique('Wall Other Site'));
    const wallName = unique('Picked Wall');

    await openAsAdmin(page, '/locker-wall');
    await showPlace(page, shown.name);
    const empty = page.getByTestId('no-walls');
    await expect(empty).toContainText(`${shown.name} has no locker walls yet`);
    await empty.getByRole('button', { name: 'Add Locker Wall' }).click();
    const form = page.getByRole('dialog', { name: 'Add Locker Wall' });
    const where = form.getByRole('combobox', { name: 'Location' });
    await expect(where).toHaveValue(shown.name);
    await where.fill(other.name);
    await page.getByRole('option', { name: other.name }).click();
    await form.getByLabel('Name').fill(wallName);
    await form.getByLabel('# Doors wide').fill('2');
    await form.getByLabel('# Doors tall').fill('2');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Locker Wall created successfully')).toBeVisible();

    // the page follows the wall to its location
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(other.name);
    await expect(page.getByRole('grid', { name: `${wallName} doors` })).toBeVisible();
    expect((await api.list(`locker-walls?id_location=${other.id}`)).items.map((w) => w.name)).toContain(
      wallName,
    );
    expect((await api.list(`locker-walls?id_location=${shown.id}`)).items).toHaveLength(0);
  });

  test('builds a 4×3 locker wall and assigns devices to doors', async ({ page, request }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Wall Location'));
    const first = await createDevice(api, location.id, unique('Wall Dev A'), 1);
    const second = await createDevice(api, location.id, unique('Wall Dev B'), 2);
    const wallName = unique('Wall');

    await openAsAdmin(page, '/locker-wall');
    await showPlace(page, location.name);
    // the header's action (a place without walls also offers one in its empty state, once loaded)
    await page.getByRole('button', { name: 'Add Locker Wall' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Locker Wall' });
    await form.getByLabel('Name').fill(wallName);
    await form.getByLabel('# Doors wide').fill('4');
    await form.getByLabel('# Doors tall').fill('3');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Locker Wall created successfully')).toBeVisible();

    const grid = page.getByRole('grid', { name: `${wallName} doors` });
    await expect(grid.getByRole('gridcell')).toHaveCount(12);
    await expect(grid.getByTestId('column-number')).toHaveText(['1', '2', '3', '4']);
    await expect(grid.getByTestId('row-number')).toHaveText(['1', '2', '3']);
    await expect(page.getByTestId('legend-unassigned')).toHaveText('Unassigned: 12');

    const assign = async (x: number, y: number, device: { name: string; locker_number: number }) => {
      await grid.getByRole('gridcell', { name: `Door ${x},${y}: Unassigned` }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign Locker' });
      await expect(dialog.getByText(`Column ${x}, row ${y}`)).toBeVisible();
      await dialog.getByRole('combobox', { name: 'Device' }).click();
      await page.getByRole('option', { name: `#${device.locker_number} ${device.name}` }).click();
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await expect(dialog).toBeHidden();
      await expect(
        grid.getByRole('gridcell', { name: `Door ${x},${y}: Available #${device.locker_number}` }),
      ).toBeVisible();
    };
    await assign(2, 1, first);
    await expect(page.getByText('Locker has been assigned correctly').first()).toBeVisible();
    await assign(4, 3, second);
    await expect(page.getByTestId('legend-available')).toHaveText('Available: 2');
    await expect(page.getByTestId('legend-unassigned')).toHaveText('Unassigned: 10');

    // every device of the location now sits in a door: a third door has nothing left to offer
    await grid.getByRole('gridcell', { name: 'Door 1,1: Unassigned' }).click();
    const third = page.getByRole('dialog', { name: 'Assign Locker' });
    await expect(third.getByText('Every device of this location is already assigned.')).toBeVisible();
    await third.getByRole('button', { name: 'Cancel' }).click();

    // the server holds the same wall
    const walls = await api.list(`locker-walls?id_location=${location.id}`);
    const wall = walls.items.find((w) => w.name === wallName);
    expect(wall).toMatchObject({ qty_wide: 4, qty_tall: 3 });
    const saved = await api.get<{
      lockers: Array<{ x: number; y: number; id: string | null }>;
      devices: string[];
      counts: Record<string, number>;
    }>(`locker-walls/${wall!.id}`);
    expect(saved.lockers).toHaveLength(12);
    const at = (x: number, y: number) => saved.lockers.find((d) => d.x === x && d.y === y);
    expect(at(2, 1)?.id).toBe(first.id);
    expect(at(4, 3)?.id).toBe(second.id);
    expect(saved.devices.sort()).toEqual([first.id, second.id].sort());
    expect(saved.counts).toMatchObject({ available: 2, unassigned: 10 });
  });

  test('bulk-uploads devices from a CSV with one bad row and shows the per-row result', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('CSV Location'));
    // Add Device offers to add a size first while the organization has none
    await api.post('sizes', { name: unique('CSV Size'), width: 30, depth: 40, height: 20 });
    const good1 = unique('CSV Dev One');
    const good2 = unique('CSV Dev Two');
    const csv = [
      'name,locker_number,mode,status,hardware_type,id_location',
      `${good1},11,rental,available,virtual,${location.id}`,
      `,12,rental,available,virtual,${location.id}`,
      `${good2},13,rental,available,virtual,${location.id}`,
    ].join('\n');
    const file = tempFile('devices.csv', `${csv}\n`);

    await openAsAdmin(page, '/devices');
    await page.getByRole('button', { name: 'Add Device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Device' });
    await dialog.getByRole('tab', { name: 'Bulk Upload' }).click();
    await dialog.getByLabel('Choose file').setInputFiles(file);
    await expect(dialog.getByText('devices.csv')).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    const result = dialog.getByTestId('bulk-upload-result');
    await expect(result).toContainText('2 rows was successfully added');
    await expect(result).toContainText('1 rows has failed');
    await expect(result.getByRole('listitem')).toHaveText(['Error ocurred on row 2: Name required']);

    // the good rows are saved, the bad one is not
    const saved = await api.list<{ name: string; locker_number: number }>(
      `devices?id_location=${location.id}&size=100`,
    );
    expect(saved.items.map((d) => d.name).sort()).toEqual([good1, good2].sort());
    expect(saved.items.map((d) => d.locker_number).sort()).toEqual([11, 13]);
  });

  test('puts a device into maintenance and back', async ({ page, request }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Maint Location'));
    const device = await createDevice(api, location.id, unique('Maint Dev'), 1);

    await openAsAdmin(page, '/devices');
    await searchTable(page, device.name);
    const row = page.getByRole('row').filter({ hasText: device.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('gridcell', { name: 'Available' })).toBeVisible();

    await row.getByRole('button', { name: `Maintenance ${device.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Device has been put into maintenance.')).toBeVisible();
    await expect(row.getByRole('gridcell', { name: 'Maintenance', exact: true })).toBeVisible();
    expect((await api.get(`devices/${device.id}`)).status).toBe('maintenance');

    await row.getByRole('button', { name: `Maintenance ${device.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Device is now available.')).toBeVisible();
    await expect(row.getByRole('gridcell', { name: 'Available' })).toBeVisible();
    expect((await api.get(`devices/${device.id}`)).status).toBe('available');
  });

  test('unlocks a device', async ({ page, request }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Unlock Location'));
    const device = await createDevice(api, location.id, unique('Unlock Dev'), 1);
    const before = await api.get(`devices/${device.id}`);

    await openAsAdmin(page, '/devices');
    await searchTable(page, device.name);
    const row = page.getByRole('row').filter({ hasText: device.name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Unlock ${device.name}` }).click();
    // the unlock asks first, naming the door
    await page
      .getByRole('dialog', { name: 'Unlock door #1' })
      .getByRole('button', { name: 'Unlock' })
      .click();
    await expect(page.getByText('Device unlocked correctly.')).toBeVisible();

    // the virtual lock opened and reported it
    const after = await api.get(`devices/${device.id}`);
    expect(after.lock_status).toBe('open');
    expect(after.lock_status_at).not.toBeNull();
    expect(after.lock_status_at).not.toBe(before.lock_status_at);
    // a virtual lock reads "Simulated": "Open" only when hardware said so
    await expect(row.getByRole('gridcell', { name: 'Simulated', exact: true })).toBeVisible();
  });

  test('exports sizes and the downloaded file holds them', async ({ page, request }) => {
    const api = await adminApi(request);
    const prefix = unique('Export Size');
    const small = await api.post('sizes', {
      name: `${prefix} S`,
      width: 10,
      depth: 12.5,
      height: 8,
      external_id: 'ext-s',
    });
    const large = await api.post('sizes', { name: `${prefix} L`, width: 20.25, depth: 24, height: 30 });

    await openAsAdmin(page, '/sizes');
    await searchTable(page, prefix);
    await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(2);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    await expect(page.getByText('Exported 2 item(s) successfully')).toBeVisible();
    expect(download.suggestedFilename()).toBe('size_export.csv');

    const { headers, records } = csvRecords(fs.readFileSync(await download.path(), 'utf8'));
    expect(headers).toEqual(['name', 'description', 'width', 'depth', 'height', 'external_id']);
    expect(records).toHaveLength(2);
    const byName = Object.fromEntries(records.map((r) => [r.name, r]));
    expect(Number(byName[small.name]!.width)).toBe(10);
    expect(Number(byName[small.name]!.depth)).toBe(12.5);
    expect(Number(byName[small.name]!.height)).toBe(8);
    expect(byName[small.name]!.external_id).toBe('ext-s');
    expect(Number(byName[large.name]!.width)).toBe(20.25);
    expect(Number(byName[large.name]!.height)).toBe(30);
    expect(byName[large.name]!.external_id).toBe('');
  });
});
