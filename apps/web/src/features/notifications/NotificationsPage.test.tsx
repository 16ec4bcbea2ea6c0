import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { NotificationsPage } from './NotificationsPage';

const base = {
  subject: null,
  mode: 'rental',
  notification_type: 'on_complete',
  time_amount: 2,
  time_unit: 'day',
  is_template: false,
  before: false,
  after: true,
  email: true,
  sms: false,
  header: null,
  footer: null,
  message: null,
  message_email: 'Thanks {{user_name}}',
  location_message: null,
  member_message: null,
  id_member: null,
  member: null,
  locations: [],
  header_s3_url: null,
  body_s3_url: null,
  footer_s3_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const ITEMS = [
  { ...base, id: '00000000-0000-4000-8000-000000000021', name: 'Default thanks', is_default: true },
  { ...base, id: '00000000-0000-4000-8000-000000000022', name: 'Other thanks', is_default: false },
];

// fetch is the boundary to the API server, which does not run under jsdom.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/filters/'))
        return jsonResponse({ page: 'notifications', columns: null, filters: {} });
      if (url.startsWith('/api/notifications?'))
        return jsonResponse({ items: ITEMS, total: 2, pages: 1, page: 1, page_size: 25 });
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('NotificationsPage', () => {
  it('shows timing and channels; a default can be neither deleted nor selected', async () => {
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<NotificationsPage disableVirtualization />, '/notifications');
    await screen.findByText('Default thanks');
    expect(screen.getAllByText('2 days after')).toHaveLength(2);
    expect(screen.getAllByText('On complete')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Delete Default thanks' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Other thanks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clone Default thanks' })).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox', { name: /select row/i });
    expect(boxes.map((b) => (b as HTMLInputElement).disabled)).toEqual([true, false]);
  });
});
