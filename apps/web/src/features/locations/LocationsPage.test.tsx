import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeLocation, makeTokens, makeUser } from '../../test/fixtures';
import { fetchedUrls, stubPickerFetch } from '../../test/pickers';
import { viewOf } from './LocationMap';
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

describe('the map view (spec operational §2 Locations)', () => {
  it('reads the located places a page at a time, and asks to zoom in past it', {
    timeout: 60_000,
  }, async () => {
    const placed = makeLocation({
      id: '00000000-0000-4000-8000-0000000000d2',
      name: 'Pier 39',
      latitude: 37.81,
      longitude: -122.41,
    });
    const fetchMock = stubPickerFetch((url) => {
      if (url.startsWith('/api/filters/'))
        return jsonResponse({ page: 'locations', columns: null, filters: {} });
      if (url.startsWith('/api/locations?') && url.includes('bbox='))
        return jsonResponse({ items: [placed], total: 1200, pages: 1200, page: 1, page_size: 500 });
      return undefined;
    });
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<LocationsPage disableVirtualization />, '/locations');
    fireEvent.click(await screen.findByRole('button', { name: 'Map' }));
    expect(await screen.findByTestId('map-capped')).toHaveTextContent(
      'Showing the first 1 of 1,200 locations in this view. Zoom in to see them all.',
    );
    const mapCalls = fetchedUrls(fetchMock).filter(
      (u) => u.startsWith('/api/locations?') && u.includes('bbox='),
    );
    expect(mapCalls[0]).toBe(`/api/locations?page=1&size=500&bbox=${encodeURIComponent('-180,-90,180,90')}`);
    expect(fetchedUrls(fetchMock).some((u) => /[?&]size=10000/.test(u))).toBe(false);
  });
});

describe('viewOf (a map view as GET locations?bbox= reads it)', () => {
  const bounds = (west: number, south: number, east: number, north: number) => ({
    getWest: () => west,
    getSouth: () => south,
    getEast: () => east,
    getNorth: () => north,
  });
  it('rounds a view to about 10 m', () => {
    expect(viewOf(bounds(-122.512345, 37.7012345, -122.3, 37.85))).toBe('-122.5123,37.7012,-122.3,37.85');
  });
  it('keeps a view across the antimeridian west of east, and a view of more than the world the world', () => {
    expect(viewOf(bounds(130, 10, 210, 40))).toBe('130,10,-150,40');
    expect(viewOf(bounds(-400, -95, 400, 95))).toBe('-180,-90,180,90');
  });
});
