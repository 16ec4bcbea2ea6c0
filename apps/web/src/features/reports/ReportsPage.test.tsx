import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeOrganization, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList, searchPicker } from '../../test/pickers';
import { ReportsPage } from './ReportsPage';

const ID = '00000000-0000-4000-8000-000000000007';
const REPORT = {
  id: ID,
  name: 'Ops weekly',
  contents: ['earnings'],
  assign_to: ['00000000-0000-4000-8000-000000000008'],
  assignee: ['Rhea'],
  recurrence: 'weekly',
  weekday: 0,
  month: null,
  when: null,
  send_time: '09:00',
  include_sub_orgs: false,
  last_sent: null,
  last_error: null,
  next_due_at: '2026-03-09T09:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: Mock;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/filters/'))
      return jsonResponse({ page: 'reporting', columns: null, filters: {} });
    if (url === '/api/reports' && init?.method === 'DELETE')
      return jsonResponse({ detail: 'Report deleted successfully', deleted: 1 });
    if (url.startsWith('/api/reports?'))
      return jsonResponse({ items: [REPORT], total: 1, pages: 1, page: 1, page_size: 25 });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const open = async (role: 'admin' | 'member') => {
  sessionStore.signedIn(makeTokens(makeUser(role)));
  renderWithProviders(<ReportsPage disableVirtualization />, '/reporting');
  await screen.findByText('Ops weekly');
};

describe('ReportsPage per-row delete', () => {
  it('an admin deletes one report and reads "Report deleted successfully"', { timeout: 60_000 }, async () => {
    await open('admin');
    // aria-label look-ups: getByRole over a data grid is slow under jsdom
    fireEvent.click(screen.getByLabelText('Delete Ops weekly'));
    expect(await screen.findByText('Are you sure you want to delete this report?')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Yes'));
    await screen.findByText('Report deleted successfully');
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(String(del?.[1]?.body))).toEqual({ ids: [ID] });
  });

  it('members see no delete', { timeout: 60_000 }, async () => {
    await open('member');
    expect(screen.queryByLabelText('Delete Ops weekly')).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });
});

describe('ReportsPage organization filter', () => {
  it('lets a super-tenant read the reports of one of its organizations (target_org)', {
    timeout: 60_000,
  }, async () => {
    const parent = makeOrganization(['super_tenant']);
    const kid = { ...makeOrganization(), id: '00000000-0000-4000-8000-0000000000b1', name: 'kid-org' };
    const base = fetchMock.getMockImplementation() as (
      input: RequestInfo | URL,
      init?: RequestInit,
    ) => Promise<Response>;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/organizations/self')) return jsonResponse(parent);
      if (url.startsWith('/api/organizations?'))
        return jsonResponse({ items: [parent, kid], total: 2, pages: 1, page: 1, page_size: 20 });
      return base(input, init);
    });
    await open('admin');
    await screen.findByRole('combobox', { name: 'Organization' }, { timeout: 10_000 });
    // a super-tenant may manage many organizations: the filter searches them on the server
    await searchPicker(fetchMock, 'Organization', 'organizations', 'kid');
    fireEvent.click(await screen.findByRole('option', { name: 'kid-org' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => String(u).startsWith('/api/reports?') && String(u).includes(`target_org=${kid.id}`),
        ),
      ).toBe(true),
    );
    expectNoWholeList(fetchMock, 'organizations');
  });

  it('offers no organization filter outside a super-tenant', { timeout: 60_000 }, async () => {
    await open('admin');
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
  });
});
