import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeLocation } from '../test/fixtures';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../test/pickers';
import { PairScreenDialog } from './PairScreenDialog';
import { renderWithProviders } from './testing';

const PLACE = makeLocation({ id: '00000000-0000-4000-8000-0000000000d1', name: 'Harbour Dock' });

const KIOSK = {
  id: '00000000-0000-4000-8000-0000000000e1',
  name: 'Lobby',
  id_location: PLACE.id,
  location_name: PLACE.name,
  id_locker_wall: null,
  locker_wall_name: null,
  state: 'waiting',
  online: false,
  last_seen_at: null,
  app_version: null,
  pairing_expires_at: '2026-01-01T10:10:00.000Z',
  created_at: '2026-01-01T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Pair a screen (README: The screen at the wall)', () => {
  it('searches the place on the server as typed and pairs the screen there', async () => {
    const fetchMock = stubPickerFetch((url, init) => {
      if (url.startsWith('/api/locations?') && url.includes('search=harb'))
        return jsonResponse({ items: [PLACE], total: 1, pages: 1, page: 1, page_size: 20 });
      if (url === '/api/kiosks/pairing' && init?.method === 'POST')
        return jsonResponse({ kiosk: KIOSK, code: '482913', expires_at: '2026-01-01T10:10:00.000Z' });
      return undefined;
    });
    renderWithProviders(<PairScreenDialog open onClose={() => {}} />);
    await searchPicker(fetchMock, /^Place/, 'locations', 'harb');
    fireEvent.click(await screen.findByRole('option', { name: 'Harbour Dock' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Lobby' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make a pairing code' }));
    expect(await screen.findByTestId('shown-code')).toHaveTextContent('482913');
    const call = fetchMock.mock.calls.find(
      ([u, i]) => String(u) === '/api/kiosks/pairing' && i?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      id_location: PLACE.id,
      id_locker_wall: null,
      name: 'Lobby',
    });
    await waitFor(() => expectNoWholeList(fetchMock, 'locations'));
  });
});
