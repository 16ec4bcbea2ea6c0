import type { TPage } from '@lockerops/contract';
import { endpoints } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../testing';
import { DataTable, TABLE_TEXT } from './DataTable';
import type { TableFilter } from './filters';

interface Row {
  id: string;
  name: string;
  description: string | null;
  width: number;
  depth: number;
  height: number;
  image: string | null;
  external_id: string | null;
  available_devices: number;
  created_at: string;
  updated_at: string;
}
const row = (i: number): Row => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Size ${i}`,
  description: null,
  width: 10,
  depth: 12,
  height: 14,
  image: null,
  external_id: null,
  available_devices: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const page = (items: Row[]): TPage<Row> => ({ items, total: items.length, pages: 1, page: 1, page_size: 25 });
const columns: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Name', width: 150 },
  { field: 'width', headerName: 'Width', width: 100 },
];

// fetch is the boundary to the API server, which does not run under jsdom; every request is recorded
// so the tests can assert the list query the table sends.
let fetchMock: ReturnType<typeof vi.fn>;
const listUrls = () =>
  fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/sizes?'));

beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/filters/')) return jsonResponse({ page: 'sizes', columns: null, filters: {} });
    if (url.startsWith('/api/sizes?')) return jsonResponse(page([row(1), row(2)]));
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderTable = (canSelect: boolean, path = '/sizes') =>
  renderWithProviders(
    <DataTable<Row>
      queryKey={['sizes']}
      endpoint={endpoints.sizes}
      columns={columns}
      filterPage="sizes"
      canSelect={canSelect}
      bulkDelete
      exportModel="size"
      disableVirtualization
    />,
    path,
  );

describe('DataTable', () => {
  it('sends page and size and shows the rows', async () => {
    renderTable(true);
    expect(await screen.findByText('Size 1')).toBeInTheDocument();
    expect(listUrls()[0]).toBe('/api/sizes?page=1&size=25');
  });

  it('opens the next page with the cursor of the page before it, and asks the first page by number', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (!url.startsWith('/api/sizes?')) return jsonResponse({ page: 'sizes', columns: null, filters: {} });
      const p = Number(new URL(url, 'http://x').searchParams.get('page'));
      const items = Array.from({ length: 25 }, (_, i) => row((p - 1) * 25 + i + 1));
      return jsonResponse({ ...page(items), total: 60, pages: 3, page: p, next_cursor: `after-${p}` });
    });
    renderTable(true);
    await screen.findByText('Size 1');
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Size 26');
    expect(listUrls().at(-1)).toBe('/api/sizes?page=2&size=25&cursor=after-1');
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Size 51');
    expect(listUrls().at(-1)).toBe('/api/sizes?page=3&size=25&cursor=after-2');
    fireEvent.click(screen.getByRole('button', { name: /previous page/i }));
    await screen.findByText('Size 26');
    fireEvent.click(screen.getByRole('button', { name: /previous page/i }));
    await screen.findByText('Size 1');
    expect(
      listUrls()
        .filter((u) => u.includes('page=1&'))
        .every((u) => !u.includes('cursor')),
    ).toBe(true);
  });

  it('marks an estimated total as such in the pagination', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (!url.startsWith('/api/sizes?')) return jsonResponse({ page: 'sizes', columns: null, filters: {} });
      const search = new URL(url, 'http://x').searchParams.get('search');
      const items = Array.from({ length: 25 }, (_, i) => row(i + 1));
      return search
        ? jsonResponse({ ...page(items.slice(0, 2)), total: 2 })
        : jsonResponse({ ...page(items), total: 1234567, pages: 49383, total_estimated: true });
    });
    renderTable(true);
    expect(await screen.findByText('1–25 of about 1,234,567')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText(/search/i), { target: { value: 'si' } });
    // the search is sent after its 300 ms pause: give a loaded machine more than the default second
    expect(await screen.findByText('1–2 of 2', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows "No Data to Show" for an empty page', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/sizes?')
        ? jsonResponse(page([]))
        : jsonResponse({ page: 'sizes', columns: null, filters: {} }),
    );
    renderTable(true);
    expect(await screen.findByText(TABLE_TEXT.empty)).toBeInTheDocument();
  });

  it('cycles a header default → ascending → descending → default and sends the sort', async () => {
    const { router } = renderTable(true);
    await screen.findByText('Size 1');
    const header = () => screen.getByRole('columnheader', { name: /Name/ });
    fireEvent.click(within(header()).getByText('Name'));
    await waitFor(() => expect(listUrls().at(-1)).toContain('sort_by=name&order=asc'));
    fireEvent.click(within(header()).getByText('Name'));
    await waitFor(() => expect(listUrls().at(-1)).toContain('sort_by=name&order=desc'));
    expect(router.state.location.search).toBe('?sort_by=name&order=desc');
    fireEvent.click(within(header()).getByText('Name'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(listUrls().at(-1)).toBe('/api/sizes?page=1&size=25');
  });

  it('lets admins tick rows and delete them after confirmation', async () => {
    renderTable(true);
    await screen.findByText('Size 1');
    const boxes = screen.getAllByRole('checkbox', { name: /select row/i });
    const first = boxes[0]!;
    expect(first).toBeEnabled();
    fireEvent.click(first);
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    fetchMock.mockImplementationOnce(async () => jsonResponse({ detail: 'ok', deleted: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('1 item(s) deleted successfully')).toBeInTheDocument();
    const del = fetchMock.mock.calls.find((c) => c[1]?.method === 'DELETE');
    expect(JSON.parse(String(del?.[1]?.body))).toEqual({ ids: [row(1).id] });
  });

  it('shows disabled checkboxes and no bulk actions to non-admins', async () => {
    renderTable(false);
    await screen.findByText('Size 1');
    const boxes = screen.getAllByRole('checkbox', { name: /select row/i });
    for (const b of boxes) expect(b).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it('searches only from 2 characters, 300 ms after the last keystroke', async () => {
    const { router } = renderTable(true);
    await screen.findByText('Size 1');
    const box = screen.getByRole('textbox', { name: 'Search' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(box, { target: { value: 'a' } });
    await act(async () => vi.advanceTimersByTime(300));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.search).toBe('?search=a'));
    expect(listUrls().some((u) => u.includes('search='))).toBe(false);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(box, { target: { value: 'ab' } });
    await act(async () => vi.advanceTimersByTime(299));
    expect(router.state.location.search).toBe('?search=a');
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(listUrls().at(-1)).toBe('/api/sizes?page=1&size=25&search=ab'));
  });

  it('lists hideable columns under the spec text and hides a toggled one', async () => {
    renderTable(true);
    await screen.findByText('Size 1');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(await screen.findByText(TABLE_TEXT.columnsHint)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Width'));
    await waitFor(() =>
      expect(screen.queryByRole('columnheader', { name: /Width/ })).not.toBeInTheDocument(),
    );
    expect(JSON.parse(localStorage.getItem('tableColumns:sizes') ?? '{}')).toEqual({ width: false });
    const put = fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ columns: ['name'] });
  });
});

describe('DataTable filters in the URL', () => {
  beforeEach(() => localStorage.removeItem('lockerops.sizes.filters'));
  const FILTERS: TableFilter[] = [
    {
      key: 'by_status',
      kind: 'select',
      label: 'Status',
      emptyLabel: 'All',
      options: [
        { value: 'open', label: 'Open' },
        { value: 'closed', label: 'Closed' },
      ],
      values: ['open', 'closed'],
      remember: true,
    },
    { key: 'by_email', kind: 'text', label: 'Email' },
  ];
  const renderFiltered = (path = '/sizes') =>
    renderWithProviders(
      <DataTable<Row>
        queryKey={['sizes']}
        endpoint={endpoints.sizes}
        columns={columns}
        filterPage="sizes"
        canSelect={false}
        filters={FILTERS}
        disableVirtualization
      />,
      path,
    );
  const choose = async (name: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
  };

  it('puts a chosen filter in the URL and the request; a remount, Back and a link restore it', async () => {
    const first = renderFiltered();
    await screen.findByText('Size 1');
    await choose('Open');
    await waitFor(() => expect(first.router.state.location.search).toBe('?by_status=open'));
    await waitFor(() => expect(listUrls().at(-1)).toBe('/api/sizes?page=1&size=25&by_status=open'));

    // Back from another page returns to the filtered list
    await act(() => first.router.navigate('/elsewhere'));
    await act(() => first.router.navigate(-1));
    expect(first.router.state.location.search).toBe('?by_status=open');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Open');
    first.unmount();

    // a bookmarked or shared link (a reload) opens with its filter, whatever was remembered
    fetchMock.mockClear();
    const linked = renderFiltered('/sizes?by_status=closed');
    await screen.findByText('Size 1');
    expect(listUrls()[0]).toBe('/api/sizes?page=1&size=25&by_status=closed');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Closed');
    expect(linked.router.state.location.search).toBe('?by_status=closed');
  });

  it('opens the next visit with a remembered filter, written into the URL', async () => {
    const first = renderFiltered();
    await screen.findByText('Size 1');
    await choose('Closed');
    await waitFor(() => expect(first.router.state.location.search).toBe('?by_status=closed'));
    expect(JSON.parse(localStorage.getItem('lockerops.sizes.filters') ?? '{}')).toEqual({
      by_status: 'closed',
    });
    first.unmount();

    fetchMock.mockClear();
    const again = renderFiltered();
    await screen.findByText('Size 1');
    expect(listUrls()[0]).toBe('/api/sizes?page=1&size=25&by_status=closed');
    await waitFor(() => expect(again.router.state.location.search).toBe('?by_status=closed'));

    // "All" clears the filter and what is remembered
    await choose('All');
    await waitFor(() => expect(again.router.state.location.search).toBe(''));
    expect(JSON.parse(localStorage.getItem('lockerops.sizes.filters') ?? '{}')).toEqual({});
  });

  it('drops a value the filter does not take', async () => {
    const view = renderFiltered('/sizes?by_status=bogus');
    await screen.findByText('Size 1');
    expect(listUrls()[0]).toBe('/api/sizes?page=1&size=25');
    expect(view.router.state.location.search).toBe('?by_status=bogus');
  });

  it('sends a text filter after the pause and keeps it in the URL', async () => {
    const view = renderFiltered();
    await screen.findByText('Size 1');
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: ' ada@x.test ' } });
    await waitFor(() => expect(view.router.state.location.search).toBe('?by_email=ada%40x.test'));
    await waitFor(() => expect(listUrls().at(-1)).toBe('/api/sizes?page=1&size=25&by_email=ada%40x.test'));
    // text filters are not remembered unless marked so
    expect(localStorage.getItem('lockerops.sizes.filters')).toBeNull();
  });
});
