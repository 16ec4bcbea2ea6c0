import type { TProduct } from '@lockerops/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse } from '../../test/fixtures';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { ProductFormDialog } from './ProductFormDialog';

const GROUP_REF = { id: '00000000-0000-4000-8000-000000000a01', name: 'Drills' };
const CONDITION_REF = { id: '00000000-0000-4000-8000-000000000b01', name: 'Like new' };
const PRODUCT: TProduct = {
  id: '00000000-0000-4000-8000-000000000c01',
  name: 'Cordless Drill',
  image: null,
  serial_number: null,
  sku: 'DR-1',
  price: null,
  sales_price: null,
  msrp: null,
  description: null,
  id_product_group: GROUP_REF.id,
  product_group: GROUP_REF,
  id_condition: CONDITION_REF.id,
  condition: CONDITION_REF,
  devices: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const page = (items: unknown[]) =>
  jsonResponse({ items, total: items.length, pages: 1, page: 1, page_size: 20 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Edit Product: group and condition pickers', () => {
  it('names the saved group and condition, and searches both on the server, never listing all', async () => {
    const fetchMock = stubPickerFetch((url) =>
      url.startsWith('/api/product-groups?') && url.includes('search=sand')
        ? page([{ id: '00000000-0000-4000-8000-000000000a02', name: 'Sanders' }])
        : undefined,
    );
    renderWithProviders(<ProductFormDialog open product={PRODUCT} isAdmin={false} onClose={() => {}} />);
    expect(await screen.findByRole('combobox', { name: 'Product Group' })).toHaveValue('Drills');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('Like new');
    await searchPicker(fetchMock, 'Product Group', 'product-groups', 'sand');
    expect(await screen.findByText('Sanders', undefined, { timeout: 5000 })).toBeInTheDocument();
    await searchPicker(fetchMock, 'Condition', 'conditions', 'worn');
    expectNoWholeList(fetchMock, 'product-groups');
    expectNoWholeList(fetchMock, 'conditions');
  });
});
