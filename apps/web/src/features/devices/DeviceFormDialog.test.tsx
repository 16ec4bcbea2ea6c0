import type { TDevice } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeOrganization, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList, fetchedUrls, searchPicker, stubPickerFetch } from '../../test/pickers';
import { DeviceFormDialog } from './DeviceFormDialog';

const LOCATION = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Main St' };
const SIZE_ID = '00000000-0000-4000-8000-0000000000e1';
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

const SETTINGS = {
  default_currency: 'usd',
  default_device_hardware: 'virtual',
  default_device_mode: 'storage',
  default_id_size: SIZE_ID,
  default_max_reservations: null,
  default_support_email: null,
  default_support_phone: null,
  support_email_verified: false,
  default_notification_channel: 'email',
  time_zone: 'UTC',
  default_language: 'en',
};

const page = (items: unknown[]) =>
  jsonResponse({ items, total: items.length, pages: 1, page: 1, page_size: 20 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('DeviceFormDialog', () => {
  it('prefills Add Device with Settings → Defaults (hardware, mode, size)', async () => {
    const fetchMock = stubPickerFetch((url) => {
      if (url.startsWith('/api/settings')) return jsonResponse(SETTINGS);
      if (url.startsWith('/api/types/device/mode'))
        return jsonResponse({
          items: [
            { value: 'storage', label: 'Storage' },
            { value: 'rental', label: 'Rental' },
          ],
        });
      if (url.startsWith('/api/types/device/hardware'))
        return jsonResponse({
          items: [
            { value: 'virtual', label: 'Virtual' },
            { value: 'gantner', label: 'Gantner' },
          ],
        });
      // the default size is named by reading it alone, not by listing every size
      if (url === `/api/sizes/${SIZE_ID}`)
        return jsonResponse({
          id: SIZE_ID,
          name: 'Small',
          description: null,
          width: 10,
          depth: 12,
          height: 14,
          image: null,
          external_id: null,
          available_devices: 0,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        });
      return undefined;
    });
    renderWithProviders(<DeviceFormDialog open device={null} isAdmin={false} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveTextContent('Storage'), {
      timeout: 5000,
    });
    expect(screen.getByRole('combobox', { name: 'Hardware Type' })).toHaveTextContent('Virtual');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Size/ })).toHaveValue('Small'), {
      timeout: 5000,
    });
    await searchPicker(fetchMock, /^Price/, 'prices', 'hour');
    // a storage door is offered the prices that are not by weight
    expect(
      fetchedUrls(fetchMock).some((u) => u.startsWith('/api/prices?') && u.includes('weight=false')),
    ).toBe(true);
    for (const area of ['sizes', 'prices', 'locations']) expectNoWholeList(fetchMock, area);
  });

  it("names the door's product when reopened and searches free products on the server", async () => {
    const fetchMock = stubPickerFetch((url) =>
      url.startsWith('/api/types/device/mode')
        ? jsonResponse({ items: [{ value: 'rental', label: 'Rental' }] })
        : undefined,
    );
    const device = {
      ...DEVICE,
      mode: 'rental',
      product: { id: '00000000-0000-4000-8000-0000000000f1', name: 'Drill' },
      id_product: '00000000-0000-4000-8000-0000000000f1',
    } as unknown as TDevice;
    renderWithProviders(<DeviceFormDialog open device={device} isAdmin={false} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Product' })).toHaveValue('Drill'), {
      timeout: 5000,
    });
    await searchPicker(fetchMock, 'Product', 'products', 'dri');
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('unassigned=true'))).toBe(true);
    expectNoWholeList(fetchMock, 'products');
  });

  it('names the saved location, searches own locations on the server, never listing every one', async () => {
    const fetchMock = stubPickerFetch((url) =>
      url.startsWith('/api/locations?') && url.includes('search=dock')
        ? page([
            { id: '00000000-0000-4000-8000-0000000000d2', name: 'Dock North', shared_from_parent: false },
            { id: '00000000-0000-4000-8000-0000000000d3', name: 'Dock Parent', shared_from_parent: true },
          ])
        : undefined,
    );
    renderWithProviders(
      <DeviceFormDialog open device={DEVICE as unknown as TDevice} isAdmin={false} onClose={() => {}} />,
    );
    expect(await screen.findByRole('combobox', { name: /Location/ })).toHaveValue('Main St');
    await searchPicker(fetchMock, /Location/, 'locations', 'dock');
    expect(await screen.findByText('Dock North', undefined, { timeout: 5000 })).toBeInTheDocument();
    // a parent's shared location is read-only: no door is added there
    expect(screen.queryByText('Dock Parent')).toBeNull();
    expectNoWholeList(fetchMock, 'locations');
  });

  it("shows each history entry's transaction by its invoice number", async () => {
    stubPickerFetch((url) =>
      url.startsWith(`/api/device-logs/${DEVICE.id}`)
        ? jsonResponse({
            items: [
              {
                id: '00000000-0000-4000-8000-0000000000a1',
                log_type: 'start',
                actor_type: 'member',
                actor_name: 'Ops',
                changes: { status: { before: null, after: 'in_progress' } },
                event: { invoice_id: 'INV-000042' },
                created_at: '2026-01-02T00:00:00.000Z',
              },
              {
                id: '00000000-0000-4000-8000-0000000000a2',
                log_type: 'create',
                actor_type: 'member',
                actor_name: 'Ops',
                changes: {},
                event: null,
                created_at: '2026-01-01T00:00:00.000Z',
              },
            ],
            names: {},
          })
        : undefined,
    );
    renderWithProviders(
      <DeviceFormDialog open device={DEVICE as unknown as TDevice} isAdmin onClose={() => {}} />,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Device History Log' }));
    expect(
      await screen.findByText('Transaction INV-000042', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Transaction INV-000042')).toHaveLength(1);
  });

  it("offers an Ojmar-only organization a bulk-upload template of Ojmar's columns only", async () => {
    sessionStore.signedIn(makeTokens(makeUser('admin', { first_login: false })));
    stubPickerFetch((url) => {
      if (url.startsWith('/api/organizations/self'))
        return jsonResponse(makeOrganization(['ojmar_hardware']));
      if (url.startsWith('/api/types/device/hardware'))
        return jsonResponse({ items: [{ value: 'ojmar', label: 'Ojmar' }] });
      if (url.startsWith('/api/types/device/mode'))
        return jsonResponse({ items: [{ value: 'storage', label: 'Storage' }] });
      return undefined;
    });
    renderWithProviders(<DeviceFormDialog open device={null} isAdmin onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Bulk Upload' }));
    const intro = await screen.findByText(/^Upload a \.csv file with the columns:/);
    await waitFor(() => expect(intro).toHaveTextContent('locker_udn, user_code, master_code.'), {
      timeout: 5000,
    });
    expect(intro).toHaveTextContent(/hardware_type, id_location, id_size/);
    for (const other of ['mac_address', 'gantner_id', 'harbor_tower_id', 'headboard', 'shared'])
      expect(intro.textContent).not.toMatch(new RegExp(`\\b${other}\\b`));
  });
});
