import type { TUser } from '@lockerops/contract';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePhoneCountry } from '../../api/place';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type ListActions, ListPage } from '../../components/ListPage';
import { userColumns } from './columns';
import { userFilters } from './filters';
import { USERS_ENDPOINT, usersKey, useSetUserActive, ZUserPage } from './hooks';
import { UserFormDialog } from './UserFormDialog';

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
  const navigate = useNavigate();
  const [toggling, setToggling] = useState<TUser | null>(null);
  const [qr, setQr] = useState<TUser | null>(null);
  const setActive = useSetUserActive();
  const filters = useMemo(() => userFilters(t), [t]);
  const country = usePhoneCountry();
  const columns = useCallback(
    ({ isAdmin, edit }: ListActions<TUser>) =>
      userColumns({
        t,
        isAdmin,
        country,
        onEdit: edit,
        onToggleActive: setToggling,
        onQrCode: setQr,
        onTransactions: (u) => navigate(`/users/${u.id}/details`),
      }),
    [t, navigate, country],
  );

  return (
    <ListPage<TUser>
      ns="users"
      endpoint={USERS_ENDPOINT}
      queryKey={usersKey}
      schema={ZUserPage}
      columns={columns}
      filterPage="users"
      filters={filters}
      filtersToggle={(count) => (count ? t('filtersCount', { count }) : t('filters'))}
      exportModel="user"
      rowClick="none"
      dialog={({ row, ...p }) => <UserFormDialog user={row} {...p} />}
      disableVirtualization={disableVirtualization}
    >
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
    </ListPage>
  );
}
