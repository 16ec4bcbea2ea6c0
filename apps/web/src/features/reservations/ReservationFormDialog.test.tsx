import type { TReservation } from '@lockerops/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse } from '../../test/fixtures';
import { expectNoWholeList, fetchedUrls, searchPicker, stubPickerFetch } from '../../test/pickers';
import { ReservationFormDialog } from './ReservationFormDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReservationFormDialog', () => {
  it('searches the server for the User as the operator types, never listing every customer', async () => {
    const fetchMock = stubPickerFetch((url) =>
      url.startsWith('/api/users?') && url.includes('search=ada')
        ? jsonResponse({
            items: [
              {
                id: '00000000-0000-4000-8000-000000000031',
                name: 'Ada',
                last_name: 'Lovelace',
                email: 'ada@x.test',
                phone_number: null,
                user_id: null,
              },
            ],
            total: 1,
            pages: 1,
            page: 1,
            page_size: 20,
          })
        : undefined,
    );
    renderWithProviders(<ReservationFormDialog open reservation={null} isAdmin={false} onClose={() => {}} />);
    await searchPicker(fetchMock, /User/, 'users', 'ada');
    expect(await screen.findByText('Ada Lovelace', undefined, { timeout: 5000 })).toBeInTheDocument();
    expectNoWholeList(fetchMock, 'users');
  });

  it('gives the phone hint of the delivery form: E.164, with the country code', async () => {
    stubPickerFetch();
    renderWithProviders(<ReservationFormDialog open reservation={null} isAdmin={false} onClose={() => {}} />);
    expect(await screen.findByText('With the country code, e.g. +15551234567')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveAttribute(
      'placeholder',
      '+15551234567',
    );
  });

  it('searches the server for the Location and the rental Product, never listing every one', async () => {
    const loc = { id: '00000000-0000-4000-8000-000000000041', name: 'Harbour Dock', address: '1 Pier' };
    const fetchMock = stubPickerFetch((url) =>
      url.startsWith('/api/locations?') && url.includes('search=harb')
        ? jsonResponse({ items: [loc], total: 1, pages: 1, page: 1, page_size: 20 })
        : undefined,
    );
    renderWithProviders(<ReservationFormDialog open reservation={null} isAdmin={false} onClose={() => {}} />);
    await searchPicker(fetchMock, /Location/, 'locations', 'harb');
    fireEvent.click(await screen.findByText('Harbour Dock', undefined, { timeout: 5000 }));
    // the product picker asks for the chosen location's products, by what is typed
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Mode/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Asset' }));
    await searchPicker(fetchMock, /Product/, 'products', 'drill');
    expect(
      fetchedUrls(fetchMock).some(
        (u) => u.startsWith('/api/products?') && u.includes(`by_location=${loc.id}`),
      ),
    ).toBe(true);
    expectNoWholeList(fetchMock, 'locations');
    expectNoWholeList(fetchMock, 'products');
  });

  it('names the saved location and product when a reservation is reopened', async () => {
    const fetchMock = stubPickerFetch();
    const day = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false };
    const reservation = {
      id: '00000000-0000-4000-8000-000000000061',
      mode: 'rental',
      status: 'reserved',
      tracking_number: null,
      user: null,
      device: null,
      size: null,
      id_user: null,
      id_device: null,
      id_size: null,
      phone_number: null,
      email: null,
      sender_details: null,
      recurring: false,
      ...day,
      saturday: false,
      sunday: false,
      from_time: null,
      to_time: null,
      start_date: '2026-12-10T09:00:00.000Z',
      end_date: '2026-12-10T17:00:00.000Z',
      time_zone: 'America/Chicago',
      starts_at: '2026-12-10T09:00:00.000Z',
      ends_at: '2026-12-10T17:00:00.000Z',
      created_at: '2026-12-01T09:00:00.000Z',
      updated_at: '2026-12-01T09:00:00.000Z',
      id_location: '00000000-0000-4000-8000-000000000041',
      location: { id: '00000000-0000-4000-8000-000000000041', name: 'Harbour Dock' },
      id_product: '00000000-0000-4000-8000-000000000051',
      product: { id: '00000000-0000-4000-8000-000000000051', name: 'Cordless Drill' },
    } as unknown as TReservation;
    renderWithProviders(
      <ReservationFormDialog open reservation={reservation} isAdmin={false} onClose={() => {}} />,
    );
    expect(await screen.findByRole('combobox', { name: /Location/ })).toHaveValue('Harbour Dock');
    expect(screen.getByRole('combobox', { name: /Product/ })).toHaveValue('Cordless Drill');
    expectNoWholeList(fetchMock, 'locations');
    expectNoWholeList(fetchMock, 'products');
  });
});
