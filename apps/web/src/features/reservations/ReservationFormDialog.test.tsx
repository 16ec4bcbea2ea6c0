import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse } from '../../test/fixtures';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
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
});
