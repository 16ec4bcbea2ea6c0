import { LOCATION_MESSAGES, type TOrganizationFlag } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeOrganization, makeTokens, makeUser } from '../../test/fixtures';
import { LocationFormDialog } from './LocationFormDialog';

// fetch is the boundary to the API server, which does not run under jsdom.
function serve(flags: TOrganizationFlag[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/organizations/self') return jsonResponse(makeOrganization(flags));
    if (String(input).startsWith('/api/geocode/search?'))
      return jsonResponse({ items: [{ label: 'Berlin, Germany', latitude: 52.52, longitude: 13.4 }] });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const open = () => {
  sessionStore.signedIn(makeTokens(makeUser('admin')));
  renderWithProviders(<LocationFormDialog open location={null} isAdmin={false} onClose={() => undefined} />);
};
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('Add Location form', () => {
  it('offers Shared to a super-tenant with Shared Locations, and Require Image when it rents', async () => {
    serve(['super_tenant', 'shared_locations', 'rental_mode']);
    open();
    expect(await screen.findByRole('checkbox', { name: 'Shared' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Require Image' })).toBeInTheDocument();
  });

  it('hides Require Image without rental mode', async () => {
    serve(['super_tenant', 'shared_locations', 'storage_mode']);
    open();
    expect(await screen.findByRole('checkbox', { name: 'Shared' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Require Image' })).not.toBeInTheDocument();
  });

  it('hides Shared from a super-tenant without the Shared Locations flag', async () => {
    serve(['super_tenant', 'rental_mode']);
    open();
    expect(await screen.findByRole('checkbox', { name: 'Require Image' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Shared' })).not.toBeInTheDocument();
  });

  it('requires the address', async () => {
    serve([]);
    open();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Dock' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LOCATION_MESSAGES.addressRequired)).toBeInTheDocument();
  });

  it('looks the typed address up once typing pauses, and says where the pin went', async () => {
    const fetchMock = serve([]);
    open();
    const field = await screen.findByRole('textbox', { name: 'Address' });
    fireEvent.change(field, { target: { value: 'Unter den Linden 1, Berl' } });
    fireEvent.change(field, { target: { value: 'Unter den Linden 1, Berlin' } });
    expect(
      await screen.findByText(/Pin placed at Berlin, Germany/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map((c) => String(c[0]))
      .filter((u) => u.startsWith('/api/geocode/search?'));
    // one lookup for the pause, with what was typed last
    expect(asked).toEqual([
      `/api/geocode/search?${new URLSearchParams({ q: 'Unter den Linden 1, Berlin' })}`,
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Move the pin to this address' })).toBeNull(),
    );
  });
});
