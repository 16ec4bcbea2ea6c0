import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { ConditionsPage } from './ConditionsPage';

const ID = '00000000-0000-4000-8000-000000000002';
const CONDITION = {
  id: ID,
  name: 'Broken',
  products: [{ id: '00000000-0000-4000-8000-000000000003', name: 'Drill' }],
  products_count: 1,
  auto_report: false,
  auto_maintenance: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/filters/'))
      return jsonResponse({ page: 'conditions', columns: null, filters: {} });
    if (url === `/api/conditions/${ID}` && init?.method === 'PATCH')
      return jsonResponse({
        detail: 'Saved successfully',
        condition: { ...CONDITION, auto_maintenance: true },
      });
    if (url.startsWith('/api/conditions?'))
      return jsonResponse({ items: [CONDITION], total: 1, pages: 1, page: 1, page_size: 25 });
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
  renderWithProviders(<ConditionsPage disableVirtualization />, '/conditions');
  await screen.findByText('Broken');
};

describe('ConditionsPage', () => {
  it('shows the spec columns and toggles auto maintenance for admins', async () => {
    await open('admin');
    for (const name of ['Condition', 'Products Assigned', 'Auto Maintenance', 'Report Issue', 'Action']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('Drill')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Auto Maintenance Broken' }));
    await screen.findByText('Saved successfully');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ auto_maintenance: true });
  });

  it('disables the toggles and hides clone and delete for members', async () => {
    await open('member');
    expect(screen.getByRole('switch', { name: 'Report Issue Broken' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clone Broken' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Broken' })).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });
});
