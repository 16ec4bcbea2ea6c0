import { CSV_MESSAGES, type Endpoint, MSG } from '@lockerops/contract';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { i18next } from '../i18n';
import { translateMessage } from '../i18n/messages';
import { apiFile } from './client';
import { ApiError, formatErrorDetail } from './errors';

/** Exportable models of spec operational §7; the file is `{model}_export.csv`. */
export type TExportModel =
  | 'device'
  | 'product'
  | 'event'
  | 'size'
  | 'location'
  | 'product-group'
  | 'condition'
  | 'user'
  | 'group'
  | 'member'
  | 'reservation'
  | 'subscription'
  | 'issue';

export interface ExportRequest {
  /** the selected rows; without them everything matching `query` is exported */
  ids?: readonly string[];
  /** search, sort and area filters of the list (page and size are dropped) */
  query?: Record<string, string | number | undefined>;
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * CSV export of one model (spec operational §2 "CSV bulk upload and export", §8): shows 'Exporting all
 * the data is in progress...', calls the area's export endpoint with `ids=a,b` or the list's search and
 * filters, saves the file under the Content-Disposition name (else `{model}_export.csv`) and shows
 * 'Exported {n} item(s) successfully' with n from `X-Export-Count`. Failures show the server detail,
 * or "Couldn't download the file. Please try again." when there is none.
 */
export function useExport(model: TExportModel, endpoint: Endpoint | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const [isExporting, setExporting] = useState(false);

  const exportCsv = useCallback(
    async ({ ids, query = {} }: ExportRequest = {}) => {
      setExporting(true);
      enqueueSnackbar(translateMessage(CSV_MESSAGES.exporting), { variant: 'info' });
      try {
        const { page: _page, size: _size, ...filters } = query;
        if (!endpoint) throw new ApiError(404, null);
        const file = await apiFile(endpoint, {
          query: ids?.length ? { ids: ids.join(',') } : filters,
        });
        saveBlob(file.blob, file.filename ?? `${model}_export.csv`);
        const count = Number(file.headers.get('X-Export-Count') ?? ids?.length ?? 0);
        enqueueSnackbar(translateMessage(CSV_MESSAGES.exported(Number.isFinite(count) ? count : 0)), {
          variant: 'success',
        });
      } catch (e) {
        let text = translateMessage(CSV_MESSAGES.downloadFailed);
        // §8 'Error downloading CSV: This entity is not supported yet.' for a 404 on the export path
        if (e instanceof ApiError && e.status === 404) text = i18next.t('common:bulk.exportNotSupported');
        else if (e instanceof ApiError && e.status !== 500) {
          const detail = formatErrorDetail(e.body);
          if (detail !== translateMessage(MSG.unexpectedError)) text = detail;
        }
        enqueueSnackbar(text, { variant: 'error' });
      } finally {
        setExporting(false);
      }
    },
    [endpoint, model, enqueueSnackbar],
  );

  return { exportCsv, isExporting };
}
