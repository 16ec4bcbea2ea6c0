// biome-ignore-all lint/suspicious/noDocumentCookie: the tests write raw cookies as a browser holds them
import { DASHBOARD_MESSAGES, MSG } from '@lockerops/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeOrganization, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList, fetchedUrls, searchPicker } from '../../test/pickers';
import { DashboardPage } from './DashboardPage';

const LOC_A = '00000000-0000-4000-8000-00000000000a';
const trend = (...values: number[]) => values.map((value, i) => ({ date: `2026-11-2${i}`, value }));

/** The answers of the metric reads; a metric missing here answers 500. */
const METRICS: Record<string, unknown> = {
  earnings: { currency: 'usd', earnings: 1234.5, previous: 1000, trend: trend(1, 2, 3) },
  total_transactions: { breakdown: { organization_total: 42 }, previous: 21, trend: trend(10, 32) },
  transaction_rate: { new_transaction_percentage: 100, previous: 25, trend: trend(10, 32) },
  total_users: 7,
  door_health: [
    { location_id: LOC_A, health_percentage: 50 },
    { location_id: '00000000-0000-4000-8000-00000000000b', health_percentage: 100 },
  ],
  transactions: {
    total: 3,
    data: [
      { date: '2026-11-22', total: 1, rental: 1, storage: 0, delivery: 0, service: 0, vending: 0 },
      { date: '2026-11-23', total: 2, rental: 0, storage: 2, delivery: 0, service: 0, vending: 0 },
    ],
  },
  top_users: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      user: 'Grace Hopper',
      email: 'grace@example.test',
      location: 'Airport',
      location_id: LOC_A,
      purchases: 3,
    },
  ],
  locations: [],
  users: { total: 7, data: [{ month: '2026-11', count: 4 }] },
};

let fetchMock: Mock;
const readsOf = (metric: string) =>
  fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith(`/api/reports/${metric}?`));

beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const path = url.split('?')[0] ?? '';
    if (path === '/api/organizations/self') return jsonResponse(makeOrganization());
    if (path === '/api/white-label/logo')
      return jsonResponse({
        organization_id: '11111111-1111-4111-8111-111111111111',
        app_name: null,
        primary_color: null,
        secondary_color: null,
        organization_owner: null,
        app_logo: '/api/files/logo.png',
        oem_logo: null,
      });
    if (path === '/api/settings') return jsonResponse({ default_currency: 'usd', time_zone: 'UTC' });
    if (path === '/api/locations')
      return jsonResponse({
        items: [{ id: LOC_A, name: 'Airport' }],
        total: 1,
        pages: 1,
        page: 1,
        page_size: 10000,
      });
    if (path === '/api/reports/range')
      return jsonResponse({
        range: 'this_week',
        from_date: '2026-11-22',
        to_date: '2026-11-25',
        previous_from_date: '2026-11-18',
        previous_to_date: '2026-11-21',
        today: '2026-11-25',
        time_zone: 'UTC',
      });
    const metric = path.startsWith('/api/reports/') ? path.slice('/api/reports/'.length) : '';
    if (metric in METRICS) return jsonResponse(METRICS[metric]);
    return jsonResponse({ detail: 'boom' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no layout: the sparklines' container measures nothing, which is fine here.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  sessionStore.signedIn(makeTokens(makeUser('viewer')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

const card = (slot: number) => screen.getByTestId(`metric-card-${slot}`);

describe('DashboardPage', () => {
  it('shows each card’s figure and change, and "No data found" in a failed card only', async () => {
    renderWithProviders(<DashboardPage />, '/home');
    await screen.findByTestId('metric-card-4');
    expect(await within(card(0)).findByText('$1,234.50')).toBeInTheDocument();
    expect(within(card(0)).getByText('+23.45% vs previous period')).toBeInTheDocument();
    expect(await within(card(1)).findByText('42')).toBeInTheDocument();
    expect(within(card(1)).getByText('+100.00% vs previous period')).toBeInTheDocument();
    expect(await within(card(2)).findByText('100.00%')).toBeInTheDocument();
    expect(within(card(2)).getByText('+75.00 pts vs previous period')).toBeInTheDocument();
    expect(await within(card(3)).findByText('7')).toBeInTheDocument();
    // avg_revenue_per_transaction answers 500
    expect(await within(card(4)).findByText(DASHBOARD_MESSAGES.noData)).toBeInTheDocument();
    expect(screen.getAllByText(DASHBOARD_MESSAGES.noData)).toHaveLength(1);
    // the first five cards cannot be removed
    expect(screen.queryByRole('button', { name: /^Remove card/ })).not.toBeInTheDocument();
  });

  it('shows the charts and the top tables, "No data to show" when a table is empty', async () => {
    renderWithProviders(<DashboardPage />, '/home');
    const users = await screen.findByRole('table', { name: 'Top Users' });
    const row = await within(users).findByRole('row', { name: 'Grace Hopper Airport 3' });
    expect(row).toBeInTheDocument();
    const locations = screen.getByRole('table', { name: 'Top Locations' });
    expect(await within(locations).findByText(DASHBOARD_MESSAGES.noDataToShow)).toBeInTheDocument();
    const charts = [await screen.findByTestId('transactions-chart'), screen.getByTestId('earnings-chart')];
    for (const chart of charts) {
      await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
      expect(within(chart).queryByText(DASHBOARD_MESSAGES.noData)).not.toBeInTheDocument();
    }
    expect(readsOf('transactions')).toEqual(['/api/reports/transactions?range=this_week']);
  });

  it('draws each card’s trend; pointing at it shows that day’s value in the card’s format', async () => {
    renderWithProviders(<DashboardPage />, '/home');
    await within(card(0)).findByText('$1,234.50');
    const trend = within(card(0)).getByRole('img', { name: 'Earnings trend' });
    expect(trend.querySelectorAll('path')).toHaveLength(2);
    vi.spyOn(trend, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 200 } as DOMRect);
    // the last of three days: the right edge
    fireEvent.pointerMove(trend, { clientX: 190 });
    expect(await screen.findByRole('tooltip')).toHaveTextContent('$3.00');
    expect(within(trend).getByTestId('metric-trend-mark')).toHaveStyle({ left: '100%' });
    fireEvent.pointerMove(trend, { clientX: 10 });
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('$1.00'));
    fireEvent.pointerLeave(trend);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('loads the chart library only once the charts come into view, a skeleton holding their place', async () => {
    const seen: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          seen.push(callback);
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    renderWithProviders(<DashboardPage />, '/home');
    const chart = await screen.findByTestId('transactions-chart');
    await within(card(1)).findByText('42');
    // the charts' reads went out with the first screen's
    await waitFor(() => expect(readsOf('transactions')).toHaveLength(1));
    expect(chart.querySelector('svg')).toBeNull();
    expect(chart.querySelector('.MuiSkeleton-root')).not.toBeNull();

    // watched once the first screen's reads are done
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    act(() => {
      for (const callback of seen) callback([{ isIntersecting: true }]);
    });
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
    expect(chart.querySelector('.MuiSkeleton-root')).toBeNull();
    expect(readsOf('transactions')).toHaveLength(1);
  });

  it('downloads the report CSV of the filter with the cards’ figures', async () => {
    const saved: Blob[] = [];
    // jsdom has no object URLs: keep the saved blob instead
    const blobUrls = URL as unknown as { createObjectURL?: unknown; revokeObjectURL?: unknown };
    blobUrls.createObjectURL = (b: Blob) => {
      saved.push(b);
      return 'blob:report';
    };
    blobUrls.revokeObjectURL = () => {};
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderWithProviders(<DashboardPage />, '/home');
    await screen.findByTestId('metric-card-4');
    await within(card(1)).findByText('42');
    fireEvent.click(screen.getByRole('button', { name: DASHBOARD_MESSAGES.downloadCsv }));
    await waitFor(() => expect(names).toEqual(['report_2026-11-22_2026-11-25.csv']));
    const text = await saved[0]!.text();
    expect(text).toContain('Metric,Earnings,1234.50,1000.00,');
    expect(text).toContain('Metric,Total Transactions,42,21,');
    expect(text).toContain('Top Users,Grace Hopper,3,,Airport');
    // the cards' answers came from the cache: one read each
    expect(readsOf('total_transactions')).toHaveLength(1);
    click.mockRestore();
    delete blobUrls.createObjectURL;
    delete blobUrls.revokeObjectURL;
  });

  it('enlarges the logo; admins upload images only', async () => {
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<DashboardPage />, '/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Enlarge logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Organization Logo' });
    const input = within(dialog).getByTestId('logo-input') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(MSG.onlyImages)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/api/white-label/logo')).toBe(false);

    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/api/white-label/logo')).toBe(true),
    );
    const call = fetchMock.mock.calls.find((c) => String(c[0]) === '/api/white-label/logo')!;
    expect((call[1] as RequestInit).method).toBe('PATCH');
    expect(((call[1] as RequestInit).body as FormData).get('image')).toBeInstanceOf(File);
    expect(await screen.findByText(MSG.saved)).toBeInTheDocument();
  });

  it('lets viewers enlarge the logo but not upload one', async () => {
    renderWithProviders(<DashboardPage />, '/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Enlarge logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Organization Logo' });
    expect(within(dialog).queryByRole('button', { name: 'Upload Logo' })).not.toBeInTheDocument();
  });

  it('adds a sixth card remembered in cookies, and removes it', async () => {
    renderWithProviders(<DashboardPage />, '/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Card' }));
    expect(document.cookie).toContain('metrics_length=6');
    expect(document.cookie).toContain('metric_5=user_growth');
    // user_growth answers 500 here: its card alone says so
    expect(await within(card(5)).findByText(DASHBOARD_MESSAGES.noData)).toBeInTheDocument();

    fireEvent.mouseDown(within(card(5)).getByRole('combobox', { name: 'Metric of card 6' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Door Health' }));
    expect(await within(card(5)).findByText('75.00%')).toBeInTheDocument();
    expect(document.cookie).toContain('metric_5=door_health');

    fireEvent.click(screen.getByRole('button', { name: 'Remove card 6' }));
    await waitFor(() => expect(screen.queryByTestId('metric-card-5')).not.toBeInTheDocument());
    expect(document.cookie).toContain('metrics_length=5');
    expect(document.cookie).not.toContain('metric_5=');
  });

  it('starts from the cookies', async () => {
    document.cookie = 'metrics_length=6; path=/';
    document.cookie = 'metric_5=door_health; path=/';
    document.cookie = 'metric_0=total_users; path=/';
    renderWithProviders(<DashboardPage />, '/home');
    await screen.findByTestId('metric-card-5');
    expect(await within(card(5)).findByText('75.00%')).toBeInTheDocument();
    expect(card(0)).toHaveAttribute('data-metric', 'total_users');
    expect(screen.getByRole('button', { name: 'Remove card 6' })).toBeInTheDocument();
  });

  it('reads every card once per filter: this week first, then the chosen range and location', async () => {
    renderWithProviders(<DashboardPage />, '/home');
    await screen.findByTestId('metric-card-1');
    await within(card(1)).findByText('42');
    expect(readsOf('total_transactions')).toEqual(['/api/reports/total_transactions?range=this_week']);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date Range' }));
    fireEvent.click(await screen.findByRole('option', { name: 'This Month' }));
    await waitFor(() => expect(readsOf('total_transactions')).toHaveLength(2));
    expect(readsOf('total_transactions')[1]).toBe('/api/reports/total_transactions?range=this_month');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Location' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Airport' }));
    await waitFor(() => expect(readsOf('total_transactions')).toHaveLength(3));
    expect(readsOf('total_transactions')[2]).toBe(
      `/api/reports/total_transactions?range=this_month&locations=${LOC_A}`,
    );
    await within(card(1)).findByText('42');
    expect(readsOf('total_transactions')).toHaveLength(3);
    expect(readsOf('earnings')).toHaveLength(3);
  });

  it('explains each card in one line; the page’s name is not shown twice', async () => {
    renderWithProviders(<DashboardPage />, '/home');
    await screen.findByTestId('metric-card-4');
    await within(card(2)).findByText('100.00%');
    const help = within(card(2)).getByRole('button', { name: 'About Transaction Rate' });
    fireEvent.mouseOver(help);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "Share of the period's transactions that were a customer's first with you.",
    );
    // the top bar names the page; the heading is there for screen readers only
    const heading = screen.getByRole('heading', { level: 1, name: 'Dashboard' });
    expect(heading).toHaveStyle({ position: 'absolute', width: '1px', height: '1px' });
  });

  it('marks today’s partial point of a card’s trend, and describes the trend in words', async () => {
    renderWithProviders(<DashboardPage />, '/home');
    await screen.findByTestId('metric-card-4');
    await within(card(0)).findByText('$1,234.50');
    const trend = within(card(0)).getByRole('img', { name: 'Earnings trend' });
    // this week ends today: the last point is drawn dashed and said to be under way
    expect(within(trend).getByTestId('metric-trend-partial')).toBeInTheDocument();
    expect(trend).toHaveAccessibleDescription(
      'From $1.00 to $3.00; lowest $1.00, highest $3.00. The last point is still under way.',
    );
    vi.spyOn(trend, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 200 } as DOMRect);
    fireEvent.pointerMove(trend, { clientX: 190 });
    expect(await screen.findByRole('tooltip')).toHaveTextContent('$3.00 (so far)');
  });

  it('gives each chart a summary in words and its series as a table; today is marked', async () => {
    const base = fetchMock.getMockImplementation() as (input: RequestInfo | URL) => Promise<Response>;
    const day = (date: string, rental: number, storage: number) => ({
      date,
      total: rental + storage,
      rental,
      storage,
      delivery: 0,
      service: 0,
      vending: 0,
    });
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const path = String(input).split('?')[0];
      if (path === '/api/reports/transactions')
        return jsonResponse({
          total: 6,
          data: [
            day('2026-11-22', 1, 0),
            day('2026-11-23', 0, 4),
            day('2026-11-24', 0, 0),
            day('2026-11-25', 1, 0),
          ],
        });
      if (path === '/api/reports/earnings')
        return jsonResponse({
          currency: 'usd',
          earnings: 1250,
          previous: 1000,
          trend: [
            { date: '2026-11-22', value: 250 },
            { date: '2026-11-23', value: 900 },
            { date: '2026-11-24', value: 80 },
            { date: '2026-11-25', value: 20 },
          ],
        });
      return base(input);
    });
    renderWithProviders(<DashboardPage />, '/home');
    const bars = await screen.findByTestId('transactions-chart');
    const line = screen.getByTestId('earnings-chart');
    const barsFigure = await within(bars).findByRole('figure', { name: 'Transactions per Day' });
    expect(barsFigure).toHaveAccessibleDescription(
      '6 transactions from Nov 22, 2026 to Nov 25, 2026, most on Nov 23, 2026 (4).',
    );
    expect(within(line).getByRole('figure', { name: 'Earnings per Day' })).toHaveAccessibleDescription(
      '$1,250.00 earned from Nov 22, 2026 to Nov 25, 2026, most on Nov 23, 2026 ($900.00).',
    );
    // the range ends today: its day is not over, and says so
    for (const chart of [bars, line])
      expect(within(chart).getByTestId('chart-partial-note')).toHaveTextContent(
        '* Nov 25, 2026 is not over yet: its figure covers the hours so far.',
      );

    fireEvent.click(within(bars).getByRole('button', { name: 'Show as table' }));
    const table = within(bars).getByRole('table', { name: 'Transactions per Day' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('DateAssetStorageDeliveryServiceVendingTotal');
    expect(rows[2]).toHaveTextContent('Nov 23, 2026040004');
    expect(rows[4]).toHaveTextContent('Nov 25, 2026 (so far)100001');
    expect(within(bars).queryByRole('figure')).not.toBeInTheDocument();
    const back = within(bars).getByRole('button', { name: 'Show as chart' });
    fireEvent.click(back);
    expect(await within(bars).findByRole('figure', { name: 'Transactions per Day' })).toBeInTheDocument();

    fireEvent.click(within(line).getByRole('button', { name: 'Show as table' }));
    const money = within(line).getByRole('table', { name: 'Earnings per Day' });
    expect(
      within(money)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'DateEarnings',
      'Nov 22, 2026$250.00',
      'Nov 23, 2026$900.00',
      'Nov 24, 2026$80.00',
      'Nov 25, 2026 (so far)$20.00',
    ]);
  });

  it('charts new users per month from reports/users, in words and as a table', async () => {
    const base = fetchMock.getMockImplementation() as (input: RequestInfo | URL) => Promise<Response>;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      if (String(input).split('?')[0] === '/api/reports/users')
        return jsonResponse({
          total: 40,
          data: [
            { month: '2026-09', count: 5 },
            { month: '2026-10', count: 12 },
            { month: '2026-11', count: 3 },
          ],
        });
      return base(input);
    });
    renderWithProviders(<DashboardPage />, '/home');
    const chart = await screen.findByTestId('users-chart');
    expect(
      await within(chart).findByRole('figure', { name: 'New Users per Month' }),
    ).toHaveAccessibleDescription(
      '20 new users from September 2026 to November 2026, most in October 2026 (12).',
    );
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
    expect(readsOf('users')).toEqual(['/api/reports/users?range=this_week']);

    fireEvent.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const table = within(chart).getByRole('table', { name: 'New Users per Month' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MonthNew users', 'September 20265', 'October 202612', 'November 2026 (so far)3']);
  });

  it('takes custom dates as the organization’s days, up to today there, and names its zone', async () => {
    // 12:00 UTC on 25 November is already 02:00 on the 26th at Kiritimati (UTC+14): the browser's
    // own today is still the 25th, the organization's is the 26th
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const base = fetchMock.getMockImplementation() as (input: RequestInfo | URL) => Promise<Response>;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      if (String(input).split('?')[0] === '/api/reports/range')
        return jsonResponse({
          range: 'this_week',
          from_date: '2026-11-22',
          to_date: '2026-11-26',
          previous_from_date: '2026-11-17',
          previous_to_date: '2026-11-21',
          today: '2026-11-26',
          time_zone: 'Pacific/Kiritimati',
        });
      return base(input);
    });
    try {
      renderWithProviders(<DashboardPage />, '/home');
      const shown = await screen.findByTestId('range-shown');
      await waitFor(() =>
        expect(shown).toHaveTextContent('11/22/2026 – 11/26/2026 · Days in Pacific/Kiritimati'),
      );

      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date Range' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Custom' }));
      // the date pickers load on first use
      const open = await screen.findAllByRole('button', { name: /Choose date/ }, { timeout: 20_000 });
      fireEvent.click(open[1]!);
      const calendar = await screen.findByRole('grid');
      // the 26th is today for the organization: it can be chosen; the 27th cannot
      expect(within(calendar).getByRole('gridcell', { name: '26' })).not.toBeDisabled();
      expect(within(calendar).getByRole('gridcell', { name: '27' })).toBeDisabled();
      expect(screen.getByTestId('range-shown')).toHaveTextContent('Days in Pacific/Kiritimati');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the dashboard filters search the server (spec console §2 Dashboard)', () => {
  it("a super-tenant searches its organizations, then that organization's locations", async () => {
    const parent = makeOrganization(['super_tenant']);
    const kid = { ...makeOrganization(), id: '00000000-0000-4000-8000-0000000000b1', name: 'kid-org' };
    const base = fetchMock.getMockImplementation() as (input: RequestInfo | URL) => Promise<Response>;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/organizations/self')) return jsonResponse(parent);
      if (url.startsWith('/api/organizations?'))
        return jsonResponse({ items: [kid], total: 1, pages: 1, page: 1, page_size: 20 });
      return base(input);
    });
    renderWithProviders(<DashboardPage />, '/home');
    await screen.findByTestId('metric-card-1');
    await screen.findByRole('combobox', { name: 'Sub-Organization' });
    await searchPicker(fetchMock, 'Sub-Organization', 'organizations', 'kid');
    fireEvent.click(await screen.findByRole('option', { name: 'kid-org' }));
    await waitFor(() =>
      expect(readsOf('total_transactions').some((u) => u.includes(`target_org=${kid.id}`))).toBe(true),
    );
    await searchPicker(fetchMock, 'Location', 'locations', 'Air');
    expect(
      fetchedUrls(fetchMock).some(
        (u) =>
          u.startsWith('/api/locations?') && u.includes('search=Air') && u.includes(`target_org=${kid.id}`),
      ),
    ).toBe(true);
    fireEvent.click(await screen.findByRole('option', { name: 'Airport' }));
    await waitFor(() =>
      expect(readsOf('total_transactions').some((u) => u.includes(`locations=${LOC_A}`))).toBe(true),
    );
    expectNoWholeList(fetchMock, 'locations');
    expectNoWholeList(fetchMock, 'organizations');
  });
});
