import { SIZE_MESSAGES, sizesEndpoints, type TSize } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionStore } from '../../api/session';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { FormTextField } from '../form';
import { renderWithProviders } from '../testing';
import { ResourceFormDialog } from './ResourceFormDialog';

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
const ZName = z.object({ name: z.string().min(1, 'Name required') });
const valuesOf = (size: TSize | null) => ({ name: size?.name ?? '' });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStore.signedIn(makeTokens(makeUser('admin')));
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (url === '/api/sizes' && init?.method === 'POST') return jsonResponse({ ...SIZE, ...body });
    if (url === `/api/sizes/${SIZE.id}` && init?.method === 'PUT') return jsonResponse({ ...SIZE, ...body });
    if (url.startsWith('/api/history/')) return jsonResponse({ items: [] });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

/** A one-field size dialog declared from the contract's sizes endpoint. */
function render(row: TSize | null, isAdmin: boolean, onClose = vi.fn()) {
  renderWithProviders(
    <ResourceFormDialog
      open
      row={row}
      isAdmin={isAdmin}
      onClose={onClose}
      title={{ add: 'Add Size', edit: 'Edit Size' }}
      schema={ZName}
      valuesOf={valuesOf}
      endpoint={sizesEndpoints.sizes}
      messages={SIZE_MESSAGES}
      invalidateKey={['sizes']}
      csvHeaders={['name']}
      history={{ label: 'History Log', entity: 'size' }}
    >
      {({ control }) => <FormTextField control={control} name="name" label="Name" required />}
    </ResourceFormDialog>,
  );
  return onClose;
}

const sent = (method: string) => {
  const call = fetchMock.mock.calls.find((c) => c[1]?.method === method);
  return call ? { url: String(call[0]), body: JSON.parse(String(call[1]?.body)) } : undefined;
};

describe('ResourceFormDialog', () => {
  it('gives an admin adding the Individual and Bulk Upload tabs, validates and creates through the endpoint', async () => {
    const onClose = render(null, true);
    const dialog = await screen.findByRole('dialog', { name: 'Add Size' });
    expect(within(dialog).getByRole('tab', { name: 'Individual Upload' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Bulk Upload' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'History Log' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name required')).toBeInTheDocument();
    expect(sent('POST')).toBeUndefined();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Large' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Size created successfully')).toBeInTheDocument();
    expect(sent('POST')).toEqual({ url: '/api/sizes', body: { name: 'Large' } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('gives a member adding only the form', async () => {
    render(null, false);
    const dialog = await screen.findByRole('dialog', { name: 'Add Size' });
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
  });

  it('edits a row from its values, updates it by id and offers its History Log, never the Bulk Upload', async () => {
    render(SIZE, true);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Size' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Small');
    expect(within(dialog).getByRole('tab', { name: 'History Log' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Bulk Upload' })).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Medium' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Size updated successfully')).toBeInTheDocument();
    expect(sent('PUT')).toEqual({ url: `/api/sizes/${SIZE.id}`, body: { name: 'Medium' } });
  });
});
