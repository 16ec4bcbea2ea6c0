import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeLocation, makeTokens, makeUser } from '../../test/fixtures';
import { stubPickerFetch } from '../../test/pickers';
import { LocationsPage } from './LocationsPage';

const LOCATION = makeLocation({ id: '00000000-0000-4000-8000-0000000000d1', name: 'Main St' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe("LocationsPage ?location= (a device's location link)", () => {
  it('opens that location for an admin to edit, and drops the parameter', { timeout: 60_000 }, async () => {
    stubPickerFetch((url) => {
      if (url.startsWith('/api/filters/'))
        return jsonResponse({ page: 'locations', columns: null, filters: {} });
      if (url === `/api/locations/${LOCATION.id}`) return jsonResponse(LOCATION);
      return undefined;
    });
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    const { router } = renderWithProviders(
      <LocationsPage disableVirtualization />,
      `/locations?location=${LOCATION.id}`,
    );
    expect(
      await screen.findByRole('dialog', { name: 'Edit Location' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).not.toContain('location='));
  });
});
