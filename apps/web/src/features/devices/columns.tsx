import type { TDevice } from '@lockerops/contract';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { IconButton, Link, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { TEnumGroup } from '../../i18n/enums';
import { canUnlock, lockStatusValue } from '../../lib/lockStatus';

export interface DeviceColumnsOptions {
  t: TFunction;
  label: (group: TEnumGroup, value: string) => string;
  isAdmin: boolean;
  /** the row's maintenance button: put the door into maintenance, or back */
  onMaintain: (device: TDevice) => void;
  onUnlock: (device: TDevice) => void;
  onDelete: (device: TDevice) => void;
}

/**
 * A row action: an icon button with its tooltip that does not open the row's details. A button
 * that can be disabled sits in a span, since a disabled button fires no events for the tooltip.
 */
function RowAction({
  title,
  ariaLabel,
  disabled,
  onClick,
  icon,
}: {
  title: string;
  ariaLabel: string;
  disabled?: boolean;
  onClick: () => void;
  icon: ReactNode;
}) {
  const button = (
    <IconButton
      size="small"
      aria-label={ariaLabel}
      disabled={disabled}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {icon}
    </IconButton>
  );
  return <Tooltip title={title}>{disabled === undefined ? button : <span>{button}</span>}</Tooltip>;
}

/**
 * The Devices table's columns (spec operational §2 Devices): locker number, name, the admin's row
 * actions (maintenance, unlock, delete), location (a link to it for admins), mode, size, status,
 * lock status, hardware, custom id and the jams of the last 30 days.
 */
export function deviceColumns({
  t,
  label,
  isAdmin,
  onMaintain,
  onUnlock,
  onDelete,
}: DeviceColumnsOptions): GridColDef<TDevice>[] {
  return [
    { field: 'locker_number', headerName: t('column.lockerNumber'), width: 100 },
    { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 140 },
    // right after the name, so the row's actions are in sight at every width; only for admins, the
    // one role the server lets maintain, unlock or delete (others would see an empty column)
    ...(isAdmin ? [actionsColumn({ t, onMaintain, onUnlock, onDelete })] : []),
    {
      field: 'location',
      headerName: t('field.location'),
      minWidth: 140,
      sortable: false,
      valueGetter: (_v, row) =>
        row.shared_from_parent ? t('column.shared', { name: row.location.name }) : row.location.name,
      // admins open the device's location from here
      renderCell: ({ row, value }) =>
        isAdmin && !row.shared_from_parent ? (
          <Link
            component={RouterLink}
            to={`/locations?location=${row.id_location}`}
            aria-label={t('column.locationLink', { name: row.location.name })}
            onClick={(e) => e.stopPropagation()}
          >
            {String(value)}
          </Link>
        ) : (
          String(value ?? '')
        ),
    },
    {
      field: 'mode',
      headerName: t('field.mode'),
      width: 110,
      valueGetter: (_v, row) => label('mode', row.mode),
    },
    {
      field: 'size',
      headerName: t('field.size'),
      width: 110,
      sortable: false,
      valueGetter: (_v, row) => row.size?.name ?? '',
    },
    {
      field: 'status',
      headerName: t('field.status'),
      width: 120,
      valueGetter: (_v, row) => label('deviceStatus', row.status),
    },
    {
      field: 'lock_status',
      headerName: t('field.lockStatus'),
      width: 110,
      valueGetter: (_v, row) => label('lockStatus', lockStatusValue(row)),
    },
    {
      field: 'hardware_type',
      headerName: t('column.hardware'),
      width: 120,
      valueGetter: (_v, row) => label('hardware', row.hardware_type),
    },
    { field: 'custom_identifier', headerName: t('column.customId'), width: 120 },
    { field: 'jams_30d', headerName: t('field.jams30d'), width: 120, sortable: false, type: 'number' },
  ];
}

/** The admin's row actions: maintenance, unlock and delete (none on a parent's shared device). */
function actionsColumn({
  t,
  onMaintain,
  onUnlock,
  onDelete,
}: Pick<DeviceColumnsOptions, 't' | 'onMaintain' | 'onUnlock' | 'onDelete'>): GridColDef<TDevice> {
  return {
    field: 'actions',
    headerName: t('common:table.action'),
    width: 140,
    sortable: false,
    hideable: false,
    renderCell: ({ row }) =>
      // a parent's shared device is listed read-only (spec operational §4 Location)
      !row.shared_from_parent ? (
        <>
          <RowAction
            title={t('action.maintenance')}
            ariaLabel={t('action.maintenanceOf', { name: row.name })}
            disabled={row.status === 'reserved'}
            onClick={() => onMaintain(row)}
            icon={<BuildOutlined fontSize="small" />}
          />
          <RowAction
            title={t('action.unlock')}
            ariaLabel={t('action.unlockOf', { name: row.name })}
            disabled={!canUnlock(row)}
            onClick={() => onUnlock(row)}
            icon={<LockOpenOutlined fontSize="small" />}
          />
          <RowAction
            title={t('common:button.delete')}
            ariaLabel={t('action.deleteOf', { name: row.name })}
            onClick={() => onDelete(row)}
            icon={<DeleteOutlined fontSize="small" />}
          />
        </>
      ) : null,
  };
}
