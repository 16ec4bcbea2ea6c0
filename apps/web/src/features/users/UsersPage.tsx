import type { TUser } from '@lockerops/contract';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePhoneCountry } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type TableFilter } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { userColumns } from './columns';
import { USERS_ENDPOINT, usersKey, useSetUserActive, ZUserPage } from './hooks';
import { UserFormDialog } from './UserFormDialog';

const FILTER_KEYS = [
  'by_phone',
  'by_email',
  'by_first_name',
  'by_user_id',
  'by_last_name',
  'by_address',
] as const;

/** The address a user's QR code points at: the user details page (spec operational §2). */
export const userDetailsUrl = (id: string, origin = window.location.origin) =>
  `${origin}/users/${id}/details`;

/**
 * /users (spec operational §2 Users): Add User, the users table with search and column filters,
 * "Edit User" (with "User History Log"), activate / deactivate after confirmation (admins), a QR code
 * per user linking to users/{id}/details, and the user's transaction history.
 */
export function UsersPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('users');
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ user: TUser | null } | null>(null);
  const [toggling, setToggling] = useState<TUser | null>(null);
  const [qr, setQr] = useState<TUser | null>(null);
  const setActive = useSetUserActive();
  // the column filters of spec operational §7 Users: GET users by_phone, by_email, …
  const filters = useMemo<TableFilter[]>(
    () =>
      FILTER_KEYS.map((k) => ({ key: k, kind: 'text', label: t('filterBy', { label: t(`filter.${k}`) }) })),
    [t],
  );

  const country = usePhoneCountry();
  const columns = useMemo(
    () =>
      userColumns({
        t,
        isAdmin,
        country,
        onEdit: (u) => setDialog({ user: u }),
        onToggleActive: setToggling,
        onQrCode: setQr,
        onTransactions: (u) => navigate(`/users/${u.id}/details`),
      }),
    [t, isAdmin, navigate, country],
  );

  return (
    <>
      <PageTitle title={t('title')} actions={addAction(t('add'), () => setDialog({ user: null }))} />
      <DataTable<TUser>
        queryKey={usersKey}
        endpoint={USERS_ENDPOINT}
        schema={ZUserPage}
        columns={columns}
        filterPage="users"
        filters={filters}
        filtersToggle={(count) => (count ? t('filtersCount', { count }) : t('filters'))}
        canSelect={isAdmin}
        bulkDelete
        exportModel="user"
        disableVirtualization={disableVirtualization}
      />
      <UserFormDialog
        open={!!dialog}
        user={dialog?.user ?? null}
        isAdmin={isAdmin}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        destructive={!!toggling?.active}
        open={!!toggling}
        title={toggling?.active ? t('toggle.deactivateTitle') : t('toggle.activateTitle')}
        message={t(toggling?.active ? 'toggle.deactivateMessage' : 'toggle.activateMessage', {
          name: toggling?.name ?? '',
        })}
        confirmText={toggling?.active ? t('toggle.deactivate') : t('toggle.activate')}
        loading={setActive.isPending}
        onConfirm={() =>
          toggling &&
          setActive.mutate(
            { id: toggling.id, active: !toggling.active },
            { onSettled: () => setToggling(null) },
          )
        }
        onCancel={() => setToggling(null)}
      />
      <Dialog open={!!qr} onClose={() => setQr(null)}>
        <DialogTitle>{t('column.qrCode')}</DialogTitle>
        <DialogContent>
          {qr ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, p: 1 }}>
              <QRCodeSVG
                value={userDetailsUrl(qr.id)}
                size={200}
                aria-label={t('column.qrCodeOf', { name: qr.name })}
              />
              <Typography variant="body2">
                {qr.name} {qr.last_name ?? ''}
              </Typography>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setQr(null)}>{t('common:button.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
