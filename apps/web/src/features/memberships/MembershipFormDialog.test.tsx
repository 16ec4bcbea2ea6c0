import type { TMembership } from '@lockerops/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { MembershipFormDialog } from './MembershipFormDialog';

const PLAN: TMembership = {
  id: '00000000-0000-4000-8000-000000000041',
  name: 'Gold',
  description: null,
  active: true,
  currency: 'usd',
  amount: 10,
  billing_type: 'one_time',
  billing_period: null,
  number_of_payments: null,
  membership_type: 'unlimited',
  value: null,
  stripe_product_id: null,
  stripe_price_id: null,
  card_on_file: false,
  locations: [{ id: '00000000-0000-4000-8000-000000000042', name: 'Union Station' }],
  users: [{ id: '00000000-0000-4000-8000-000000000043', name: 'Ada Lovelace' }],
  subscribed: true,
  subscribers: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MembershipFormDialog', () => {
  it('names the saved locations and users and searches more on the server', async () => {
    const fetchMock = stubPickerFetch();
    renderWithProviders(<MembershipFormDialog open membership={PLAN} isAdmin onClose={() => {}} />);
    expect(await screen.findByText('Union Station', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    await searchPicker(fetchMock, 'Users', 'users', 'gra');
    await searchPicker(fetchMock, 'Locations', 'locations', 'uni');
    expectNoWholeList(fetchMock, 'users');
    expectNoWholeList(fetchMock, 'locations');
  });
});
