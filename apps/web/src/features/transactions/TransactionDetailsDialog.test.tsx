import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { i18next } from '../../i18n';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { fetchedUrls } from '../../test/pickers';
import { TransactionDetailsDialog } from './TransactionDetailsDialogs';
import { makeTransaction } from './testFixtures';

const T = makeTransaction({
  location: {
    id: '00000000-0000-4000-8000-0000000000d1',
    name: 'Main St',
    address: null,
    time_zone: 'Asia/Tokyo',
  },
  created_at: '2026-01-01T10:00:00.000Z',
  started_at: '2026-01-01T10:00:00.000Z',
  payment_status: 'succeeded',
  notification_status: 'failed',
  notification_date: '2026-01-01T11:00:00.000Z',
  total_time: 9000,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/settings')) return jsonResponse({ time_zone: 'UTC', default_currency: 'usd' });
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
  sessionStore.signedIn(makeTokens(makeUser('admin')));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
  await i18next.changeLanguage('en');
});

const show = () =>
  renderWithProviders(<TransactionDetailsDialog transaction={T} currency="usd" onClose={() => {}} />);

describe('Transaction Details (a place’s times in its zone, statuses as labels)', () => {
  it("shows the times on the location's clock with its zone named, not the organization's", async () => {
    show();
    // 10:00 UTC is 19:00 in Tokyo (JST, no daylight saving)
    expect(await screen.findAllByText(/07:00\s?PM GMT\+9|19:00 GMT\+9|07:00\s?PM JST/)).not.toHaveLength(0);
    expect(screen.queryByText(/10:00\s?AM/)).toBeNull();
    // the transaction names its place's zone: no list of locations is read for it
    expect(fetchedUrls(vi.mocked(fetch)).filter((u) => u.startsWith('/api/locations'))).toEqual([]);
  });

  it('shows the payment and pickup-notice statuses and the duration through the catalogs', async () => {
    await i18next.changeLanguage('de');
    show();
    expect(await screen.findByText('Erfolgreich')).toBeInTheDocument();
    expect(screen.getByText(/^Fehlgeschlagen /)).toBeInTheDocument();
    expect(screen.queryByText('succeeded')).toBeNull();
  });
});
