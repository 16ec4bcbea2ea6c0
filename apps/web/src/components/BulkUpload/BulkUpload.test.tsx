import { CSV_MESSAGES, endpoints, type TBulkUploadRow } from '@lockerops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../testing';
import { BulkUpload } from './BulkUpload';
import { checkCsvFile, csvTemplate, summarizeUpload } from './bulkUploadResult';

const HEADERS = ['name', 'description', 'width', 'depth', 'height', 'external_id'] as const;
const csv = (rows: number) =>
  new File(
    [[HEADERS.join(','), ...Array.from({ length: rows }, (_, i) => `S${i},,1,2,3,`)].join('\n')],
    'sizes.csv',
    {
      type: 'text/csv',
    },
  );

afterEach(() => vi.unstubAllGlobals());

describe('summarizeUpload (spec operational §8 texts)', () => {
  it('all rows saved', () => {
    const s = summarizeUpload([
      { row: 1, detail: true },
      { row: 2, detail: true },
    ]);
    expect(s).toEqual({ kind: 'ok', headlines: ['2 row(s) uploaded successfully!'], rowErrors: [] });
  });

  it('every row failed', () => {
    const s = summarizeUpload([
      { row: 1, detail: 'Name required' },
      { row: 2, detail: 'Width must be greater than 0' },
    ]);
    expect(s.kind).toBe('failed');
    expect(s.headlines).toEqual(['Upload was unsuccessful!']);
    expect(s.rowErrors).toEqual([
      'Error ocurred on row 1: Name required',
      'Error ocurred on row 2: Width must be greater than 0',
    ]);
  });

  it('some rows failed', () => {
    const s = summarizeUpload([
      { row: 1, detail: true },
      { row: 2, detail: 'Height required' },
      { row: 3, detail: true },
    ]);
    expect(s.kind).toBe('partial');
    expect(s.headlines).toEqual(['2 rows was successfully added', '1 rows has failed']);
    expect(s.rowErrors).toEqual(['Error ocurred on row 2: Height required']);
  });
});

describe('checkCsvFile', () => {
  it('accepts up to 500 rows and refuses 501', async () => {
    expect(await checkCsvFile(csv(500))).toEqual({ ok: true, rows: 500 });
    expect(await checkCsvFile(csv(501))).toEqual({ ok: false, message: CSV_MESSAGES.tooManyRows });
  });

  it('refuses an empty or header-less file as unreadable', async () => {
    const empty = new File([''], 'x.csv', { type: 'text/csv' });
    expect(await checkCsvFile(empty)).toEqual({
      ok: false,
      message: "Couldn't read the file. Please try again.",
    });
    expect(await checkCsvFile(csv(0))).toEqual({
      ok: false,
      message: "Couldn't read the file. Please try again.",
    });
  });

  it('builds the template from the headers', () => {
    expect(csvTemplate(HEADERS)).toBe('name,description,width,depth,height,external_id\r\n');
  });
});

describe('BulkUpload', () => {
  const answer = (rows: TBulkUploadRow[]) => {
    // fetch is the boundary to the API server (not running under jsdom); it answers the per-row results.
    const fetchMock = vi.fn(async () => jsonResponse(rows));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('needs a file, uploads it as multipart with dry_run, and shows the partial result', async () => {
    const fetchMock = answer([
      { row: 1, detail: true },
      { row: 2, detail: 'Name required' },
    ]);
    renderWithProviders(<BulkUpload endpoint={endpoints.sizes} headers={HEADERS} allowDryRun />);
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    fireEvent.change(screen.getByTestId('bulk-upload-file'), { target: { files: [csv(2)] } });
    fireEvent.click(screen.getByLabelText('Validate only'));
    fireEvent.click(upload);
    expect(await screen.findByText('1 rows was successfully added')).toBeInTheDocument();
    expect(screen.getByText('1 rows has failed')).toBeInTheDocument();
    expect(screen.getByText('Error ocurred on row 2: Name required')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sizes/csv');
    const body = init.body as FormData;
    expect((body.get('file') as File).name).toBe('sizes.csv');
    expect(body.get('dry_run')).toBe('true');
  });

  it('shows success and failure texts', async () => {
    answer([{ row: 1, detail: true }]);
    const onUploaded = vi.fn();
    renderWithProviders(<BulkUpload endpoint={endpoints.sizes} headers={HEADERS} onUploaded={onUploaded} />);
    fireEvent.change(screen.getByTestId('bulk-upload-file'), { target: { files: [csv(1)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findAllByText('1 row(s) uploaded successfully!')).length).toBeGreaterThan(0);
    expect(onUploaded).toHaveBeenCalledWith(1);

    answer([{ row: 1, detail: 'Name required' }]);
    fireEvent.change(screen.getByTestId('bulk-upload-file'), { target: { files: [csv(1)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload was unsuccessful!')).toBeInTheDocument();
    expect(screen.getByText('Error ocurred on row 1: Name required')).toBeInTheDocument();
  });

  it('refuses more than 500 rows without calling the server', async () => {
    const fetchMock = answer([]);
    renderWithProviders(<BulkUpload endpoint={endpoints.sizes} headers={HEADERS} />);
    fireEvent.change(screen.getByTestId('bulk-upload-file'), { target: { files: [csv(501)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(CSV_MESSAGES.tooManyRows)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
