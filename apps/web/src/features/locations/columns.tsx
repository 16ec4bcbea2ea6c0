import type { TLocation } from '@lockerops/contract';
import { Switch } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { Truncated } from '../../components/Truncated';

/**
 * Columns of the locations table (spec operational §2 Locations): name, address, devices, contact
 * e-mail, custom id and the "Live" switch (admins; a shared location is read-only).
 */
export function locationColumns(
  /** the `locations` namespace's translate function */
  t: TFunction,
  isAdmin: boolean,
  /** the Live switch flipped on a row */
  onToggle: (row: TLocation) => void,
): GridColDef<TLocation>[] {
  return [
    {
      field: 'name',
      headerName: t('field.name'),
      flex: 1,
      minWidth: 160,
      // a super-tenant parent's shared location, listed read-only (spec operational §4 Location)
      valueGetter: (_v, row) => (row.shared_from_parent ? t('column.shared', { name: row.name }) : row.name),
    },
    {
      field: 'address',
      headerName: t('field.address'),
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => <Truncated text={row.address} />,
    },
    { field: 'devices', headerName: t('field.devices'), width: 100, sortable: false },
    { field: 'contact_email', headerName: t('field.contactEmail'), width: 180 },
    { field: 'custom_id', headerName: t('field.customId'), width: 120 },
    {
      field: 'hidden',
      headerName: t('details.live'),
      width: 90,
      renderCell: ({ row }) => (
        <Switch
          size="small"
          checked={!row.hidden}
          disabled={!isAdmin || row.shared_from_parent}
          slotProps={{ input: { 'aria-label': t('column.liveOf', { name: row.name }) } }}
          onClick={(e) => e.stopPropagation()}
          onChange={() => onToggle(row)}
        />
      ),
    },
  ];
}
