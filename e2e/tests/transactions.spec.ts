import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  type AdminApi,
  type ApiRecord,
  adminApi,
  createLocation,
  openAsAdmin,
  searchTable,
  showPlace,
  unique,
  uniqueEmail,
} from '../support/console';
import { nextMail } from '../support/mail';

// Transactions and reservations: the locker life cycle driven through the partner API and
// the console, seen live in /transactions, /locker-wall and /reservations.

type Mode = 'storage' | 'service' | 'delivery';
interface Transaction {
  id: string;
  invoice_id: string;
  event_status: string;
  total: number;
  refunded_amount: number | null;
  device: { id: string } | null;
}

/** A fresh location with one size and `count` available virtual doors of `mode` at `price`. */
async function place(api: AdminApi, mode: Mode, count: number, price?: Record<string, unknown>) {
  const location = await createLocation(api, unique(`Tx ${mode} Location`));
  const size = await api.post('sizes', { name: unique('Tx Size'), width: 10, depth: 10, height: 10 });
  const priced = price ? await api.post('prices', { name: unique('Tx Price'), ...price }) : undefined;
  const doors: Array<ApiRecord & { locker_number: number }> = [];
  for (let n = 1; n <= count; n++)
    doors.push(
      await api.post('devices', {
        name: unique(`Tx ${mode} Door`),
        locker_number: n,
        mode,
        status: 'available',
        hardware_type: 'virtual',
        id_location: location.id,
        id_size: size.id,
        ...(priced ? { id_price: priced.id } : {}),
      }),
    );
  return { location, size, doors };
}

/** A partner-API call as the seeded admin (the partner calls take an API key or a team member's token). */
async function partner(request: APIRequestContext, api: AdminApi, url: string, data: unknown) {
  const res = await request.post(`/api/${url}`, { headers: api.headers, data });
  if (!res.ok()) throw new Error(`POST ${url} ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { event: Transaction }).event;
}

/** Opens the row menu "Actions for INV-…" (the table's first column) and picks `action`. */
async function rowAction(page: Page, invoice: string, action: string): Promise<void> {
  const item = page.getByRole('menuitem', { name: action, exact: true });
  // A refetch that re-renders the row between press and release loses the click: open again.
  await expect(async () => {
    if (await page.getByRole('menu').isVisible()) await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Actions for ${invoice}` }).click({ timeout: 5_000 });
    await expect(item).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await item.click();
}

test.describe('transactions and reservations', () => {
  test('at the desk: starts a storage transaction for a searched customer, cancels it, places a desk parcel in a locker', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const storage = await place(api, 'storage', 1);
    const delivery = await place(api, 'delivery', 1);
    const customer = await api.post('users', { name: unique('Desmond'), email: uniqueEmail('desmond') });

    await openAsAdmin(page, '/transactions');
    await page.getByRole('button', { name: 'Start Transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Transaction' });
    // the door and the customer are searched on the server as they are typed
    await dialog.getByRole('combobox', { name: 'Door' }).fill(String(storage.doors[0]!.name));
    await page.getByRole('option', { name: new RegExp(String(storage.doors[0]!.name)) }).click();
    await dialog.getByRole('combobox', { name: 'Customer' }).fill(customer.name);
    await page.getByRole('option', { name: new RegExp(customer.name) }).click();
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByText('Transaction started successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const list = await api.list<Transaction>(`events?search=${encodeURIComponent(customer.name)}`);
    expect(list.items).toHaveLength(1);
    const started = list.items[0]!;
    expect(started.event_status).toBe('in_progress');
    expect(started.device?.id).toBe(storage.doors[0]!.id);

    await searchTable(page, started.invoice_id);
    await rowAction(page, started.invoice_id, 'Cancel');
    // the question names its transaction; the safe choice reads "Keep …", the destructive one is red
    const cancel = page.getByRole('dialog', { name: 'Cancel Transaction' });
    await expect(cancel).toContainText(started.invoice_id);
    await expect(cancel.getByRole('button', { name: 'Keep Transaction' })).toBeVisible();
    await expect(cancel.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
    const stop = cancel.getByRole('button', { name: 'Cancel Transaction' });
    await expect(stop).toHaveClass(/MuiButton-colorError/);
    await stop.click();
    await expect(page.getByText('Transaction canceled successfully')).toBeVisible();
    expect((await api.get<Transaction>(`events/${started.id}`)).event_status).toBe('canceled');
    expect((await api.get(`devices/${storage.doors[0]!.id}`)).status).toBe('available');

    // a delivery created at the desk waits for its parcel; placed later, into its held door
    const parcel = await partner(request, api, 'event/delivery', {
      id_device: delivery.doors[0]!.id,
      email: uniqueEmail('parcel'),
    });
    expect(parcel.event_status).toBe('in_progress');
    await searchTable(page, parcel.invoice_id);
    await rowAction(page, parcel.invoice_id, 'Place in Locker');
    const place2 = page.getByRole('dialog', { name: 'Place in Locker' });
    await expect(place2.getByRole('combobox', { name: 'Delivery Door' })).toHaveValue(
      new RegExp(String(delivery.doors[0]!.name)),
    );
    await place2.getByRole('button', { name: 'Place', exact: true }).click();
    await expect(page.getByText('Delivery completed successfully')).toBeVisible();
    const placed = await api.get<Transaction>(`events/${parcel.id}`);
    expect(placed.event_status).toBe('awaiting_user_pickup');
    expect(placed.device?.id).toBe(delivery.doors[0]!.id);

    // a parcel taken in at the desk (no door) goes into a locker later: the recipient gets a new code
    const later = await place(api, 'delivery', 1);
    const recipient = uniqueEmail('deskparcel');
    const waiting = await partner(request, api, 'event/delivery', { email: recipient });
    expect(waiting).toMatchObject({ event_status: 'awaiting_user_pickup', device: null });
    const first = await nextMail(recipient, 0);
    await searchTable(page, waiting.invoice_id);
    await rowAction(page, waiting.invoice_id, 'Place in Locker');
    const place3 = page.getByRole('dialog', { name: 'Place in Locker' });
    await place3.getByRole('combobox', { name: 'Delivery Door' }).fill(String(later.doors[0]!.name));
    await page.getByRole('option', { name: new RegExp(String(later.doors[0]!.name)) }).click();
    await place3.getByRole('button', { name: 'Place', exact: true }).click();
    await expect(page.getByText('Delivery completed successfully')).toBeVisible();
    const moved = await api.get<Transaction>(`events/${waiting.id}`);
    expect(moved).toMatchObject({
      invoice_id: waiting.invoice_id,
      event_status: 'awaiting_user_pickup',
      total: waiting.total,
    });
    expect(moved.device?.id).toBe(later.doors[0]!.id);
    const second = await nextMail(recipient, 1);
    expect(second.text).not.toBe(first.text);
  });

  test('a storage rental started through the API shows live, reserves its door, is ended and partly refunded', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const { location, doors } = await place(api, 'storage', 1, {
      // one unit a second: charged for the seconds it was under way
      price_type: 'pay_per_time',
      amount: 60,
      unit_amount: 1,
      unit: 'minute',
    });
    const door = doors[0]!;
    const user = await api.post('users', { name: unique('Stella'), email: uniqueEmail('stella') });
    const wallName = unique('Tx Wall');
    const wall = await api.post('locker-walls', {
      id_location: location.id,
      name: wallName,
      qty_wide: 2,
      qty_tall: 1,
    });
    const assigned = await request.patch(`/api/locker-walls/${wall.id}/doors`, {
      headers: api.headers,
      data: { x: 1, y: 1, id_device: door.id },
    });
    expect(assigned.ok()).toBeTruthy();

    // the page is open before the rental starts: the row appears by itself
    await openAsAdmin(page, '/transactions');
    await searchTable(page, user.name);
    await expect(page.getByText('No Data to Show')).toBeVisible();
    const started = await partner(request, api, 'events/storage', { id_device: door.id, id_user: user.id });
    expect(started.event_status).toBe('in_progress');
    const row = page.getByRole('row').filter({ hasText: started.invoice_id });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('In Progress');

    // the locker wall shows the door reserved
    await page.goto('/locker-wall');
    await showPlace(page, location.name);
    const grid = page.getByRole('grid', { name: `${wallName} doors` });
    await expect(
      grid.getByRole('gridcell', { name: `Door 1,1: Reserved #${door.locker_number}` }),
    ).toBeVisible();

    // the operator ends it
    await page.goto(`/transactions?search=${encodeURIComponent(user.name)}`);
    await rowAction(page, started.invoice_id, 'End');
    const end = page.getByRole('dialog', { name: 'End Transaction' });
    await expect(end).toContainText(started.invoice_id);
    await end.getByRole('button', { name: 'End', exact: true }).click();
    await expect(page.getByText('Transaction ended successfully')).toBeVisible();
    await expect(end).toBeHidden();
    const ended = await api.get<Transaction>(`events/${started.id}`);
    expect(ended.event_status).toBe('finished');
    expect(ended.total).toBeGreaterThanOrEqual(1);
    const paid = ended.total;
    expect((await api.get(`devices/${door.id}`)).status).toBe('available');

    // a refund above the paid amount is refused; a part is refunded
    await rowAction(page, started.invoice_id, 'Refund');
    const refund = page.getByRole('dialog', { name: 'Refund Transaction' });
    await refund.getByLabel('Refund Amount').fill((paid + 1).toFixed(2));
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(refund.getByText('Refund amount cannot be greater than the paid amount.')).toBeVisible();
    await refund.getByLabel('Refund Amount').fill('0.75');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByText('Transaction refunded successfully')).toBeVisible();
    const refunded = await api.get<Transaction>(`events/${started.id}`);
    expect(refunded).toMatchObject({ event_status: 'refunded', refunded_amount: 0.75, total: paid });
    await expect(row).toContainText('Refunded');
  });

  test('a service transaction goes through pickup, charge by weight and dropoff', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const { doors } = await place(api, 'service', 2, {
      price_type: 'pay_per_weight',
      amount: 2.5,
      unit: 'lb',
    });
    const [first, second] = doors as [(typeof doors)[0], (typeof doors)[0]];
    const user = await api.post('users', { name: unique('Sam'), email: uniqueEmail('sam') });
    const dropped = await partner(request, api, 'events/service', { id_device: first.id, id_user: user.id });
    expect(dropped.event_status).toBe('awaiting_service_pickup');

    await openAsAdmin(page, '/transactions');
    await searchTable(page, user.name);
    const row = page.getByRole('row').filter({ hasText: dropped.invoice_id });
    await expect(row).toContainText('Awaiting Service Pickup');

    await rowAction(page, dropped.invoice_id, 'Pickup');
    await page
      .getByRole('dialog', { name: 'Pickup Transaction' })
      .getByRole('button', { name: 'Pickup', exact: true })
      .click();
    await expect(page.getByText('Transaction pickup successfully')).toBeVisible();
    await expect(row).toContainText('In Progress');

    await rowAction(page, dropped.invoice_id, 'Charge');
    const charge = page.getByRole('dialog', { name: 'Charge Transaction' });
    await charge.getByLabel('Weight (lb)').fill('3');
    await charge.getByRole('button', { name: 'Charge', exact: true }).click();
    await expect(page.getByText('Transaction charged successfully')).toBeVisible();
    await expect(row).toContainText('Awaiting Service Dropoff');
    const charged = await api.get<Transaction>(`events/${dropped.id}`);
    expect(charged).toMatchObject({ event_status: 'awaiting_service_dropoff', total: 7.5 });

    await rowAction(page, dropped.invoice_id, 'Dropoff');
    const dropoff = page.getByRole('dialog', { name: 'Dropoff Transaction' });
    await dropoff.getByRole('combobox', { name: 'Device' }).click();
    await page.getByRole('option', { name: `#${second.locker_number} ${second.name}` }).click();
    await dropoff.getByRole('button', { name: 'Dropoff', exact: true }).click();
    await expect(page.getByText('Transaction dropoff successfully')).toBeVisible();
    await expect(row).toContainText('Awaiting User Pickup');
    const done = await api.get<Transaction>(`events/${dropped.id}`);
    expect(done.event_status).toBe('awaiting_user_pickup');
    expect(done.device?.id).toBe(second.id);
    expect((await api.get(`devices/${second.id}`)).status).toBe('reserved');
  });

  test('a delivery created from the console expires when not picked up', async ({ page, request }) => {
    // The expiry job is scheduled by minute (cron); the e2e server's pickup limit is 2 seconds
    // (DELIVERY_PICKUP_LIMIT_SECONDS), so the delivery expires at the job's next tick.
    test.setTimeout(150_000);
    const api = await adminApi(request);
    const { location, doors } = await place(api, 'delivery', 1);
    const door = doors[0]!;
    const recipient = uniqueEmail('parcel');

    await openAsAdmin(page, '/transactions');
    await searchTable(page, location.name);
    await page.getByRole('button', { name: 'Create Delivery' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Delivery' });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('Either phone number or email is required')).toBeVisible();
    // the locker is searched on the server as it is typed; its option names the door, its
    // location describes it
    await dialog.getByRole('combobox', { name: 'Locker' }).fill(String(door.name));
    const option = page.getByRole('option', { name: `#${door.locker_number} ${door.name}` });
    await expect(option).toHaveAccessibleDescription(String(location.name));
    await option.click();
    await dialog.getByLabel('Email').fill(recipient);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Delivery created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const found = await api.list<Transaction>(`events?search=${encodeURIComponent(location.name)}`);
    expect(found.items).toHaveLength(1);
    const delivery = found.items[0]!;
    expect(delivery).toMatchObject({ event_status: 'in_progress', device: { id: door.id } });
    const row = page.getByRole('row').filter({ hasText: delivery.invoice_id });
    await expect(row).toContainText('In Progress');

    // the courier drops the parcel off; nobody picks it up
    const waiting = await partner(request, api, `delivery/${delivery.id}/dropoff`, {});
    expect(waiting.event_status).toBe('awaiting_user_pickup');
    await expect
      .poll(async () => (await api.get<Transaction>(`events/${delivery.id}`)).event_status, {
        timeout: 100_000,
        intervals: [1_000, 2_000],
      })
      .toBe('expired');
    await expect(row).toContainText('Expired', { timeout: 20_000 });
    await expect(row).toHaveClass(/transaction-row--expired/);
  });

  test('a desk delivery is filed under the customer picked, at the location chosen', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const location = await createLocation(api, unique('Desk Location'));
    const phone = `+1415555${String(Date.now()).slice(-4)}`;
    // the phone belongs to one customer; the parcel is for another
    await api.post('users', {
      name: unique('Phone Owner'),
      email: uniqueEmail('phoneowner'),
      phone_number: phone,
    });
    const picked = await api.post('users', { name: unique('Parcel Owner'), email: uniqueEmail('owner') });

    await openAsAdmin(page, '/transactions');
    await page.getByRole('button', { name: 'Create Delivery' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Delivery' });
    await dialog.getByRole('combobox', { name: 'Desk Location' }).fill(location.name);
    await page.getByRole('option', { name: location.name }).click();
    await dialog.getByRole('combobox', { name: 'Customer' }).fill(picked.name);
    await page.getByRole('option', { name: new RegExp(picked.name) }).click();
    await dialog.getByLabel('Phone Number').fill(phone);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Delivery created successfully')).toBeVisible();

    const found = await api.list<
      Transaction & { user: { id: string } | null; location: { id: string } | null }
    >(`events?search=${encodeURIComponent(picked.name)}`);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({
      event_status: 'awaiting_user_pickup',
      user: { id: picked.id },
      location: { id: location.id },
    });
  });

  test('a recurring reservation is created and an overlapping one is refused', async ({ page, request }) => {
    const api = await adminApi(request);
    const { location, size, doors } = await place(api, 'storage', 1);
    const door = doors[0]!;
    const user = await api.post('users', { name: unique('Rita'), email: uniqueEmail('rita') });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

    const fill = async (tracking: string) => {
      await page.getByRole('button', { name: 'Add Reservation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Reservation' });
      await dialog.getByRole('combobox', { name: 'Mode' }).click();
      await page.getByRole('option', { name: 'Storage', exact: true }).click();
      await dialog.getByLabel('Tracking Number').fill(tracking);
      await dialog.getByRole('combobox', { name: 'Location' }).fill(location.name);
      await page.getByRole('option', { name: location.name }).click();
      await dialog.getByRole('combobox', { name: 'Size' }).click();
      await page.getByRole('option', { name: new RegExp(`^${size.name} `) }).click();
      await dialog.getByRole('combobox', { name: 'Locker Number' }).click();
      await page.getByRole('option', { name: `${door.locker_number} — ${door.name}` }).click();
      // searched on the server as it is typed; the option names the user, the e-mail describes it
      await dialog.getByRole('combobox', { name: 'User' }).fill(String(user.name));
      await page.getByRole('option', { name: String(user.name), exact: true }).click();
      return dialog;
    };

    await openAsAdmin(page, '/reservations');
    const tracking = `REC${Date.now().toString(36)}`.toUpperCase();
    const first = await fill(tracking.toLowerCase());
    await first.getByRole('radio', { name: 'Recurring' }).check();
    await first.getByRole('radio', { name: 'All' }).check();
    await first.getByLabel('From Time').fill('09:00');
    await first.getByLabel('To Time').fill('11:00');
    await first.getByLabel('Start Date').fill(day(1));
    await first.getByLabel('End Date').fill(day(8));
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reservation created successfully')).toBeVisible();
    await expect(first).toBeHidden();
    const saved = await api.list(`reservations?search=${tracking}`);
    expect(saved.items).toHaveLength(1);
    expect(saved.items[0]).toMatchObject({ tracking_number: tracking, recurring: true, id_device: door.id });

    // a custom range inside one of the recurring windows, on the same locker
    const second = await fill(`${tracking}B`);
    await second.getByLabel('Start Date').fill(`${day(2)}T09:30`);
    await second.getByLabel('End Date').fill(`${day(2)}T10:30`);
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByText('This locker is already reserved for that time.')).toBeVisible();
    expect((await api.list(`reservations?search=${tracking}B`)).items).toHaveLength(0);
  });
});
