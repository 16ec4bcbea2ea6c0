import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { SizesPage } from './SizesPage';

const SIZE = {
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

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/filters/')) return jsonResponse({ page: 'sizes', columns: null, filters: {} });
    if (url === '/api/sizes' && init?.method === 'POST') return jsonResponse({ ...SIZE, name: 'Large' });
    if (url.startsWith('/api/sizes?'))
      return jsonResponse({ items: [SIZE], total: 1, pages: 1, page: 1, page_size: 25 });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup(); // unmount before the session goes, or the page re-renders without a user
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const open = async (role: 'admin' | 'member') => {
  sessionStore.signedIn(makeTokens(makeUser(role)));
  renderWithProviders(<SizesPage disableVirtualization />, '/sizes');
  await screen.findByText('Small');
  fireEvent.click(screen.getByRole('button', { name: 'Add Size' }));
  return screen.findByRole('dialog');
};

describe('SizesPage', () => {
  it('gives admins the Individual Upload and Bulk Upload tabs', async () => {
    const dialog = await open('admin');
    expect(within(dialog).getByRole('tab', { name: 'Individual Upload' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Bulk Upload' })).toBeInTheDocument();
  });

  it('gives members only the form, validates with the contract and creates the size', async () => {
    const dialog = await open('member');
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Large' } });
    fireEvent.change(within(dialog).getByLabelText(/^Width/), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText(/^Depth/), { target: { value: '1.234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Width must be greater than 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Depth must have up to 2 decimal places')).toBeInTheDocument();
    expect(within(dialog).getByText('Height required')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/^Width/), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText(/^Depth/), { target: { value: '1.5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Height/), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Size created successfully')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find((c) => c[1]?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      name: 'Large',
      width: 20,
      depth: 1.5,
      height: 30,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
