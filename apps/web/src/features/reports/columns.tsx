import type { TReport } from '@lockerops/contract';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { useEnumLabel } from '../../i18n/enums';
import { formatDateTime } from '../../lib/format';
import { scheduleText } from './schedule';

/**
 * Columns of the Reporting list (spec console §2: name, contents, assignees, last_sent, schedule)
 * and the per-row downloads.
 */
export function reportColumns(
  download: (r: TReport, format: 'csv' | 'pdf') => void,
  /** the `reports` namespace's translate function */
  t: TFunction,
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>,
  /** the organization's zone: schedules are wall-clock times there */
  zone = 'UTC',
): GridColDef<TReport>[] {
  return [
    { field: 'name', headerName: t('column.name'), flex: 1, minWidth: 160 },
    {
      field: 'download',
      headerName: t('column.download'),
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          {(['csv', 'pdf'] as const).map((f) => (
            <Button
              key={f}
              size="small"
              aria-label={t('column.downloadAs', { format: f.toUpperCase(), name: row.name })}
              onClick={(e) => {
                e.stopPropagation();
                download(row, f);
              }}
            >
              {f.toUpperCase()}
            </Button>
          ))}
        </>
      ),
    },
    {
      field: 'contents',
      headerName: t('column.contents'),
      width: 220,
      sortable: false,
      valueGetter: (_v, row) => row.contents.map((c) => label('reportContent', c)).join(', '),
    },
    {
      field: 'assignee',
      headerName: t('column.assignees'),
      width: 180,
      sortable: false,
      valueGetter: (_v, row) => row.assignee.join(', '),
    },
    {
      field: 'schedule',
      headerName: t('column.schedule'),
      width: 280,
      sortable: false,
      valueGetter: (_v, row) => scheduleText(row, zone, t),
    },
    {
      field: 'last_sent',
      headerName: t('column.lastSent'),
      width: 170,
      valueFormatter: (v: string | null) => formatDateTime(v, { empty: '' }),
    },
  ];
}
