import { endpoints } from '@lockerops/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../components/testing';
import { jsonResponse } from '../test/fixtures';
import { useExport } from './useExport';

function ExportButton({ ids }: { ids?: string[] }) {
  const { exportCsv } = useExport('size', endpoints.sizes.export);
  return (
    <button type="button" onClick={() => void exportCsv({ ids, query: { page: 2, size: 25, search: 'ab' } })}>
      Export
    </button>
  );
}

const createObjectURL = vi.fn(() => 'blob:x');
beforeEach(() => {
  // jsdom has no object URLs; the download itself is the browser's job.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('useExport', () => {
  it('announces the export, sends the search (not the page) and reports the count', async () => {
    // fetch is the boundary to the API server, which does not run under jsdom.
    const fetchMock = vi.fn(
      async () =>
        new Response('name\nS1\nS2\n', {
          headers: { 'Content-Disposition': 'attachment; filename="size_export.csv"', 'X-Export-Count': '2' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ExportButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exporting all the data is in progress...')).toBeInTheDocument();
    expect(await screen.findByText('Exported 2 item(s) successfully')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe('/api/sizes/export?search=ab');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('exports the selected ids', async () => {
    const fetchMock = vi.fn(async () => new Response('name\n', { headers: { 'X-Export-Count': '1' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ExportButton ids={['a', 'b']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exported 1 item(s) successfully')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe('/api/sizes/export?ids=a%2Cb');
  });

  it('shows the server detail, or the download text when there is none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Cannot export items with different hardware types' }, 400)),
    );
    const first = renderWithProviders(<ExportButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Cannot export items with different hardware types')).toBeInTheDocument();
    first.unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    renderWithProviders(<ExportButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText("Couldn't download the file. Please try again.")).toBeInTheDocument();
  });
});
