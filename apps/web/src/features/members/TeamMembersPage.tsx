import { ROLES, type TMember, type TRole } from '@lockerops/contract';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { DataTable } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import { memberColumns } from './columns';
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

  const columns = useMemo(
    () =>
      memberColumns({
        t,
        label,
        isAdmin,
        meId: me.user_id,
        onEdit: (member) => setDialog({ member }),
        onEnable: (row, enabled) => setEnabled.mutate({ id: row.user_id, enabled }),
        onResend: (row) => resend.mutate(row.email),
        resending: resend.isPending,
      }),
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
