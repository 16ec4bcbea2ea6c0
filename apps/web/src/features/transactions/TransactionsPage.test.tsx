import { TRANSACTION_MESSAGES } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList } from '../../test/pickers';
import { TransactionsPage } from './TransactionsPage';
import { makeTransaction } from './testFixtures';
import { ROW_CLASS } from './transactionView';

const ACTIVE = makeTransaction({ invoice_id: 'INV-000001', event_status: 'in_progress' });
const FINISHED = makeTransaction({
  id: '00000000-0000-4000-8000-0000000000a2',
  invoice_id: 'INV-000002',
  event_status: 'finished',
  total: 10,
  ended_at: '2026-01-01T12:00:00.000Z',
  location: {
    id: '00000000-0000-4000-8000-0000000000d2',
    name: 'Ginza',
    address: null,
    time_zone: 'Asia/Tokyo',
  },
});
const EXPIRED = makeTransaction({
  id: '00000000-0000-4000-8000-0000000000a3',
  invoice_id: 'INV-000003',
  event_type: 'delivery',
  event_status: 'expired',
});

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: Mock;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/filters/'))
      return jsonResponse({ page: 'transactions', columns: null, filters: {} });
    if (url.startsWith('/api/settings'))
      return jsonResponse({
        default_currency: 'eur',
        default_device_hardware: null,
        default_device_mode: null,
        default_id_size: null,
        default_max_reservations: null,
        default_support_email: null,
        default_support_phone: null,
        support_email_verified: false,
        default_notification_channel: 'email',
        time_zone: 'UTC',
        default_language: 'en',
      });
    if (url.startsWith('/api/locations?'))
      return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 10000 });
    if (url === '/api/events/statuses') return jsonResponse({ items: [] });
    if (url.startsWith('/api/events?'))
      return jsonResponse({ items: [ACTIVE, FINISHED, EXPIRED], total: 3, pages: 1, page: 1, page_size: 50 });
    if (url.endsWith('/refund') && init?.method === 'PATCH')
      return jsonResponse({
        detail: TRANSACTION_MESSAGES.refunded,
        event: { ...FINISHED, event_status: 'refunded' },
      });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup(); // unmount before the session goes, or the page re-renders without a user
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const open = async (role: 'admin' | 'member' | 'viewer') => {
  sessionStore.signedIn(makeTokens(makeUser(role)));
  renderWithProviders(<TransactionsPage disableVirtualization />, '/transactions');
  await screen.findByText('INV-000002');
};

const rowOf = (invoice: string) => screen.getByText(invoice).closest('[role="row"]') as HTMLElement;

describe('TransactionsPage', () => {
  it('asks for 50 rows, tints active rows green and expired ones grey', async () => {
    await open('admin');
    const list = fetchMock.mock.calls.map((c) => String(c[0])).find((u) => u.startsWith('/api/events?'));
    expect(list).toContain('size=50');
    expect(rowOf('INV-000001')).toHaveClass(ROW_CLASS.active);
    expect(rowOf('INV-000003')).toHaveClass(ROW_CLASS.expired);
    expect(rowOf('INV-000002')).not.toHaveClass(ROW_CLASS.active);
    expect(await within(rowOf('INV-000002')).findByText('€10.00')).toBeInTheDocument();
  });

  it("shows each row's times on its place's clock, read from the row: no list of locations", async () => {
    await open('admin');
    // 12:00 UTC ends the Tokyo row at 9 PM there; the other rows keep the organization's UTC
    expect(within(rowOf('INV-000002')).getByText('01/01/2026 09:00 PM')).toBeInTheDocument();
    expect(within(rowOf('INV-000001')).getAllByText('01/01/2026 10:00 AM')).not.toHaveLength(0);
    expectNoWholeList(fetchMock, 'locations');
  });

  it('searches the location filter on the server, 20 matches at a time', async () => {
    await open('admin');
    const filter = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(filter, { target: { value: 'Pier' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map((c) => String(c[0]))
          .some((u) => u.startsWith('/api/locations?') && u.includes('size=20') && u.includes('search=Pier')),
      ).toBe(true),
    );
  });

  it('offers admins the actions of each state only', async () => {
    await open('admin');
    expect(screen.getAllByRole('button', { name: 'Device Door 7' })).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for INV-000001' }));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['End', 'Share', 'Cancel']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Actions for INV-000002' }));
    menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Refund', 'Penalty', 'Share']);
  });

  it('shows members and viewers no actions and no device links', async () => {
    for (const role of ['member', 'viewer'] as const) {
      await open(role);
      expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Device / })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'End Selected' })).not.toBeInTheDocument();
      cleanup();
      sessionStore.clear();
    }
  });

  it('marks the penalty amount the server requires', async () => {
    await open('admin');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for INV-000002' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Penalty' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('spinbutton')).toBeRequired();
  });

  it('refuses a refund above the paid amount with the spec message, then refunds', async () => {
    await open('admin');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for INV-000002' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    // the server requires the amount: the field carries the required mark
    expect(within(dialog).getByLabelText(/^Refund Amount/)).toBeRequired();
    fireEvent.change(within(dialog).getByLabelText(/^Refund Amount/), { target: { value: '10.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(TRANSACTION_MESSAGES.refundTooHigh)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => c[1]?.method === 'PATCH')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Refund Amount/), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(TRANSACTION_MESSAGES.refunded)).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find((c) => c[1]?.method === 'PATCH');
    expect(String(patch?.[0])).toBe(`/api/events/${FINISHED.id}/refund`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ amount: 4 });
  });

  it('asks for a phone number or an e-mail before sharing', async () => {
    await open('admin');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for INV-000001' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Transaction' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText(TRANSACTION_MESSAGES.phoneOrEmail)).toBeInTheDocument();
  });
});

describe('remembered filters', () => {
  /** Opens the page with `saved` as the remembered filters; answers the router. */
  const remember = async (saved: string) => {
    localStorage.setItem('lockerops.transactions.filters', saved);
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    const { router } = renderWithProviders(<TransactionsPage disableVirtualization />, '/transactions');
    await screen.findByText('INV-000002');
    return router;
  };
  const lists = () =>
    fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/events?'));

  it('reads back location and status into the URL and the list', async () => {
    const router = await remember('{"id_location":"x","status":"expired"}');
    expect(lists()[0]).toContain('id_location=x&status=expired');
    await waitFor(() => expect(router.state.location.search).toBe('?id_location=x&status=expired'));
  });

  it('drops unknown statuses', async () => {
    const router = await remember('{"status":"nope"}');
    expect(lists().every((u) => !u.includes('status='))).toBe(true);
    expect(router.state.location.search).toBe('');
  });

  it('ignores what is not a JSON object', async () => {
    const router = await remember('not json');
    expect(lists()[0]).toBe('/api/events?page=1&size=50');
    expect(router.state.location.search).toBe('');
  });
});
