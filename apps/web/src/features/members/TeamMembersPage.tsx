import { ROLE_LABELS, ROLES, type TMember, type TRole } from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
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
import { useCurrentUser } from '../../api/session';
import { DataTable } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
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

const STATUS_LABELS: Record<string, string> = {
  CONFIRMED: 'Confirmed',
  FORCE_CHANGE_PASSWORD: 'Pending',
};

/** "Edit Team Members": one role for every selected member (spec operational §2). */
function BulkRoleDialog({ ids, onClose }: { ids: string[] | null; onClose: () => void }) {
  const [role, setRole] = useState<TRole | ''>('');
  const bulk = useBulkRole();
  return (
    <Dialog open={!!ids} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Edit Team Members</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value as TRole)}
          sx={{ mt: 1 }}
        >
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!role || bulk.isPending}
          onClick={() => ids && role && bulk.mutate({ ids, role }, { onSuccess: onClose })}
        >
          Save
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
        headerName: 'Email',
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
        headerName: 'Name',
        flex: 1,
        valueGetter: (_v, row) => [row.first_name, row.last_name].filter(Boolean).join(' '),
      },
      { field: 'role', headerName: 'Role', width: 130, valueGetter: (_v, row) => ROLE_LABELS[row.role] },
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        valueGetter: (_v, row) => STATUS_LABELS[row.status] ?? row.status,
      },
      {
        field: 'verified',
        headerName: 'Verified',
        width: 100,
        valueGetter: (_v, row) => (row.verified ? 'Yes' : 'No'),
      },
      {
        field: 'enabled',
        headerName: 'Enabled',
        width: 100,
        sortable: false,
        renderCell: ({ row }) =>
          isAdmin && row.user_id !== me.user_id ? (
            <Switch
              size="small"
              checked={row.enabled}
              onChange={(e) => setEnabled.mutate({ id: row.user_id, enabled: e.target.checked })}
              slotProps={{ input: { 'aria-label': `${row.enabled ? 'Disable' : 'Enable'} ${row.email}` } }}
            />
          ) : row.enabled ? (
            'Yes'
          ) : (
            'No'
          ),
      },
      {
        field: 'actions',
        headerName: 'Action',
        width: 190,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) =>
          isAdmin && row.user_id !== me.user_id && row.status === 'FORCE_CHANGE_PASSWORD' ? (
            <Button size="small" disabled={resend.isPending} onClick={() => resend.mutate(row.email)}>
              Resend password link
            </Button>
          ) : null,
      },
    ],
    [isAdmin, me.user_id, setEnabled, resend],
  );

  return (
    <>
      <PageTitle
        title="Team Members"
        actions={
          isAdmin ? (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setDialog({ member: null })}
            >
              Add Member
            </Button>
          ) : null
        }
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
            Edit
          </Button>
        )}
        disableVirtualization={disableVirtualization}
      />
      <MemberFormDialog open={!!dialog} member={dialog?.member ?? null} onClose={() => setDialog(null)} />
      <BulkRoleDialog ids={bulkIds} onClose={() => setBulkIds(null)} />
    </>
  );
}
