import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { HistoryLog } from '../../components/HistoryLog';
import { renderWithProviders } from '../../components/testing';
import { i18next } from '../../i18n';
import { jsonResponse, makeLocation, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList } from '../../test/pickers';
import { DeviceHistoryLog } from './DeviceHistoryLog';

const DEVICE = '00000000-0000-4000-8000-0000000000c1';
const PLACE = '00000000-0000-4000-8000-0000000000d1';
const ENTRY = {
  id: '00000000-0000-4000-8000-0000000000e1',
  actor_type: 'member',
  actor_name: 'Ada Lovelace',
  changes: { status: { before: 'available', after: 'maintenance' } },
  created_at: '2026-01-01T10:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      // the organization's zone is another than the place's
      if (url.startsWith('/api/settings'))
        return jsonResponse({ time_zone: 'America/Chicago', default_currency: 'usd' });
      // the one location, read alone
      if (url.startsWith('/api/locations?') && url.includes(`id_location=${PLACE}`))
        return jsonResponse({
          items: [makeLocation({ id: PLACE, name: 'Tokyo Station', time_zone: 'Asia/Tokyo' })],
          total: 1,
          pages: 1,
          page: 1,
          page_size: 1,
        });
      if (url.startsWith(`/api/device-logs/${DEVICE}`))
        return jsonResponse({ items: [{ ...ENTRY, log_type: 'update', event: null }], names: {} });
      if (url.startsWith(`/api/history/location/${PLACE}`))
        return jsonResponse({ items: [{ ...ENTRY, action: 'update' }] });
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
  sessionStore.signedIn(makeTokens(makeUser('admin')));
});
afterEach(async () => {
  await i18next.changeLanguage('en');
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('History logs in the place’s zone', () => {
  it("shows a device's log on its location's clock, the zone named", async () => {
    renderWithProviders(<DeviceHistoryLog id={DEVICE} idLocation={PLACE} />);
    // 10:00 UTC is 7 PM in Tokyo (4 AM in the organization's Chicago)
    expect(await screen.findByText(/^01\/01\/2026 07:00 PM GMT\+9$/)).toBeInTheDocument();
    expect(screen.getByText('Time zone Asia/Tokyo (GMT+9)')).toBeInTheDocument();
    expect(screen.queryByText(/04:00 AM/)).toBeNull();
    expectNoWholeList(vi.mocked(fetch), 'locations');
  });

  it("shows a location's log on its own clock, the zone named", async () => {
    renderWithProviders(<HistoryLog entity="location" id={PLACE} timeZone="Asia/Tokyo" />);
    expect(await screen.findByText(/^01\/01\/2026 07:00 PM GMT\+9$/)).toBeInTheDocument();
    expect(screen.getByText('Time zone Asia/Tokyo (GMT+9)')).toBeInTheDocument();
  });

  it("names a device's changed fields and values with the catalog's labels", async () => {
    await i18next.changeLanguage('de');
    vi.mocked(fetch).mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith(`/api/device-logs/${DEVICE}`))
        return jsonResponse({
          items: [
            {
              ...ENTRY,
              log_type: 'update',
              event: null,
              changes: {
                locker_number: { before: 7, after: 8 },
                status: { before: 'available', after: 'maintenance' },
                price_required: { before: false, after: true },
                user_code: { before: null, after: '1234' },
                some_new_field: { before: 'a', after: 'b' },
              },
            },
          ],
          names: {},
        });
      return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 10000 });
    });
    renderWithProviders(<DeviceHistoryLog id={DEVICE} idLocation={null} />);
    expect(await screen.findByText('Fachnummer')).toBeInTheDocument();
    expect(screen.getByText('Status').closest('p')).toHaveTextContent('Status: Verfügbar → Wartung');
    expect(screen.getByText('Preis erforderlich').closest('p')).toHaveTextContent('Nein → Ja');
    expect(screen.getByText('Benutzercode')).toBeInTheDocument();
    expect(screen.queryByText('locker_number')).toBeNull();
    // a field the catalog does not know yet shows as it is stored
    expect(screen.getByText('some_new_field')).toBeInTheDocument();
  });

  it("names the records a device's changes point at, not their ids", async () => {
    const DOCK = '00000000-0000-4000-8000-0000000000d2';
    const GONE = '00000000-0000-4000-8000-0000000000d9';
    vi.mocked(fetch).mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith(`/api/device-logs/${DEVICE}`))
        return jsonResponse({
          items: [
            {
              ...ENTRY,
              log_type: 'update',
              event: null,
              changes: {
                id_location: { before: PLACE, after: DOCK },
                id_size: { before: GONE, after: null },
              },
            },
          ],
          names: { [PLACE]: 'Tokyo Station', [DOCK]: 'Harbour Dock' },
        });
      return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 1 });
    });
    renderWithProviders(<DeviceHistoryLog id={DEVICE} idLocation={DOCK} />);
    expect((await screen.findByText('Location')).closest('p')).toHaveTextContent(
      'Location: Tokyo Station → Harbour Dock',
    );
    expect(screen.queryByText(PLACE)).toBeNull();
    // a record that is gone keeps its id
    expect(screen.getByText(GONE)).toBeInTheDocument();
  });
});
