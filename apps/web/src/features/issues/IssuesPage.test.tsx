import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList } from '../../test/pickers';
import { IssuesPage } from './IssuesPage';

const ID = '00000000-0000-4000-8000-000000000011';
const ISSUE = {
  id: ID,
  issue_id: 'ISS-7',
  status: 'pending',
  description: 'Door stuck',
  created_at: '2026-01-01T00:00:00.000Z',
  pictures: [],
  user: { name: 'Ada Lovelace', email: 'ada@x.test', phone_number: null },
  id_user: '00000000-0000-4000-8000-000000000012',
  reporter_user_name: 'Ops',
  reporter_user_email: 'ops@x.test',
  reporter_user_phone: null,
  event: { id: '00000000-0000-4000-8000-000000000013', invoice_id: 'INV-000001' },
  id_event: '00000000-0000-4000-8000-000000000013',
  id_location: null,
  location_time_zone: null,
  team_member_id: null,
  team_member: null,
  invoice_id: 'INV-000001',
  source: 'console',
};

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: Mock;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/filters/')) return jsonResponse({ page: 'issues', columns: null, filters: {} });
    if (url.startsWith(`/api/issues/${ID}?status=`) && init?.method === 'PATCH')
      return jsonResponse({ detail: 'Issue updated successfully!', issue: { ...ISSUE, status: 'resolved' } });
    if (url.startsWith('/api/members?'))
      return jsonResponse({
        items: [
          {
            user_id: '00000000-0000-4000-8000-000000000021',
            email: 'grace@x.test',
            name: null,
            first_name: 'Grace',
            last_name: 'Hopper',
          },
        ],
        total: 1,
        pages: 1,
        page: 1,
        page_size: 150,
      });
    if (url.startsWith('/api/users?'))
      return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 10000 });
    if (url === '/api/issues' && init?.method === 'DELETE')
      return jsonResponse({ detail: '1 item(s) deleted successfully', deleted: 1 });
    if (url.startsWith('/api/issues?'))
      return jsonResponse({ items: [ISSUE], total: 1, pages: 1, page: 1, page_size: 25 });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('IssuesPage', () => {
  it('lists issues and saves a status change at once', async () => {
    sessionStore.signedIn(makeTokens(makeUser('member')));
    renderWithProviders(<IssuesPage disableVirtualization />, '/issues');
    await screen.findByText('Door stuck');
    expect(screen.getByText('INV-000001')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status ISS-7' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Resolved' }));
    await screen.findByText('Issue updated successfully!');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, i]) => String(u) === `/api/issues/${ID}?status=resolved` && i?.method === 'PATCH',
        ),
      ).toBe(true),
    );
  });

  it('offers the team members (answered by user_id) in the form', async () => {
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<IssuesPage disableVirtualization />, '/issues');
    await screen.findByText('Door stuck');
    fireEvent.click(screen.getByRole('button', { name: 'Create Issue' }));
    const picker = await screen.findByRole('combobox', { name: 'Team Member' });
    fireEvent.mouseDown(picker);
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it("deletes one issue from its row after a confirmation naming it: 'Issue deleted successfully!'", async () => {
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<IssuesPage disableVirtualization />, '/issues');
    await screen.findByText('Door stuck');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Issue ISS-7' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Issue ISS-7')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Issue deleted successfully!');
    const call = fetchMock.mock.calls.find(([u, i]) => String(u) === '/api/issues' && i?.method === 'DELETE');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ids: [ID] });
  });

  it('offers no delete to a member', async () => {
    sessionStore.signedIn(makeTokens(makeUser('member')));
    renderWithProviders(<IssuesPage disableVirtualization />, '/issues');
    await screen.findByText('Door stuck');
    expect(screen.queryByRole('button', { name: 'Delete Issue ISS-7' })).toBeNull();
  });

  it("shows when an issue was filed on its place's clock, read from the row: no list of locations", async () => {
    const place = '00000000-0000-4000-8000-000000000041';
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/filters/'))
        return jsonResponse({ page: 'issues', columns: null, filters: {} });
      if (url.startsWith('/api/settings')) return jsonResponse({ time_zone: 'UTC', default_currency: 'usd' });
      if (url.startsWith('/api/issues?'))
        return jsonResponse({
          items: [{ ...ISSUE, id_location: place, location_time_zone: 'Asia/Tokyo' }],
          total: 1,
          pages: 1,
          page: 1,
          page_size: 25,
        });
      return jsonResponse({ detail: 'Not found' }, 404);
    });
    sessionStore.signedIn(makeTokens(makeUser('member')));
    renderWithProviders(<IssuesPage disableVirtualization />, '/issues');
    // midnight UTC is 9 AM in Tokyo
    expect(await screen.findByText('01/01/2026 09:00 AM')).toBeInTheDocument();
    expectNoWholeList(fetchMock, 'locations');
  });
});
