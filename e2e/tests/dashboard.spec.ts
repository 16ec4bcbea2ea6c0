import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  type ApiRecord,
  adminApi,
  createLocation,
  csvRecords,
  openAsAdmin,
  unique,
  uniqueEmail,
} from '../support/console';
import { signedInTenant, suffix } from '../support/tenants';

// Dashboard: /home shows the metric cards, charts and top tables of the seeded
// organization's history and follows the filter bar; the cards are remembered in cookies and the
// report CSV holds the figures the cards show.

interface Transaction {
  id: string;
  event_status: string;
  total: number;
}

/** A fresh location with two priced storage doors, one finished (charged) and one running transaction. */
async function history(request: Parameters<typeof adminApi>[0]) {
  const api = await adminApi(request);
  const location = await createLocation(api, unique('Dash Location'));
  const size = await api.post('sizes', { name: unique('Dash Size'), width: 10, depth: 10, height: 10 });
  const price = await api.post('prices', {
    name: unique('Dash Price'),
    price_type: 'pay_per_time',
    amount: 60,
    unit_amount: 1,
    unit: 'minute',
  });
  const doors: ApiRecord[] = [];
  for (const n of [1, 2])
    doors.push(
      await api.post('devices', {
        name: unique('Dash Door'),
        locker_number: n,
        mode: 'storage',
        status: 'available',
        hardware_type: 'virtual',
        id_location: location.id,
        id_size: size.id,
        id_price: price.id,
      }),
    );
  const user = await api.post('users', { name: unique('Dana'), email: uniqueEmail('dana') });
  const start = async (door: ApiRecord) => {
    const res = await request.post('/api/events/storage', {
      headers: api.headers,
      data: { id_device: door.id, id_user: user.id },
    });
    if (!res.ok()) throw new Error(`start ${res.status()}: ${await res.text()}`);
    return ((await res.json()) as { event: Transaction }).event;
  };
  const first = await start(doors[0]!);
  const second = await start(doors[1]!);
  const ended = await request.patch('/api/events', {
    headers: api.headers,
    data: { ids: [first.id], ended_at: new Date().toISOString() },
  });
  if (!ended.ok()) throw new Error(`end ${ended.status()}: ${await ended.text()}`);
  // a penalty is earned whatever the seconds the first one ran for
  const penalized = await request.patch(`/api/events/${first.id}/penalize`, {
    headers: api.headers,
    data: { amount: 12.5, reason: 'other' },
  });
  if (!penalized.ok()) throw new Error(`penalize ${penalized.status()}: ${await penalized.text()}`);
  return { api, location, user, first, second };
}

const card = (page: Page, slot: number) => page.getByTestId(`metric-card-${slot}`);
/** The card's figure as a plain number (`data-value`, as the report CSV writes it). */
const figureOf = async (page: Page, slot: number) =>
  (await card(page, slot).getByTestId('metric-value').getAttribute('data-value')) ?? '';

test.describe('dashboard', () => {
  test('shows the history in cards and charts, follows the filters, remembers cards, downloads the report', async ({
    page,
    request,
  }) => {
    const { location, user } = await history(request);

    await openAsAdmin(page, '/home');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // this week by default: the transactions just made count
    await expect(card(page, 0)).toHaveAttribute('data-metric', 'earnings');
    await expect(card(page, 1)).toHaveAttribute('data-metric', 'total_transactions');
    await expect(card(page, 1).getByTestId('metric-value')).toBeVisible();
    expect(Number(await figureOf(page, 1))).toBeGreaterThanOrEqual(2);
    expect(Number(await figureOf(page, 0))).toBeGreaterThan(0);
    expect(Number(await figureOf(page, 3))).toBeGreaterThan(0); // total users
    await expect(page.getByText('No data found')).toHaveCount(0);

    // both charts drawn: stacked bars by mode and the earnings line
    const bars = page.getByTestId('transactions-chart');
    await expect(bars.locator('svg rect.MuiBarChart-element:not([height="0"])').first()).toBeVisible();
    await expect(bars.getByText('Storage')).toBeVisible();
    const line = page.getByTestId('earnings-chart');
    // the history is today's: the days before lie flat on the axis (a path of no height), today's
    // partial segment rises; on the week's first day (a Sunday in the organization's zone) the
    // range is that one day, drawn as a mark
    await expect(
      line.locator('svg path.MuiLineChart-line, svg .MuiLineChart-mark').filter({ visible: true }).first(),
    ).toBeVisible();

    // the range refetches every card once
    const monthly = page.waitForRequest((r) =>
      r.url().includes('/api/reports/total_transactions?range=this_month'),
    );
    await page.getByRole('combobox', { name: 'Date Range' }).click();
    await page.getByRole('option', { name: 'This Month' }).click();
    await monthly;

    // the location narrows the reads to its two transactions
    const narrowed = page.waitForRequest(
      (r) =>
        r.url().includes('/api/reports/total_transactions?') && r.url().includes(`locations=${location.id}`),
    );
    // the filter searches the server as typed
    await page.getByRole('combobox', { name: 'Location' }).fill(String(location.name));
    await page.getByRole('option', { name: String(location.name) }).click();
    await page.keyboard.press('Escape');
    await narrowed;
    await expect(card(page, 1).getByTestId('metric-value')).toHaveAttribute('data-value', '2');
    expect(Number(await figureOf(page, 0))).toBeGreaterThanOrEqual(12.5);
    const topLocations = page.getByRole('table', { name: 'Top Locations' });
    await expect(topLocations.getByRole('row', { name: new RegExp(`${location.name}.*2$`) })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Top Users' }).getByText(String(user.name))).toBeVisible();

    // the report CSV holds the cards' figures and the top tables of this filter
    const cardFigures = {
      Earnings: await figureOf(page, 0),
      'Total Transactions': await figureOf(page, 1),
      'Total Users': await figureOf(page, 3),
    };
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Latest Report CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^report_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const { headers, records } = csvRecords(fs.readFileSync(await download.path(), 'utf8'));
    expect(headers).toEqual(['Section', 'Name', 'Value', 'Previous Period', 'Detail']);
    const metric = (name: string) => records.find((r) => r.Section === 'Metric' && r.Name === name)?.Value;
    for (const [name, value] of Object.entries(cardFigures)) expect(metric(name)).toBe(value);
    expect(records.find((r) => r.Section === 'Top Locations' && r.Name === location.name)?.Value).toBe('2');
    expect(records.find((r) => r.Section === 'Top Users' && r.Name === user.name)?.Value).toBe('2');
    const [from, to] = download.suggestedFilename().slice('report_'.length, -'.csv'.length).split('_');
    expect(records.find((r) => r.Name === 'From')?.Value).toBe(from);
    expect(records.find((r) => r.Name === 'To')?.Value).toBe(to);
  });

  test('a sixth card survives a reload and can be removed', async ({ page }) => {
    await openAsAdmin(page, '/home');
    await expect(card(page, 4)).toBeVisible();
    await expect(card(page, 5)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove card/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Card' }).click();
    await expect(card(page, 5)).toBeVisible();
    await card(page, 5).getByRole('combobox', { name: 'Metric of card 6' }).click();
    await page.getByRole('option', { name: 'Total Locations' }).click();
    await expect(card(page, 5)).toHaveAttribute('data-metric', 'total_locations');

    await page.reload();
    await expect(card(page, 5)).toHaveAttribute('data-metric', 'total_locations');
    await expect(card(page, 5).getByTestId('metric-value')).toBeVisible();
    const cookies = await page.context().cookies();
    const byName = new Map(cookies.map((c) => [c.name, c]));
    expect(byName.get('metrics_length')?.value).toBe('6');
    expect(byName.get('metric_5')?.value).toBe('total_locations');
    // written to expire in 9999 (unit test); Chromium keeps a cookie at most 400 days, so only check it persists
    expect(byName.get('metric_5')?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 86_400);

    await page.getByRole('button', { name: 'Remove card 6' }).click();
    await expect(card(page, 5)).toHaveCount(0);
    await page.reload();
    await expect(card(page, 4)).toBeVisible();
    await expect(card(page, 5)).toHaveCount(0);
  });

  test('a card shows its whole title', async ({ page }) => {
    // three cards a row beside the sidebar: the fifth default card's title is the longest
    await page.setViewportSize({ width: 1100, height: 800 });
    await openAsAdmin(page, '/home');
    const title = card(page, 4).getByRole('combobox', { name: 'Metric of card 5' });
    await expect(title).toHaveText('Avg. Revenue per Transaction');
    // not cut with an ellipsis: the text fits the box it is drawn in
    const cut = await title.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut).toBe(false);
  });

  test('a custom range reads the chosen days; days after today cannot be picked', async ({
    page,
    request,
  }) => {
    await history(request);
    await openAsAdmin(page, '/home');
    await page.getByRole('combobox', { name: 'Date Range' }).click();
    await page.getByRole('option', { name: 'Today' }).click();
    await expect(card(page, 1).getByTestId('metric-value')).toBeVisible();
    const todays = await figureOf(page, 1);
    expect(Number(todays)).toBeGreaterThanOrEqual(2);

    // Custom starts from the dates the current range stands for: today to today, the same figure
    const customToday = page.waitForRequest((r) =>
      /\/api\/reports\/total_transactions\?from_date=/.test(r.url()),
    );
    await page.getByRole('combobox', { name: 'Date Range' }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    const url = new URL((await customToday).url());
    const today = url.searchParams.get('to_date')!;
    expect(url.searchParams.get('from_date')).toBe(today);
    await expect(card(page, 1).getByTestId('metric-value')).toHaveAttribute('data-value', todays);
    const from = page.getByRole('group', { name: 'From' });
    const to = page.getByRole('group', { name: 'To' });
    const [y, m, d] = today.split('-');
    await expect(to).toContainText(`${m}/${d}/${y}`);

    // typing an earlier start refetches with that day; the figure cannot shrink
    const earlier = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) - 40)).toISOString().slice(0, 10);
    const [ey, em, ed] = earlier.split('-');
    const widened = page.waitForRequest((r) =>
      r.url().includes(`/api/reports/total_transactions?from_date=${earlier}&to_date=${today}`),
    );
    await from.getByRole('spinbutton', { name: 'Month' }).click();
    await page.keyboard.type(`${em}${ed}${ey}`);
    await widened;
    await expect(from).toContainText(`${em}/${ed}/${ey}`);
    await expect(card(page, 1).getByTestId('metric-value')).toBeVisible();
    expect(Number(await figureOf(page, 1))).toBeGreaterThanOrEqual(Number(todays));
    await expect(page.getByText('No data found')).toHaveCount(0);
    // the report CSV is of the chosen days
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Latest Report CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`report_${earlier}_${today}.csv`);
    const { records } = csvRecords(fs.readFileSync(await download.path(), 'utf8'));
    expect(records.find((r) => r.Section === 'Metric' && r.Name === 'Total Transactions')?.Value).toBe(
      await figureOf(page, 1),
    );

    // the To calendar offers today but no later day
    await to.getByRole('button', { name: /Choose date/ }).click();
    const calendar = page.getByRole('dialog');
    await expect(calendar.getByRole('gridcell', { name: String(Number(d)), exact: true })).toBeEnabled();
    const lastOfMonth = new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate();
    if (Number(d) < lastOfMonth)
      await expect(
        calendar.getByRole('gridcell', { name: String(Number(d) + 1), exact: true }),
      ).toBeDisabled();
    else await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await page.keyboard.press('Escape');
  });

  test('a super-tenant reads one of its sub-organizations; others have no such filter', async ({
    page,
    request,
  }) => {
    // a sub-organization (no Super-Tenant flag) with one location and one transaction, made by its owner
    const tenant = await signedInTenant(page, request, 'Dash Sub', { storage_mode: 'true' });
    const call = async (url: string, data: unknown) => {
      const res = await request.post(`/api/${url}`, { headers: tenant.headers, data });
      if (!res.ok()) throw new Error(`POST ${url} ${res.status()}: ${await res.text()}`);
      return (await res.json()) as ApiRecord;
    };
    const location = await call('locations', {
      name: unique('Sub Hall'),
      address: '1 Sub Street',
      contact_email: 'ops@sub.test',
      contact_phone: '+14155550100',
    });
    const size = await call('sizes', { name: unique('Sub Size'), width: 1, depth: 1, height: 1 });
    const door = await call('devices', {
      name: unique('Sub Door'),
      locker_number: 1,
      mode: 'storage',
      status: 'available',
      hardware_type: 'virtual',
      id_location: location.id,
      id_size: size.id,
    });
    const user = await call('users', { name: unique('Sue'), email: `sue-${suffix()}@sub.test` });
    await call('events/storage', { id_device: door.id, id_user: user.id });
    await page.goto(`${tenant.origin}/home`);
    await expect(card(page, 1).getByTestId('metric-value')).toHaveAttribute('data-value', '1');
    await expect(page.getByRole('combobox', { name: 'Date Range' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sub-Organization' })).toHaveCount(0);

    const api = await adminApi(request);
    const name = tenant.name;
    const sub = (await api.list(`organizations?search=${encodeURIComponent(name)}&size=10`)).items.find(
      (o) => o.name === name,
    )!;
    await openAsAdmin(page, '/home');
    await expect(card(page, 1).getByTestId('metric-value')).toBeVisible();
    const ours = await figureOf(page, 1);
    const read = page.waitForRequest(
      (r) => r.url().includes('/api/reports/total_transactions?') && r.url().includes(`target_org=${sub.id}`),
    );
    await page.getByRole('combobox', { name: 'Sub-Organization' }).fill(name);
    await page.getByRole('option', { name }).click();
    await read;
    await expect(card(page, 1).getByTestId('metric-value')).toHaveAttribute('data-value', '1');
    await expect(
      page.getByRole('table', { name: 'Top Locations' }).getByText(String(location.name)),
    ).toBeVisible();
    // the location filter offers the sub-organization's locations only
    await page.getByRole('combobox', { name: 'Location' }).click();
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option', { name: String(location.name) })).toBeVisible();
    await page.keyboard.press('Escape');

    // back to the organization itself: the filter emptied
    await page.getByRole('combobox', { name: 'Sub-Organization' }).fill('');
    await expect(card(page, 1).getByTestId('metric-value')).toHaveAttribute('data-value', ours);
  });

  test('charts read in words and as tables, today marked; cards explain themselves', async ({
    page,
    request,
  }) => {
    await history(request);
    await openAsAdmin(page, '/home');
    // the page's name once on screen: in the top bar; the h1 is for screen readers
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    const h1 = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    expect((await h1.boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
    // the days of the range are the organization's, and the bar says so
    await expect(page.getByTestId('range-shown')).toContainText('Days in America/Chicago');

    const bars = page.getByTestId('transactions-chart');
    await expect(bars.getByRole('figure', { name: 'Transactions per Day' })).toHaveAccessibleDescription(
      /^\d+ transactions? from .+, most on .+ \(\d+\)\.$/,
    );
    // this week ends today: its day is marked, not read as a fall
    await expect(bars.getByTestId('chart-partial-note')).toContainText('is not over yet');
    await bars.getByRole('button', { name: 'Show as table' }).click();
    const table = bars.getByRole('table', { name: 'Transactions per Day' });
    await expect(table.getByRole('row').last()).toContainText('(so far)');
    await bars.getByRole('button', { name: 'Show as chart' }).click();
    // the days before the history have no bar (height 0): the drawn ones are back
    await expect(bars.locator('svg rect.MuiBarChart-element:not([height="0"])').first()).toBeVisible();

    await card(page, 2).getByRole('button', { name: 'About Transaction Rate' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      "Share of the period's transactions that were a customer's first with you.",
    );
  });
});
