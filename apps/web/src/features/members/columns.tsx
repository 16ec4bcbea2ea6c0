import { Button, Link, Switch } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { useEnumLabel } from '../../i18n/enums';
import type { TMemberRow } from './hooks';

/** The account statuses with a label in the catalogs (`status.<value>`); any other shows as stored. */
const STATUSES = new Set(['CONFIRMED', 'FORCE_CHANGE_PASSWORD']);

export interface MemberColumnOptions {
  /** the `members` namespace's translate function */
  t: TFunction;
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>;
  isAdmin: boolean;
  /** the signed-in member: their own account is neither toggled nor sent a new link */
  meId: string;
  onEdit: (row: TMemberRow) => void;
  onEnable: (row: TMemberRow, enabled: boolean) => void;
  onResend: (row: TMemberRow) => void;
  /** a password link is being sent */
  resending: boolean;
}

/**
 * Columns of the members table (spec operational §2): e-mail (the edit link for admins), name,
 * role, status, verified, enabled (a switch for admins) and the resend action of a pending member.
 */
export function memberColumns({
  t,
  label,
  isAdmin,
  meId,
  onEdit,
  onEnable,
  onResend,
  resending,
}: MemberColumnOptions): GridColDef<TMemberRow>[] {
  return [
    {
      field: 'email',
      headerName: t('column.email'),
      flex: 1.4,
      minWidth: 200,
      renderCell: ({ row }) =>
        isAdmin ? (
          <Link component="button" type="button" underline="hover" onClick={() => onEdit(row)}>
            {row.email}
          </Link>
        ) : (
          row.email
        ),
    },
    {
      field: 'first_name',
      headerName: t('column.name'),
      flex: 1,
      valueGetter: (_v, row) => [row.first_name, row.last_name].filter(Boolean).join(' '),
    },
    {
      field: 'role',
      headerName: t('column.role'),
      width: 130,
      valueGetter: (_v, row) => label('role', row.role),
    },
    {
      field: 'status',
      headerName: t('column.status'),
      width: 120,
      valueGetter: (_v, row) => (STATUSES.has(row.status) ? t(`status.${row.status}`) : row.status),
    },
    {
      field: 'verified',
      headerName: t('column.verified'),
      width: 100,
      valueGetter: (_v, row) => (row.verified ? t('column.yes') : t('column.no')),
    },
    {
      field: 'enabled',
      headerName: t('column.enabled'),
      width: 100,
      sortable: false,
      renderCell: ({ row }) =>
        isAdmin && row.user_id !== meId ? (
          <Switch
            size="small"
            checked={row.enabled}
            onChange={(e) => onEnable(row, e.target.checked)}
            slotProps={{
              input: {
                'aria-label': t(row.enabled ? 'column.disableEmail' : 'column.enableEmail', {
                  email: row.email,
                }),
              },
            }}
          />
        ) : row.enabled ? (
          t('column.yes')
        ) : (
          t('column.no')
        ),
    },
    {
      field: 'actions',
      headerName: t('common:table.action'),
      width: 190,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) =>
        isAdmin && row.user_id !== meId && row.status === 'FORCE_CHANGE_PASSWORD' ? (
          <Button size="small" disabled={resending} onClick={() => onResend(row)}>
            {t('column.resend')}
          </Button>
        ) : null,
    },
  ];
}
