import type { TLockerWall } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeLocation, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList } from '../../test/pickers';
import { LockerWallPage } from './LockerWallPage';
import { LAST_LOCATION_KEY } from './wallLayout';

const L1 = '00000000-0000-4000-8000-000000000001';
const L2 = '00000000-0000-4000-8000-000000000002';
const DEV = '00000000-0000-4000-8000-0000000000d1';
const door = (x: number, y: number) => ({
  x,
  y,
  kiosk: false,
  id: null,
  state: 'unassigned' as const,
  device: null,
});
const wall: TLockerWall = {
  id: '00000000-0000-4000-8000-0000000000a1',
  id_location: L2,
  name: 'Harbor wall',
  description: 'Next to the gate',
  custom_id: 'HW-1',
  image: null,
  qty_wide: 2,
  qty_tall: 1,
  is_kiosk: false,
  lockers: [door(1, 1), door(2, 1)],
  devices: [],
  counts: { available: 0, maintenance: 0, reserved: 0, unassigned: 2, kiosk: 0 },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const device = {
  id: DEV,
  name: 'Blue',
  locker_number: 12,
  status: 'available',
  lock_status: 'locked',
  mode: 'storage',
  hardware_type: 'virtual',
  size: null,
  product: null,
};

beforeEach(() => sessionStore.signedIn(makeTokens(makeUser('member'))));
afterEach(() => {
  // unmount before signing out: the page lives behind the auth guard
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('LockerWallPage', () => {
  it('opens the remembered location and assigns a device to a door', async () => {
    localStorage.setItem(LAST_LOCATION_KEY, L2);
    // fetch is the boundary to the API server, which does not run under jsdom.
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      // the remembered place is read alone, and the picker searches the first 20
      if (url === `/api/locations/${L2}`) return jsonResponse(makeLocation({ id: L2, name: 'Harbor' }));
      if (url.startsWith('/api/locations?')) {
        return jsonResponse({
          items: [makeLocation({ id: L1, name: 'Main street' }), makeLocation({ id: L2, name: 'Harbor' })],
          total: 2,
          pages: 1,
          page: 1,
          page_size: 20,
        });
      }
      if (url.endsWith('/unassigned-devices')) return jsonResponse({ items: [device] });
      if (url.endsWith('/doors') && init?.method === 'PATCH') {
        return jsonResponse({ detail: 'Locker has been assigned correctly', wall });
      }
      if (url.startsWith('/api/locker-walls')) {
        return jsonResponse({ items: [wall], total: 1, pages: 1, page: 1, page_size: 10000 });
      }
      return jsonResponse({ detail: 'Not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LockerWallPage />);

    expect(await screen.findByText('Next to the gate')).toBeInTheDocument();
    expect(screen.getByText('Custom ID: HW-1')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Harbor');
    expectNoWholeList(fetchMock, 'locations');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === `/api/locker-walls?id_location=${L2}`)).toBe(
      true,
    );
    // members may not delete walls
    expect(screen.queryByRole('button', { name: 'Delete Locker Wall' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('gridcell', { name: 'Door 2,1: Unassigned' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Locker' });
    fireEvent.mouseDown(await within(dialog).findByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: '#12 Blue' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Locker has been assigned correctly')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ x: 2, y: 1, id_device: DEV, reassign: false });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Assign Locker' })).not.toBeInTheDocument(),
    );
  });

  it('opens the first location by name when none is remembered, or the remembered one is gone', async () => {
    localStorage.setItem(LAST_LOCATION_KEY, '00000000-0000-4000-8000-0000000000ff');
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/locations?'))
        return jsonResponse({
          items: [makeLocation({ id: L1, name: 'Main street' })],
          total: 1,
          pages: 1,
          page: 1,
          page_size: 20,
        });
      if (url.startsWith('/api/locker-walls'))
        return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 25 });
      return jsonResponse({ detail: 'Location not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LockerWallPage />);
    expect(await screen.findByTestId('no-walls')).toHaveTextContent('Main street');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === `/api/locker-walls?id_location=${L1}`)).toBe(
      true,
    );
    expectNoWholeList(fetchMock, 'locations');
  });
});
