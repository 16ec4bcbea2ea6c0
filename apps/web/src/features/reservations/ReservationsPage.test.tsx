import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { ReservationsPage } from './ReservationsPage';

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/filters/'))
      return jsonResponse({ page: 'reservations', columns: null, filters: {} });
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
