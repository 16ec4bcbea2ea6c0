import { MODE_LABELS, type TReservation } from '@lockerops/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDate, formatDateTime, formatPhone } from '../../lib/format';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * The time a reservation occupies, as the table shows it: on the wall clock of `zone` (its
 * location's), the zone named (`01/15/2027 10:00 AM – 12:00 PM CST`).
 */
export function whenText(r: TReservation, zone: string = r.time_zone): string {
  if (!r.recurring) {
    const from = formatDateTime(r.start_date, { timeZone: zone });
    const to = formatDateTime(r.end_date, { timeZone: zone, zoneName: true });
    // the same day: its date once
    const day = (s: string) => s.split(' ')[0] ?? s;
    return day(from) === day(to) && from.includes(' ')
      ? `${from} – ${to.slice(day(to).length + 1)}`
      : `${from} – ${to}`;
  }
  const days = DAYS.every((d) => r[d])
    ? 'Every day'
    : DAYS.filter((d) => r[d])
        .map((d) => d.slice(0, 3))
        .join(', ');
  return `${days} ${r.from_time}–${r.to_time} (${r.time_zone}), ${formatDate(r.start_date)} – ${formatDate(r.end_date)}`;
}

/**
 * Columns of the reservations table (spec operational §2 Reservations, §3 Reservation). Delete is
 * offered to admins only: members cannot delete reservations (spec §1).
 */
export function reservationColumns(a: {
  /** the zone of a location (its own, else the organization's) */
  zoneOf: (idLocation: string | null | undefined) => string;
  /** the organization's country: its phone numbers read nationally */
  country?: string;
  onEdit: (r: TReservation) => void;
  onDelete?: (r: TReservation) => void;
}): GridColDef<TReservation>[] {
  return [
    { field: 'tracking_number', headerName: 'Tracking Number', width: 150 },
    {
      field: 'mode',
      headerName: 'Mode',
      width: 100,
      valueFormatter: (v: TReservation['mode']) => MODE_LABELS[v],
    },
    {
      field: 'user',
      headerName: 'User',
      width: 150,
      sortable: false,
      valueGetter: (_v, r) => r.user?.name ?? '',
    },
    {
      field: 'location',
      headerName: 'Location',
      width: 140,
      sortable: false,
      valueGetter: (_v, r) => r.location?.name ?? '',
    },
    {
      field: 'size',
      headerName: 'Size',
      width: 100,
      sortable: false,
      valueGetter: (_v, r) => r.size?.name ?? '',
    },
    {
      field: 'device',
      headerName: 'Locker Number',
      width: 120,
      sortable: false,
      valueGetter: (_v, r) => r.device?.locker_number ?? '',
    },
    {
      field: 'product',
      headerName: 'Product',
      width: 130,
      sortable: false,
      valueGetter: (_v, r) => r.product?.name ?? '',
    },
    {
      field: 'phone_number',
      headerName: 'Phone Number',
      width: 150,
      sortable: false,
      valueFormatter: (v: string | null) => formatPhone(v, a.country),
    },
    { field: 'email', headerName: 'Email', width: 180, sortable: false },
    {
      field: 'recurring',
      headerName: 'Type',
      width: 110,
      valueFormatter: (v: boolean) => (v ? 'Recurring' : 'Custom Range'),
    },
    {
      field: 'start_date',
      headerName: 'When',
      flex: 1,
      minWidth: 260,
      valueGetter: (_v, r) => whenText(r, a.zoneOf(r.id_location)),
    },
    { field: 'status', headerName: 'Status', width: 90 },
    {
      field: 'created_at',
      headerName: 'Created',
      width: 170,
      valueFormatter: (v: string) => formatDateTime(v),
    },
    {
      field: 'actions',
      headerName: 'Action',
      width: 110,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title="Edit">
            <IconButton
              size="small"
              aria-label={`Edit reservation ${row.tracking_number ?? ''}`}
              onClick={() => a.onEdit(row)}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {a.onDelete ? (
            <Tooltip title="Delete">
              <IconButton
                size="small"
                aria-label={`Delete reservation ${row.tracking_number ?? ''}`}
                onClick={() => a.onDelete?.(row)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </>
      ),
    },
  ];
}
