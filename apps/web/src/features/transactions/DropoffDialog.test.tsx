import type { TTransaction } from '@lockerops/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { expectNoWholeList, fetchedUrls, searchPicker, stubPickerFetch } from '../../test/pickers';
import { DropoffDialog } from './TransactionActionDialogs';

const LOCATION_ID = '00000000-0000-4000-8000-0000000000d1';
const TRANSACTION = {
  id: '00000000-0000-4000-8000-0000000000e9',
  invoice_id: 'INV-000042',
  location: { id: LOCATION_ID, name: 'Main St' },
} as unknown as TTransaction;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DropoffDialog', () => {
  it("searches the available doors of the transaction's location on the server", async () => {
    const fetchMock = stubPickerFetch();
    renderWithProviders(<DropoffDialog open transaction={TRANSACTION} onClose={() => {}} />);
    await screen.findByRole('combobox', { name: /Device/ }, { timeout: 5000 });
    await searchPicker(fetchMock, /Device/, 'devices', '12');
    const searches = fetchedUrls(fetchMock).filter(
      (u) => u.startsWith('/api/devices?') && u.includes('search=12'),
    );
    expect(
      searches.every((u) => u.includes(`id_location=${LOCATION_ID}`) && u.includes('by_status=available')),
    ).toBe(true);
    expectNoWholeList(fetchMock, 'devices');
  });
});
