import { ROLES, type TMember, type TRole } from '@lockerops/contract';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { DataTable } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import {
  fetchMembers,
  MEMBERS_ENDPOINT,
  membersKey,
  type TMemberRow,
  useBulkRole,
  useResendPassword,
  useSetMemberEnabled,
} from './hooks';
import { MemberFormDialog } from './MemberFormDialog';

/** The account statuses with a label in the catalogs (`status.<value>`); any other shows as stored. */
const STATUSES = new Set(['CONFIRMED', 'FORCE_CHANGE_PASSWORD']);

/** "Edit Team Members": one role for every selected member (spec operational §2). */
function BulkRoleDialog({ ids, onClose }: { ids: string[] | null; onClose: () => void }) {
  const { t } = useTranslation('members');
  const label = useEnumLabel();
  const [role, setRole] = useState<TRole | ''>('');
  const bulk = useBulkRole();
  return (
    <Dialog open={!!ids} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('bulkTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          label={t('column.role')}
          value={role}
          onChange={(e) => setRole(e.target.value as TRole)}
          sx={{ mt: 1 }}
        >
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {label('role', r)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:button.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!role || bulk.isPending}
          onClick={() => ids && role && bulk.mutate({ ids, role }, { onSuccess: onClose })}
        >
          {t('common:button.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /team-members (spec operational §2, §1): Add Member, the members table (e-mail, name, role,
 * status, verified, enabled). Admins edit a member by clicking the e-mail, toggle the account,
 * resend the password link to a pending member (not their own) and change roles in bulk; members
 * see e-mails and names as plain text.
 */
export function TeamMembersPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('members');
  const label = useEnumLabel();
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const [dialog, setDialog] = useState<{ member: TMember | null } | null>(null);
  const [bulkIds, setBulkIds] = useState<string[] | null>(null);
  const setEnabled = useSetMemberEnabled();
  const resend = useResendPassword();

  const columns = useMemo<GridColDef<TMemberRow>[]>(
    () => [
      {
        field: 'email',
        headerName: t('column.email'),
        flex: 1.4,
        minWidth: 200,
        renderCell: ({ row }) =>
          isAdmin ? (
            <Link
              component="button"
              type="button"
              underline="hover"
              onClick={() => setDialog({ member: row })}
            >
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
          isAdmin && row.user_id !== me.user_id ? (
            <Switch
              size="small"
              checked={row.enabled}
              onChange={(e) => setEnabled.mutate({ id: row.user_id, enabled: e.target.checked })}
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
          isAdmin && row.user_id !== me.user_id && row.status === 'FORCE_CHANGE_PASSWORD' ? (
            <Button size="small" disabled={resend.isPending} onClick={() => resend.mutate(row.email)}>
              {t('column.resend')}
            </Button>
          ) : null,
      },
    ],
    [t, label, isAdmin, me.user_id, setEnabled, resend],
  );

  return (
    <>
      <PageTitle
        title={t('title')}
        actions={isAdmin ? addAction(t('add'), () => setDialog({ member: null })) : null}
      />
      <DataTable<TMemberRow>
        queryKey={membersKey}
        endpoint={MEMBERS_ENDPOINT}
        fetcher={fetchMembers}
        columns={columns}
        filterPage="members"
        canSelect={isAdmin}
        bulkDelete
        exportModel="member"
        bulkActions={(ids) => (
          <Button size="small" disabled={!ids.length} onClick={() => setBulkIds(ids)}>
            {t('editBulk')}
          </Button>
        )}
        disableVirtualization={disableVirtualization}
      />
      <MemberFormDialog open={!!dialog} member={dialog?.member ?? null} onClose={() => setDialog(null)} />
      <BulkRoleDialog ids={bulkIds} onClose={() => setBulkIds(null)} />
    </>
  );
}
