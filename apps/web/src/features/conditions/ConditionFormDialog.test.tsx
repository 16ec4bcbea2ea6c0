import type { TCondition } from '@lockerops/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { ConditionFormDialog } from './ConditionFormDialog';

const CONDITION = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Broken',
  products: [{ id: '00000000-0000-4000-8000-000000000003', name: 'Drill' }],
  products_count: 1,
  auto_report: false,
  auto_maintenance: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
} as TCondition;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConditionFormDialog', () => {
  it('names the saved products and searches more on the server as they are typed', async () => {
    const fetchMock = stubPickerFetch();
    renderWithProviders(<ConditionFormDialog open condition={CONDITION} onClose={() => {}} />);
    expect(await screen.findByText('Drill', undefined, { timeout: 5000 })).toBeInTheDocument();
    await searchPicker(fetchMock, 'Products', 'products', 'dri');
    expectNoWholeList(fetchMock, 'products');
  });
});
