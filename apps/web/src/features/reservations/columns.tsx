import type { TReservation } from '@lockerops/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { When } from '../../components/When';
import { i18next } from '../../i18n';
import type { useEnumLabel } from '../../i18n/enums';
import { formatDate, formatDateTime, formatMoney, formatPhone } from '../../lib/format';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * The time a reservation occupies, as the table shows it: on the wall clock of `zone` (its
 * location's), the zone named (`01/15/2027 10:00 AM – 12:00 PM CST`).
 */
export function whenText(
  r: TReservation,
  zone: string = r.time_zone,
  t: TFunction = i18next.getFixedT(null, 'reservations'),
): string {
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
    ? t('when.everyDay')
    : DAYS.filter((d) => r[d])
        .map((d) => t(`when.day.${d}`))
        .join(', ');
  return t('when.recurring', {
    days,
    from: r.from_time,
    to: r.to_time,
    zone: r.time_zone,
    start: formatDate(r.start_date),
    end: formatDate(r.end_date),
  });
}

/**
 * The payment a reservation was booked with, as the table shows it: the amount in its currency,
 * where it stands and where it was taken (`€5.00 Paid · Reservation widget`), and the sandbox's
 * label when no real money moved; empty when none was taken.
 */
export function paymentText(
  p: TReservation['payment'],
  t: TFunction,
  label: ReturnType<typeof useEnumLabel>,
): string {
  if (!p) return '';
  const text = t('column.paymentValue', {
    amount: formatMoney(p.amount, p.currency),
    status: label('reservationPaymentStatus', p.status),
    source: label('paymentSource', p.source),
  });
  return p.provider === 'sandbox' ? `${text} (${t('column.sandbox')})` : text;
}

/**
 * Columns of the reservations table (spec operational §2 Reservations, §3 Reservation). Delete is
 * offered to admins only: members cannot delete reservations (spec §1).
 */
export function reservationColumns(a: {
  /** the `reservations` namespace's translate function */
  t: TFunction;
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>;
  /** the zone of a place from its own zone (`location.time_zone`), else the organization's */
  zoneOf: (timeZone: string | null | undefined) => string;
  /** the organization's country: its phone numbers read nationally */
  country?: string;
  onEdit: (r: TReservation) => void;
  onDelete?: (r: TReservation) => void;
}): GridColDef<TReservation>[] {
  const { t, label } = a;
  return [
    { field: 'tracking_number', headerName: t('column.trackingNumber'), width: 150 },
    {
      field: 'start_date',
      headerName: t('column.when'),
      flex: 1,
      minWidth: 260,
      valueGetter: (_v, r) => whenText(r, a.zoneOf(r.location?.time_zone), t),
    },
    {
      field: 'status',
      headerName: t('column.status'),
      width: 90,
      valueFormatter: (v: TReservation['status']) => label('reservationStatus', v),
    },
    {
      field: 'payment',
      headerName: t('column.payment'),
      width: 240,
      sortable: false,
      valueGetter: (_v, r) => paymentText(r.payment, t, label),
    },
    {
      field: 'mode',
      headerName: t('column.mode'),
      width: 100,
      valueFormatter: (v: TReservation['mode']) => label('mode', v),
    },
    {
      field: 'user',
      headerName: t('column.user'),
      width: 150,
      sortable: false,
      valueGetter: (_v, r) => r.user?.name ?? '',
    },
    {
      field: 'location',
      headerName: t('column.location'),
      width: 140,
      sortable: false,
      valueGetter: (_v, r) => r.location?.name ?? '',
    },
    {
      field: 'size',
      headerName: t('column.size'),
      width: 100,
      sortable: false,
      valueGetter: (_v, r) => r.size?.name ?? '',
    },
    {
      field: 'device',
      headerName: t('column.lockerNumber'),
      width: 120,
      sortable: false,
      valueGetter: (_v, r) => r.device?.locker_number ?? '',
    },
    {
      field: 'product',
      headerName: t('column.product'),
      width: 130,
      sortable: false,
      valueGetter: (_v, r) => r.product?.name ?? '',
    },
    {
      field: 'phone_number',
      headerName: t('column.phone'),
      width: 150,
      sortable: false,
      valueFormatter: (v: string | null) => formatPhone(v, a.country),
    },
    { field: 'email', headerName: t('column.email'), width: 180, sortable: false },
    {
      field: 'recurring',
      headerName: t('column.type'),
      width: 110,
      valueFormatter: (v: boolean) => (v ? t('column.recurring') : t('column.customRange')),
    },
    {
      field: 'created_at',
      headerName: t('column.created'),
      width: 170,
      valueFormatter: (v: string, r) => formatDateTime(v, { timeZone: a.zoneOf(r.location?.time_zone) }),
      renderCell: ({ value, row }) => (
        <When value={value as string} zone={a.zoneOf(row.location?.time_zone)} />
      ),
    },
    {
      field: 'actions',
      headerName: t('common:table.action'),
      width: 110,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title={t('common:button.edit')}>
            <IconButton
              size="small"
              aria-label={t('column.editRow', { tracking: row.tracking_number ?? '' })}
              onClick={() => a.onEdit(row)}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {a.onDelete ? (
            <Tooltip title={t('common:button.delete')}>
              <IconButton
                size="small"
                aria-label={t('column.deleteRow', { tracking: row.tracking_number ?? '' })}
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
