import type { TProductGroup } from '@lockerops/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse } from '../../test/fixtures';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { ProductGroupFormDialog } from './ProductGroupFormDialog';

const PRODUCT = { id: '00000000-0000-4000-8000-000000000c01', name: 'Cordless Drill' };
const GROUP_REF = { id: '00000000-0000-4000-8000-000000000a01', name: 'Drills' };
const GROUP: TProductGroup = {
  id: GROUP_REF.id,
  name: GROUP_REF.name,
  image: null,
  id_size: null,
  size: null,
  products: [PRODUCT],
  one_to_one: true,
  charging_time: null,
  auto_repair: false,
  transaction_number: null,
  total_inventory: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const page = (items: unknown[]) =>
  jsonResponse({ items, total: items.length, pages: 1, page: 1, page_size: 20 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Edit Product Group: the group's products", () => {
  it('names the saved products and searches products on the server, never listing all', async () => {
    const fetchMock = stubPickerFetch((url) =>
      url.startsWith('/api/products?') && url.includes('search=saw')
        ? page([{ id: '00000000-0000-4000-8000-000000000c02', name: 'Circular Saw', sku: 'SW-2' }])
        : undefined,
    );
    renderWithProviders(<ProductGroupFormDialog open group={GROUP} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByText('Cordless Drill')).toBeInTheDocument(), { timeout: 5000 });
    await searchPicker(fetchMock, 'Products', 'products', 'saw');
    expect(await screen.findByText('Circular Saw', undefined, { timeout: 5000 })).toBeInTheDocument();
    expectNoWholeList(fetchMock, 'products');
  });
});
