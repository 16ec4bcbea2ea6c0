import type { TReservation } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList } from '../../test/pickers';
import { ReservationsPage } from './ReservationsPage';

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: Mock;
/** The reservations the list answers (none unless a test says so). */
let listed: TReservation[] = [];
beforeEach(() => {
  localStorage.clear();
  listed = [];
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/filters/'))
      return jsonResponse({ page: 'reservations', columns: null, filters: {} });
    if (url.startsWith('/api/reservations?') && listed.length)
      return jsonResponse({ items: listed, total: listed.length, pages: 1, page: 1, page_size: 25 });
    if (url.startsWith('/api/reservations?') || url.startsWith('/api/locations?'))
      return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 25 });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const lists = () =>
  fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/reservations?'));

const open = async (path = '/reservations') => {
  sessionStore.signedIn(makeTokens(makeUser('admin')));
  const view = renderWithProviders(<ReservationsPage disableVirtualization />, path);
  await screen.findByText('No Data to Show', undefined, { timeout: 8000 });
  return view;
};

describe('the mode filter (spec operational §2 Reservations)', () => {
  it("sends 'all' by default and remembers the last mode for the next visit", {
    timeout: 30000,
  }, async () => {
    const first = await open();
    expect(lists()[0]).toBe('/api/reservations?page=1&size=25&mode=all');
    expect(first.router.state.location.search).toBe('');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Mode' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Delivery' }));
    await waitFor(() => expect(first.router.state.location.search).toBe('?mode=delivery'));
    await waitFor(() => expect(lists().at(-1)).toBe('/api/reservations?page=1&size=25&mode=delivery'));
    first.unmount();

    fetchMock.mockClear();
    const again = await open();
    expect(lists()[0]).toBe('/api/reservations?page=1&size=25&mode=delivery');
    await waitFor(() => expect(again.router.state.location.search).toBe('?mode=delivery'));
    expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveTextContent('Delivery');
  });

  it("opens on 'all' when the remembered mode is unknown", { timeout: 20000 }, async () => {
    localStorage.setItem('lockerops.reservations.filters', '{"mode":"bogus"}');
    const view = await open();
    expect(lists()[0]).toBe('/api/reservations?page=1&size=25&mode=all');
    expect(view.router.state.location.search).toBe('');
  });
});

describe("the reservations' times (spec operational §3 Reservation)", () => {
  it("shows each row's window on its place's clock, read from the row: no list of locations", {
    timeout: 20000,
  }, async () => {
    const place = '00000000-0000-4000-8000-000000000041';
    const weekdays = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false };
    const row = {
      id: '00000000-0000-4000-8000-000000000061',
      mode: 'storage',
      status: 'active',
      tracking_number: 'TRK-9',
      user: null,
      device: null,
      location: { id: place, name: 'Ginza', time_zone: 'Asia/Tokyo' },
      size: null,
      product: null,
      id_product: null,
      id_user: null,
      id_location: place,
      id_device: null,
      id_size: null,
      phone_number: null,
      email: null,
      sender_details: null,
      recurring: false,
      ...weekdays,
      saturday: false,
      sunday: false,
      from_time: null,
      to_time: null,
      start_date: '2026-12-10T01:00:00.000Z',
      end_date: '2026-12-10T03:00:00.000Z',
      // typed in another zone: the table keeps to the place's
      time_zone: 'America/Chicago',
      starts_at: '2026-12-10T01:00:00.000Z',
      ends_at: '2026-12-10T03:00:00.000Z',
      payment: null,
      created_at: '2026-12-01T09:00:00.000Z',
      updated_at: '2026-12-01T09:00:00.000Z',
    };
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/filters/'))
        return jsonResponse({ page: 'reservations', columns: null, filters: {} });
      if (url.startsWith('/api/settings')) return jsonResponse({ time_zone: 'UTC', default_currency: 'usd' });
      if (url.startsWith('/api/reservations?'))
        return jsonResponse({ items: [row], total: 1, pages: 1, page: 1, page_size: 25 });
      return jsonResponse({ detail: 'Not found' }, 404);
    });
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<ReservationsPage disableVirtualization />, '/reservations');
    // 01:00–03:00 UTC is 10 AM–12 PM in Tokyo, the zone named
    expect(await screen.findByText(/^12\/10\/2026 10:00 AM – 12:00 PM (GMT\+9|JST)$/)).toBeInTheDocument();
    expectNoWholeList(fetchMock, 'locations');
  });
});

describe('the payment a reservation was booked with', () => {
  it('shows its amount, status and source, and says when no real money moved', {
    timeout: 20000,
  }, async () => {
    listed = [
      {
        id: '00000000-0000-4000-8000-000000000001',
        mode: 'storage',
        status: 'active',
        tracking_number: 'WPAID00001',
        user: null,
        device: null,
        location: null,
        size: null,
        product: null,
        id_product: null,
        id_user: null,
        id_location: null,
        id_device: null,
        id_size: null,
        phone_number: null,
        email: 'payer@example.test',
        sender_details: null,
        recurring: false,
        monday: false,
        tuesday: false,
        wednesday: false,
        thursday: false,
        friday: false,
        saturday: false,
        sunday: false,
        from_time: null,
        to_time: null,
        start_date: '2030-01-07T10:00:00.000Z',
        end_date: '2030-01-07T12:00:00.000Z',
        time_zone: 'UTC',
        starts_at: '2030-01-07T10:00:00.000Z',
        ends_at: '2030-01-07T12:00:00.000Z',
        payment: {
          status: 'succeeded',
          amount: 5,
          currency: 'eur',
          source: 'widget',
          provider: 'sandbox',
          reference: 'ch_sandbox_1',
          created_at: '2030-01-01T10:00:00.000Z',
        },
        created_at: '2030-01-01T10:00:00.000Z',
        updated_at: '2030-01-01T10:00:00.000Z',
      },
    ];
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<ReservationsPage disableVirtualization />, '/reservations');
    const row = (await screen.findByText('WPAID00001')).closest('[role="row"]') as HTMLElement;
    expect(
      within(row).getByText('€5.00 Paid · Reservation widget (sandbox, no real money)'),
    ).toBeInTheDocument();
  });
});
