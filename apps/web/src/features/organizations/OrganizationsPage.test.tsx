import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeOrganization, makeTokens, makeUser } from '../../test/fixtures';
import { OrganizationsPage } from './OrganizationsPage';

/** The API as jsdom sees it: the own organization (with or without Super-Tenant) and an empty list. */
function api(superTenant: boolean) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/organizations/self'))
      return jsonResponse(
        makeOrganization(superTenant ? ['multi_tenant', 'super_tenant'] : ['multi_tenant']),
      );
    if (url.startsWith('/api/organizations'))
      return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 25 });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('OrganizationsPage: "Add Organization"', () => {
  it('is offered to a Super-Tenant organization', async () => {
    api(true);
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<OrganizationsPage />, '/multi-tenant');
    expect(await screen.findByRole('button', { name: 'Add Organization' })).toBeInTheDocument();
  });

  it('is not offered to any other organization', async () => {
    const fetchMock = api(false);
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<OrganizationsPage />, '/multi-tenant');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/organizations/self'))).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Add Organization' })).not.toBeInTheDocument();
  });
});
