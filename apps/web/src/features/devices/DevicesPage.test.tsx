import { DEVICE_PROMPTS } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList, fetchedUrls, searchPicker } from '../../test/pickers';
import { canUnlockSelection, DevicesPage } from './DevicesPage';

const page = (items: unknown[]) =>
  jsonResponse({ items, total: items.length, pages: 1, page: 1, page_size: 10000 });
const LOCATION = {
  id: '00000000-0000-4000-8000-0000000000d1',
  name: 'Main St',
  address: '1 Main St',
  image: null,
  hidden: false,
  shared: false,
  devices: 0,
  custom_id: null,
  latitude: null,
  longitude: null,
  contact_email: 'a@b.test',
  contact_phone: '+15551234567',
  require_image: false,
  restriction: { restriction_type: null, items: [] },
  shared_from_parent: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const DEVICE = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Door 7',
  custom_identifier: null,
  locker_number: 7,
  mode: 'storage',
  status: 'available',
  lock_status: 'locked',
  hardware_type: 'virtual',
  location: { id: LOCATION.id, name: LOCATION.name, shared: false },
  id_location: LOCATION.id,
  size: null,
  id_size: null,
  price: null,
  id_price: null,
  product: null,
  id_product: null,
  item: null,
  item_description: null,
  price_required: false,
  ada_compliance: false,
  require_image: false,
  shared: false,
  image: null,
  restriction: { restriction_type: null, items: [] },
  shared_from_parent: false,
  mac_address: null,
  integration_id: null,
  locker_udn: null,
  user_code: null,
  master_code: null,
  gantner_id: null,
  harbor_tower_id: null,
  harbor_locker_id: null,
  dclock_terminal_no: null,
  dclock_box_no: null,
  ip: null,
  circuit_unit: null,
  board_unit: null,
  hook_port: null,
  headboard: null,
  port: null,
  lock_status_at: null,
  jams_30d: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

let locations: unknown[] = [];
let sizes: unknown[] = [];
let deviceRows: unknown[] = [];
// fetch is the boundary to the API server, which does not run under jsdom.
beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/filters/'))
        return jsonResponse({ page: 'devices', columns: null, filters: {} });
      if (url.startsWith('/api/locations?')) return page(locations);
      if (url.startsWith('/api/sizes?')) return page(sizes);
      if (url.startsWith('/api/devices?')) return page(deviceRows);
      if (url.startsWith('/api/types/device/')) return jsonResponse({ items: [] });
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('Add Device prompts (spec operational §2 Devices)', () => {
  it('offers to add a location first when none exists', { timeout: 20000 }, async () => {
    locations = [];
    sizes = [];
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<DevicesPage disableVirtualization />, '/devices');
    await screen.findByText('No Data to Show', undefined, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: 'Add Device' }));
    expect(await screen.findByText(DEVICE_PROMPTS.noLocations)).toBeInTheDocument();
    // the first page of the form's pickers tells: no whole list of locations or sizes
    expectNoWholeList(vi.mocked(fetch), 'locations');
    expectNoWholeList(vi.mocked(fetch), 'sizes');
  });

  it('offers to add a size first when locations exist but no size', { timeout: 20000 }, async () => {
    locations = [LOCATION];
    sizes = [];
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<DevicesPage disableVirtualization />, '/devices');
    await screen.findByText('No Data to Show', undefined, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: 'Add Device' }));
    expect(await screen.findByText(DEVICE_PROMPTS.noSizes)).toBeInTheDocument();
    // "No" still opens the form: rental and vending doors need no size
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('dialog', { name: 'Add Device' })).toBeInTheDocument();
  });
});

describe('the location filter (spec operational §2 Devices)', () => {
  it('searches the organization’s locations on the server as typed', { timeout: 20000 }, async () => {
    locations = [LOCATION];
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<DevicesPage disableVirtualization />, '/devices');
    await screen.findByText('No Data to Show', undefined, { timeout: 8000 });
    await searchPicker(vi.mocked(fetch), 'Location', 'locations', 'Main');
    fireEvent.click(await screen.findByRole('option', { name: LOCATION.name }));
    await waitFor(() =>
      expect(
        fetchedUrls(vi.mocked(fetch)).some(
          (u) => u.startsWith('/api/devices?') && u.includes(`id_location=${LOCATION.id}`),
        ),
      ).toBe(true),
    );
    expectNoWholeList(vi.mocked(fetch), 'locations');
  });
});

describe('Edit Devices (bulk)', () => {
  it('has Mode, Location, Price, Size, Product and Status, and Unlock waits for available devices', {
    timeout: 20000,
  }, async () => {
    locations = [LOCATION];
    sizes = [];
    deviceRows = [
      DEVICE,
      {
        ...DEVICE,
        id: '00000000-0000-4000-8000-0000000000c2',
        name: 'Door 8',
        locker_number: 8,
        status: 'maintenance',
      },
    ];
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<DevicesPage disableVirtualization />, '/devices');
    await screen.findByText('Door 8', undefined, { timeout: 8000 });
    const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    fireEvent.click(boxes[0]!);
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
    fireEvent.click(boxes[1]!);
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Devices' });
    for (const label of ['Mode', 'Location', 'Price', 'Size', 'Product', 'Status'])
      expect(within(dialog).getByRole('combobox', { name: label })).toBeInTheDocument();
    deviceRows = [];
  });
});

describe('bulk Unlock', () => {
  it('is offered only while every selected device is available', () => {
    expect(canUnlockSelection([])).toBe(false);
    expect(canUnlockSelection([{ status: 'available' }, { status: 'available' }])).toBe(true);
    expect(canUnlockSelection([{ status: 'available' }, { status: 'maintenance' }])).toBe(false);
    expect(canUnlockSelection([{ status: 'reserved' }])).toBe(false);
  });
});

describe('the location column', () => {
  it("links a device's location for admins, not for members", { timeout: 30000 }, async () => {
    locations = [LOCATION];
    deviceRows = [DEVICE];
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    const admin = renderWithProviders(<DevicesPage disableVirtualization />, '/devices');
    const link = await screen.findByRole('link', { name: 'Location Main St' }, { timeout: 8000 });
    expect(link).toHaveAttribute('href', `/locations?location=${LOCATION.id}`);
    admin.unmount();
    sessionStore.signedIn(makeTokens(makeUser('member')));
    renderWithProviders(<DevicesPage disableVirtualization />, '/devices');
    await screen.findByText('Door 7', undefined, { timeout: 8000 });
    expect(screen.queryByRole('link', { name: 'Location Main St' })).toBeNull();
    deviceRows = [];
  });
});
