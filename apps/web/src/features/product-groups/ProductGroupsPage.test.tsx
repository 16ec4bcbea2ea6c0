import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { ProductGroupsPage } from './ProductGroupsPage';

const GROUP = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Drills',
  image: null,
  id_size: null,
  size: null,
  products: [],
  one_to_one: true,
  charging_time: null,
  auto_repair: false,
  transaction_number: null,
  total_inventory: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

// fetch is the boundary to the API server, which does not run under jsdom.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/filters/'))
        return jsonResponse({ page: 'product-groups', columns: null, filters: {} });
      if (url.startsWith('/api/product-groups?'))
        return jsonResponse({ items: [GROUP], total: 1, pages: 1, page: 1, page_size: 25 });
      return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 25 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const open = async (role: 'admin' | 'member') => {
  sessionStore.signedIn(makeTokens(makeUser(role)));
  renderWithProviders(<ProductGroupsPage disableVirtualization />, '/product-groups');
  await screen.findByText('Drills');
};

describe('ProductGroupsPage', () => {
  it('lets an admin open a group from its row and its edit action', async () => {
    await open('admin');
    expect(screen.getByRole('button', { name: 'Edit Drills' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('Drills'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows a member no edit: no action, and the row does not open (spec operational §1)', async () => {
    await open('member');
    expect(screen.queryByRole('button', { name: 'Edit Drills' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Drills' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Drills'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // adding stays open to members
    expect(screen.getByRole('button', { name: 'Add Product Group' })).toBeEnabled();
  });
});
