import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { unique } from '../support/console';
import { mailCount, nextCode } from '../support/mail';
import { signedInTenant, suffix } from '../support/tenants';

/**
 * A browser in Berlin with a German locale, against an organization in Chicago.
 * What the customer types in the widget is the wall clock of the locker's place: 10:00–12:00 on a
 * January date is stored 16:00Z–18:00Z and confirmed as 10:00 CST, on a July date 15:00Z–17:00Z
 * and 10:00 CDT; the console lists the booking at 10:00 with the zone named.
 */

// wide enough for the reservations table to draw its When column (the grid virtualizes columns)
test.use({ timezoneId: 'Europe/Berlin', locale: 'de-DE', viewport: { width: 2600, height: 900 } });

type Tenant = Awaited<ReturnType<typeof signedInTenant>>;
type Json = Record<string, unknown> & { id: string };

function tenantApi(request: APIRequestContext, tenant: Tenant) {
  return async <T = Json>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const res = await request[method](`/api/${url}`, { headers: tenant.headers, data });
    if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url} ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** Books 10:00–12:00 on `day` through the widget (ids only: the page's words may be translated). */
async function bookInWidget(
  customer: Page,
  embedUrl: string,
  locationId: string,
  day: string,
  abbreviation: string,
) {
  await customer.goto(embedUrl);
  await customer.locator('#location').selectOption(locationId);
  await expect(customer.locator('#zone')).toContainText('America/Chicago');
  await customer.locator('#start').fill(`${day}T10:00`);
  // the zone hint names the abbreviation of the typed date, whatever today's is
  await expect(customer.locator('#zone')).toHaveText(`America/Chicago (${abbreviation})`);
  // each time field takes the page's width, so a 480 px frame clips none of it
  const page = customer.viewportSize()!.width;
  for (const field of ['#start', '#end'])
    expect((await customer.locator(field).boundingBox())!.width).toBeGreaterThan(Math.min(page, 480) - 80);
  await customer.locator('#end').fill(`${day}T12:00`);
  const quoted = customer.waitForResponse((r) => r.url().includes('/quote?'));
  await customer.locator('#check').click();
  expect((await quoted).ok()).toBe(true);
  await expect(customer.locator('#book')).toBeVisible();
  await customer.locator('#name').fill('Berta Berlin');
  // the code sent to the contact, read from the local outbox
  const email = `berta-${suffix()}@berlin.test`;
  await customer.locator('#contact').fill(email);
  const seen = await mailCount(email);
  await customer.locator('#send').click();
  await customer.locator('#code').fill(await nextCode(email, seen));
  const booked = customer.waitForResponse(
    (r) => r.url().includes('/reservations?') && r.request().method() === 'POST',
  );
  await customer.locator('#submit').click();
  const answer = await booked;
  expect(answer.status()).toBe(201);
  return (await answer.json()) as {
    tracking_number: string;
    starts_at: string;
    ends_at: string;
    time_zone: string;
  };
}

test('a Berlin browser books a Chicago locker at 10:00 Chicago time, in January and in July', async ({
  page,
  request,
  context,
}) => {
  const tenant = await signedInTenant(page, request, 'Chicago Time', {
    toolbox: 'true',
    storage_mode: 'true',
  });
  const call = tenantApi(request, tenant);
  await call('put', 'settings', { time_zone: 'America/Chicago' });
  await call('post', 'api-keys');
  const location = await call('post', 'locations', {
    name: unique('Loop Lockers'),
    address: '1 Wacker Drive',
    contact_email: 'ops@chicago.test',
    contact_phone: '+13125550100',
  });
  const size = await call('post', 'sizes', { name: unique('Zone Size'), width: 10, depth: 10, height: 10 });
  await call('post', 'devices', {
    name: unique('Zone Door'),
    locker_number: 3,
    mode: 'storage',
    status: 'available',
    hardware_type: 'virtual',
    id_location: location.id,
    id_size: size.id,
  });
  const { embed_url: embedUrl } = await call<{ embed_url: string }>('get', 'apps/widget');

  const customer = await context.newPage();
  expect(await customer.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'Europe/Berlin',
  );

  // January: Chicago is on CST (UTC-6)
  // the widget's own page in a 480 px frame: each time field has the full width, nothing clipped
  await customer.setViewportSize({ width: 480, height: 900 });
  const winter = await bookInWidget(customer, embedUrl, location.id, '2027-01-15', 'CST');
  expect(winter).toMatchObject({
    starts_at: '2027-01-15T16:00:00.000Z',
    ends_at: '2027-01-15T18:00:00.000Z',
    time_zone: 'America/Chicago',
  });
  const confirmation = customer.locator('#message');
  await expect(confirmation).toContainText('10:00 CST');
  await expect(confirmation).toContainText('12:00 CST');
  await expect(confirmation).toContainText('15.01.2027');
  // and says what to do next
  await expect(customer.locator('#next')).toBeVisible();
  await expect(customer.locator('#next')).toContainText(winter.tracking_number);

  // July: CDT (UTC-5), the same wall-clock hours
  const summer = await bookInWidget(customer, embedUrl, location.id, '2027-07-15', 'CDT');
  expect(summer).toMatchObject({
    starts_at: '2027-07-15T15:00:00.000Z',
    ends_at: '2027-07-15T17:00:00.000Z',
  });
  await expect(customer.locator('#message')).toContainText('10:00 CDT');

  // stored as those instants
  const list = await call<{
    items: Array<{ tracking_number: string; start_date: string; end_date: string }>;
  }>('get', `reservations?search=${winter.tracking_number}`);
  expect(list.items[0]).toMatchObject({
    start_date: '2027-01-15T16:00:00.000Z',
    end_date: '2027-01-15T18:00:00.000Z',
  });

  // the console lists it at 10:00 Chicago time, the zone named, and names the page's zone on top
  await page.goto(`${tenant.origin}/reservations?search=${winter.tracking_number}`);
  await expect(page.getByTestId('page-zone')).toContainText('America/Chicago');
  const row = page.getByRole('row').filter({ hasText: winter.tracking_number });
  await expect(row).toContainText('10:00');
  await expect(row).toContainText('12:00 CST');
  await expect(row).not.toContainText('17:00');
  const july = page.getByRole('row').filter({ hasText: summer.tracking_number });
  await page.goto(`${tenant.origin}/reservations?search=${summer.tracking_number}`);
  await expect(july).toContainText('10:00');
  await expect(july).toContainText('12:00 CDT');
});
