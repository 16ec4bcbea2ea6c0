import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { fetchedUrls } from '../../test/pickers';
import { UserDetailsPage } from './UserDetailsPage';

const USER = '00000000-0000-4000-8000-0000000000b1';
const PLACE = '00000000-0000-4000-8000-0000000000d1';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/settings')) return jsonResponse({ time_zone: 'UTC', default_currency: 'usd' });
      if (url.startsWith(`/api/events_by_user/${USER}`))
        return jsonResponse({
          user: { id: USER, name: 'Grace', last_name: 'Hopper', email: null, phone_number: null },
          items: [
            {
              id: '00000000-0000-4000-8000-0000000000a1',
              started: '2026-01-01T10:00:00.000Z',
              ended: '2026-01-01T12:30:00.000Z',
              condition: null,
              location: 'Tokyo Station',
              id_location: PLACE,
              location_time_zone: 'Asia/Tokyo',
              locker_number: 4,
              duration: 9000,
              amount: 5,
            },
          ],
          total: 1,
        });
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
  sessionStore.signedIn(makeTokens(makeUser('admin')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('User Transaction History (times in the location’s zone)', () => {
  it("shows each row's times on its location's clock, the zone named, and the duration through Intl", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/users/:id/details" element={<UserDetailsPage />} />
      </Routes>,
      `/users/${USER}/details`,
    );
    // 10:00 and 12:30 UTC are 19:00 and 21:30 in Tokyo
    expect(await screen.findByText(/07:00\s?PM (GMT\+9|JST)/)).toBeInTheDocument();
    expect(screen.getByText(/09:30\s?PM (GMT\+9|JST)/)).toBeInTheDocument();
    expect(screen.getByText('2 hr 30 min')).toBeInTheDocument();
    // the row names its place's zone: no list of locations is read for it
    expect(fetchedUrls(vi.mocked(fetch)).filter((u) => u.startsWith('/api/locations'))).toEqual([]);
  });
});
