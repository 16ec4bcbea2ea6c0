import { MODE_LABELS, TRANSACTION_STATUS_LABELS, type TTransaction } from '@lockerops/contract';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import { IconButton, Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { MouseEvent } from 'react';
import { When } from '../../components/When';
import { formatDateTime, formatMoney } from '../../lib/format';
import { formatDuration } from './transactionView';

export interface TransactionColumnOptions {
  /** the organization's currency code (usd) */
  currency: string;
  /** the zone of a location (its own, else the organization's): a transaction's times are its place's */
  zoneOf: (idLocation: string | null | undefined) => string;
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
        formatDateTime(v, { timeZone: o.zoneOf(row.location?.id) }),
      renderCell: ({ value, row }) => (
        <When value={value as string | null} zone={o.zoneOf(row.location?.id)} />
      ),
    }) satisfies GridColDef<TTransaction>;

  const columns: GridColDef<TTransaction>[] = [
    { field: 'invoice_id', headerName: 'Invoice ID', width: 130 },
    { field: 'order_id', headerName: 'Order ID', width: 130 },
    {
      field: 'event_type',
      headerName: 'Type',
      width: 110,
      valueFormatter: (v: TTransaction['event_type']) => MODE_LABELS[v] ?? v,
    },
    {
      field: 'event_status',
      headerName: 'Status',
      width: 190,
      valueFormatter: (v: TTransaction['event_status']) => TRANSACTION_STATUS_LABELS[v] ?? v,
    },
    {
      field: 'user',
      headerName: 'User',
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
      headerName: 'Location',
      minWidth: 140,
      flex: 1,
      valueGetter: (_v, row) => row.location?.name ?? '',
    },
    {
      field: 'locker_number',
      headerName: 'Locker',
      width: 100,
      valueGetter: (_v, row) => row.device?.locker_number ?? null,
      renderCell: ({ row, value }) =>
        row.device && o.isAdmin ? (
          <Link
            component="button"
            type="button"
            aria-label={`Device ${row.device.name}`}
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
    date('created_at', 'Created'),
    date('started_at', 'Started'),
    date('ended_at', 'Ended'),
    {
      field: 'total_time',
      headerName: 'Duration',
      width: 110,
      valueFormatter: (v: number | null) => formatDuration(v),
    },
    money('total', 'Total', true),
    money('refunded_amount', 'Refunded'),
    money('penalize_charge', 'Penalty'),
  ];
  // The action menu leads the row so it is in view however many columns are shown.
  if (o.isAdmin)
    columns.unshift({
      field: 'actions',
      headerName: 'Action',
      width: 80,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) =>
        o.hasActions(row) ? (
          <IconButton
            size="small"
            aria-label={`Actions for ${row.invoice_id}`}
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
