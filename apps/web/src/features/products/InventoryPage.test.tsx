import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { bulkBody } from './BulkEditProductsDialog';
import { InventoryPage } from './InventoryPage';

const ID = '00000000-0000-4000-8000-000000000001';
const PRODUCT = {
  id: ID,
  name: 'Drill',
  image: null,
  serial_number: 'SN-1',
  sku: null,
  price: 10,
  sales_price: null,
  msrp: null,
  description: null,
  id_product_group: null,
  product_group: null,
  id_condition: null,
  condition: null,
  devices: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const entry = (n: number, state: string, label: string, at: string) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  state,
  label,
  created_at: at,
  user: null,
  actor_name: 'Demo',
  condition: state === 'maintenance' ? { id: ID, name: 'Broken' } : null,
  id_device: null,
});

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/filters/'))
      return jsonResponse({ page: 'inventory', columns: null, filters: {} });
    if (url === `/api/products/${ID}/tracking`)
      return jsonResponse({
        items: [
          entry(1, 'maintenance', 'Maintenance Ticket', '2026-01-03T00:00:00Z'),
          entry(2, 'new', 'Product Created', '2026-01-01T00:00:00Z'),
        ],
      });
    if (url === `/api/products/${ID}/duplicate` && init?.method === 'POST')
      return jsonResponse({
        detail: 'Product cloned successfully',
        product: { ...PRODUCT, serial_number: null },
      });
    if (url.startsWith('/api/products?'))
      return jsonResponse({ items: [PRODUCT], total: 1, pages: 1, page: 1, page_size: 25 });
    if (url.startsWith('/api/product-groups?') || url.startsWith('/api/conditions?'))
      return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 1000 });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const open = async (role: 'admin' | 'member') => {
  sessionStore.signedIn(makeTokens(makeUser(role)));
  renderWithProviders(<InventoryPage disableVirtualization />, '/inventory');
  await screen.findByText('Drill');
};

describe('InventoryPage', () => {
  it('opens Edit Product with the Asset History Log: newest first, creation last, maintenance in red', async () => {
    await open('admin');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Drill' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Product History Log' }));
    const log = await within(dialog).findByRole('list', { name: 'Asset History Log' });
    const items = await within(log).findAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['maintenance', 'new']);
    expect(within(items[0]!).getByText('Maintenance Ticket').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
  });

  it('lets members clone but not edit or delete', async () => {
    await open('member');
    expect(screen.queryByRole('button', { name: 'Edit Drill' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Drill' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clone Drill' }));
    await screen.findByText('Product cloned successfully');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/products/${ID}/duplicate`, expect.anything()),
    );
  });

  it('bulk edit sends only the filled fields and applies the product rules', () => {
    const ok = bulkBody([ID], { price: '5', name: '  ', msrp: '' });
    expect(ok.success && ok.data).toEqual({ id_products: [ID], product: { price: 5 } });
    const bad = bulkBody([ID], { price: '0' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
      'Cost must be greater than 0',
    ]);
  });
});
