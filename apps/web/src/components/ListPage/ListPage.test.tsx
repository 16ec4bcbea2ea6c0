import { SIZE_MESSAGES, sizesEndpoints, type TPage, type TSize, ZSize, zPage } from '@lockerops/contract';
import { Dialog, DialogTitle } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { sessionStore } from '../../api/session';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { rowActionsColumn } from '../DataTable';
import { renderWithProviders } from '../testing';
import { type ListActions, ListPage } from './ListPage';

const SIZE: TSize = {
  id: '00000000-0000-4000-8000-000000000001',
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
};
const ZPage: z.ZodType<TPage<TSize>> = zPage(ZSize);

// a module-level factory: stable, as a page's `useCallback` keeps it
const columns = ({ edit, remove }: ListActions<TSize>): GridColDef<TSize>[] => [
  { field: 'name', headerName: 'Name', flex: 1 },
  rowActionsColumn<TSize>({ onEdit: edit, onDelete: remove }),
];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/filters/')) return jsonResponse({ page: 'sizes', columns: null, filters: {} });
    if (url === '/api/sizes' && init?.method === 'DELETE')
      return jsonResponse({ detail: 'deleted', deleted: 1 });
    if (url.startsWith('/api/sizes?'))
      return jsonResponse({ items: [SIZE], total: 1, pages: 1, page: 1, page_size: 25 });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

/** A declared list of sizes whose dialog names the row it was opened on. */
function render(role: 'admin' | 'member', rowClick?: 'all' | 'admins' | 'none') {
  sessionStore.signedIn(makeTokens(makeUser(role)));
  renderWithProviders(
    <ListPage<TSize>
      ns="sizes"
      endpoint={sizesEndpoints.sizes}
      queryKey={['sizes']}
      schema={ZPage}
      columns={columns}
      filterPage="sizes"
      deletedMessage={SIZE_MESSAGES.deleted}
      rowClick={rowClick}
      dialog={({ open, row, isAdmin, onClose }) => (
        <Dialog open={open} onClose={onClose}>
          <DialogTitle>{`${row ? `Editing ${row.name}` : 'Adding'}${isAdmin ? ' as admin' : ''}`}</DialogTitle>
        </Dialog>
      )}
      disableVirtualization
    />,
    '/sizes',
  );
  return screen.findByText('Small');
}

describe('ListPage', () => {
  it("draws the area's heading and opens its dialog to add, from a row's click and from its edit action", async () => {
    await render('admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Sizes' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Size' }));
    expect(await screen.findByRole('dialog', { name: 'Adding as admin' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByText('Small'));
    expect(await screen.findByRole('dialog', { name: 'Editing Small as admin' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Small' }));
    expect(await screen.findByRole('dialog', { name: 'Editing Small as admin' })).toBeInTheDocument();
  });

  it("asks before deleting a row, names it, deletes it through the area's endpoint and says so", async () => {
    await render('admin');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Small' }));
    const question = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(question).toHaveTextContent('Are you sure you want to delete the size "Small"?');
    fireEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Size deleted successfully')).toBeInTheDocument();
    const del = fetchMock.mock.calls.find((c) => c[1]?.method === 'DELETE');
    expect(JSON.parse(String(del?.[1]?.body))).toEqual({ ids: [SIZE.id] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm' })).not.toBeInTheDocument());
  });

  it('opens nothing from a row when only admins may, for a member, who still adds', async () => {
    await render('member', 'admins');
    fireEvent.click(screen.getByText('Small'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Size' }));
    expect(await screen.findByRole('dialog', { name: 'Adding' })).toBeInTheDocument();
  });
});
