import {
  REPORT_MESSAGES,
  reportsEndpoints,
  type TPage,
  type TReport,
  type TReportCreateInput,
  ZReport,
  zPage,
} from '@lockerops/contract';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import type { z } from 'zod';
import { apiFile } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { saveBlob } from '../../api/useExport';
import { translateMessage } from '../../i18n/messages';

/** Query-key prefix of the reports list; every report mutation invalidates it. */
export const reportsKey = ['reports'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const REPORTS_ENDPOINT = reportsEndpoints.reports;
export const ZReportPage: z.ZodType<TPage<TReport>> = zPage(ZReport);
/** The report form's values (ZReportCreateRequest, spec console §5 Report) of a report, or blank. */
export const reportValuesOf = (r: TReport | null): TReportCreateInput => ({
  name: r?.name ?? '',
  contents: r?.contents ?? [],
  assign_to: r?.assign_to ?? [],
  recurrence: r?.recurrence,
  weekday: r?.weekday ?? undefined,
  month: r?.month ?? undefined,
  when: r?.when ?? undefined,
  send_time: r?.send_time,
  include_sub_orgs: r?.include_sub_orgs ?? false,
});

/** `GET reports/download/{id}?format=` saved under the server's file name; 'Report downloaded successfully'. */
export function useReportDownload() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (report: TReport, format: 'csv' | 'pdf') => {
      try {
        const file = await apiFile(reportsEndpoints.reports.download, {
          params: { id: report.id },
          query: { format },
        });
        saveBlob(file.blob, file.filename ?? `${report.name}.${format}`);
        enqueueSnackbar(translateMessage(REPORT_MESSAGES.downloaded), { variant: 'success' });
      } catch (e) {
        enqueueSnackbar(formatApiError(e), { variant: 'error' });
      }
    },
    [enqueueSnackbar],
  );
}
