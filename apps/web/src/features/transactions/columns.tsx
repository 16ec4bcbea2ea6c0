import type { TTransaction } from '@lockerops/contract';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import { IconButton, Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { MouseEvent } from 'react';
import { When } from '../../components/When';
import type { useEnumLabel } from '../../i18n/enums';
import { formatDateTime, formatDuration, formatMoney } from '../../lib/format';

export interface TransactionColumnOptions {
  /** the `transactions` namespace's translate function (the headers follow the language) */
  t: TFunction;
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>;
  /** the organization's currency code (usd) */
  currency: string;
  /**
   * the zone of a place from its own zone (`location.time_zone`), else the organization's: a
   * transaction's times are its place's
   */
  zoneOf: (timeZone: string | null | undefined) => string;
  /** admins: the Action column and the device link (spec: operational §1) */
  isAdmin: boolean;
  onUser: (t: TTransaction) => void;
  onDevice: (t: TTransaction) => void;
  onActions: (t: TTransaction, anchor: HTMLElement) => void;
  /** whether a row has any action for this user (the button is hidden otherwise) */
  hasActions: (t: TTransaction) => boolean;
}

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * Columns of the transactions table (spec: operational §2 Transactions, §3 Transaction (event)). Fields
 * are the server's sort keys (user, location, locker_number, …). The user name opens User Details; the
 * locker number opens Device Details for admins and is plain text for members and viewers.
 */
export function transactionColumns(o: TransactionColumnOptions): GridColDef<TTransaction>[] {
  const { t, label } = o;
  const money = (
    field: 'total' | 'refunded_amount' | 'penalize_charge',
    headerName: string,
    sortable = false,
  ) =>
    ({
      field,
      headerName,
      width: 120,
      sortable,
      valueFormatter: (v: number | null) => formatMoney(v, o.currency),
    }) satisfies GridColDef<TTransaction>;
  const date = (field: 'created_at' | 'started_at' | 'ended_at', headerName: string) =>
    ({
      field,
      headerName,
      width: 175,
      valueFormatter: (v: string | null, row: TTransaction) =>
        formatDateTime(v, { timeZone: o.zoneOf(row.location?.time_zone) }),
      renderCell: ({ value, row }) => (
        <When value={value as string | null} zone={o.zoneOf(row.location?.time_zone)} />
      ),
    }) satisfies GridColDef<TTransaction>;

  const columns: GridColDef<TTransaction>[] = [
    { field: 'invoice_id', headerName: t('column.invoiceId'), width: 130 },
    // the state and the times first: in sight next to the sidebar at a desktop width
    {
      field: 'event_status',
      headerName: t('column.status'),
      width: 190,
      valueFormatter: (v: TTransaction['event_status']) => label('transactionStatus', v),
    },
    date('created_at', t('column.created')),
    date('started_at', t('column.started')),
    date('ended_at', t('column.ended')),
    { field: 'order_id', headerName: t('column.orderId'), width: 130 },
    {
      field: 'event_type',
      headerName: t('column.type'),
      width: 110,
      valueFormatter: (v: TTransaction['event_type']) => label('mode', v),
    },
    {
      field: 'user',
      headerName: t('column.user'),
      minWidth: 160,
      flex: 1,
      valueGetter: (_v, row) =>
        row.user
          ? [row.user.name, row.user.last_name].filter(Boolean).join(' ')
          : (row.email ?? row.phone_number ?? ''),
      renderCell: ({ row, value }) =>
        row.user ? (
          <Link
            component="button"
            type="button"
            onClick={(e: MouseEvent) => {
              stop(e);
              o.onUser(row);
            }}
          >
            {String(value)}
          </Link>
        ) : (
          String(value ?? '')
        ),
    },
    {
      field: 'location',
      headerName: t('column.location'),
      minWidth: 140,
      flex: 1,
      valueGetter: (_v, row) => row.location?.name ?? '',
    },
    {
      field: 'locker_number',
      headerName: t('column.locker'),
      width: 100,
      valueGetter: (_v, row) => row.device?.locker_number ?? null,
      renderCell: ({ row, value }) =>
        row.device && o.isAdmin ? (
          <Link
            component="button"
            type="button"
            aria-label={t('column.deviceLink', { name: row.device.name })}
            onClick={(e: MouseEvent) => {
              stop(e);
              o.onDevice(row);
            }}
          >
            {String(value)}
          </Link>
        ) : value === null || value === undefined ? (
          '-'
        ) : (
          String(value)
        ),
    },
    {
      field: 'total_time',
      headerName: t('column.duration'),
      width: 110,
      valueFormatter: (v: number | null) => formatDuration(v),
    },
    money('total', t('column.total'), true),
    money('refunded_amount', t('column.refunded')),
    money('penalize_charge', t('column.penalty')),
  ];
  // The action menu leads the row so it is in view however many columns are shown.
  if (o.isAdmin)
    columns.unshift({
      field: 'actions',
      headerName: t('common:table.action'),
      width: 80,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) =>
        o.hasActions(row) ? (
          <IconButton
            size="small"
            aria-label={t('column.actionsFor', { invoice: row.invoice_id })}
            onClick={(e) => {
              stop(e);
              o.onActions(row, e.currentTarget);
            }}
          >
            <MoreVertOutlined fontSize="small" />
          </IconButton>
        ) : null,
    });
  return columns;
}
