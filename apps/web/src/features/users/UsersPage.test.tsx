import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { formatDuration } from '../../lib/format';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { UsersPage } from './UsersPage';

const USER = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  address: null,
  phone_number: null,
  user_id: null,
  pin_code: null,
  active: true,
  is_deleted: false,
  require_auth: false,
  access_code: null,
  groups: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

// fetch is the boundary to the API server, which does not run under jsdom.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/filters/')) return jsonResponse({ page: 'users', columns: null, filters: {} });
      if (url.startsWith('/api/users?'))
        return jsonResponse({ items: [USER], total: 1, pages: 1, page: 1, page_size: 25 });
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('UsersPage', () => {
  it('shows names as edit links and the activate switch to admins, with the Edit User tabs', {
    timeout: 20000,
  }, async () => {
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<UsersPage disableVirtualization />, '/users');
    await screen.findByText('Ada', undefined, { timeout: 8000 });
    const link = screen.getByRole('button', { name: 'Ada' });
    expect(screen.getByRole('switch', { name: 'Deactivate Ada' })).toBeInTheDocument();
    fireEvent.click(link);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Edit User' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'User History Log' })).toBeInTheDocument();
  });

  it('shows names as plain text to members and no activate switch', { timeout: 20000 }, async () => {
    sessionStore.signedIn(makeTokens(makeUser('member')));
    renderWithProviders(<UsersPage disableVirtualization />, '/users');
    await screen.findByText('Ada', undefined, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Ada' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('UsersPage column filters', () => {
  it('sends the typed by_* filters with the list request', { timeout: 20000 }, async () => {
    sessionStore.signedIn(makeTokens(makeUser('member')));
    renderWithProviders(<UsersPage disableVirtualization />, '/users');
    await screen.findByText('Ada', undefined, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(screen.getByLabelText('Filter by Email'), { target: { value: 'ada@' } });
    fireEvent.change(screen.getByLabelText('Filter by Phone'), { target: { value: '555' } });
    const fetchMock = vi.mocked(fetch);
    await vi.waitFor(
      () => {
        const urls = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/users?'));
        const last = new URL(urls.at(-1)!, 'http://x');
        expect(last.searchParams.get('by_email')).toBe('ada@');
        expect(last.searchParams.get('by_phone')).toBe('555');
      },
      { timeout: 5000 },
    );
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
    for (const label of ['First Name', 'Last Name', 'User ID', 'Address'])
      expect(screen.getByLabelText(`Filter by ${label}`)).toBeInTheDocument();
  });
});

describe('formatDuration', () => {
  it('formats seconds', () => {
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(45)).toBe('45 sec');
    expect(formatDuration(720)).toBe('12 min');
    expect(formatDuration(3900)).toBe('1 hr 5 min');
  });
});
