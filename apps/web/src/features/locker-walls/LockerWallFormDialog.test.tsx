import { LOCKER_WALL_MESSAGES, type TLockerWall } from '@lockerops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse } from '../../test/fixtures';
import { LockerWallFormDialog } from './LockerWallFormDialog';

const LOC = '00000000-0000-4000-8000-0000000000aa';
const wall: TLockerWall = {
  id: '00000000-0000-4000-8000-0000000000bb',
  id_location: LOC,
  name: 'Wall A',
  description: null,
  custom_id: 'W-1',
  image: '/api/files/0b6c1f3e-8f4a-4a4e-9a57-3c1d2e4f5a6b.png',
  qty_wide: 4,
  qty_tall: 3,
  is_kiosk: false,
  lockers: [],
  devices: ['00000000-0000-4000-8000-0000000000cc'],
  counts: { available: 1, maintenance: 0, reserved: 0, unassigned: 11, kiosk: 0 },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('LockerWallFormDialog', () => {
  it("answers the spec's messages before calling the server", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <LockerWallFormDialog
        open
        wall={null}
        location={{ id: LOC, label: 'Main Street' }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Add Locker Wall' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/# Doors wide/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LOCKER_WALL_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText('# Doors wide must be greater than 0')).toBeInTheDocument();
    expect(screen.getByText(LOCKER_WALL_MESSAGES.qtyTall)).toBeInTheDocument();
    // the location picker may search; nothing is saved
    const writes = fetchMock.mock.calls.filter(
      (c) =>
        (c[1] as RequestInit | undefined)?.method !== undefined && (c[1] as RequestInit).method !== 'GET',
    );
    expect(writes).toEqual([]);
  });

  it('warns that changing the dimensions unassigns every locker, then saves with the image unchanged', async () => {
    // fetch is the boundary to the API server, which does not run under jsdom.
    const fetchMock = vi.fn(async () => jsonResponse({ ...wall, qty_wide: 5, devices: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithProviders(
      <LockerWallFormDialog
        open
        wall={wall}
        location={{ id: LOC, label: 'Main Street' }}
        onClose={onClose}
      />,
    );
    expect(screen.queryByTestId('dimension-warning')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/# Doors wide/), { target: { value: '5' } });
    expect(await screen.findByText(LOCKER_WALL_MESSAGES.dimensionWarning)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/locker-walls/${wall.id}`);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'Wall A',
      image: '/api/files/0b6c1f3e-8f4a-4a4e-9a57-3c1d2e4f5a6b.png',
      qty_wide: 5,
      qty_tall: 3,
      custom_id: 'W-1',
    });
    expect(await screen.findByText(LOCKER_WALL_MESSAGES.updated)).toBeInTheDocument();
  });
});
