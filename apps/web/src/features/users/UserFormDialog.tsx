import { type TUser, USER_CSV_HEADERS, USER_MESSAGES } from '@lockerops/contract';
import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormTextField } from '../../components/form';
import { HistoryLog, useHistoryFields } from '../../components/HistoryLog';
import { translateMessage } from '../../i18n/messages';
import { USER_HISTORY_LABELS } from './historyFields';
import {
  saveUser,
  USERS_ENDPOINT,
  useNotificationChannel,
  usersKey,
  useSamePhoneUsers,
  useUserForm,
} from './hooks';

export interface UserFormDialogProps {
  open: boolean;
  /** the user being edited; null adds one */
  user: TUser | null;
  isAdmin: boolean;
  onClose: () => void;
}

/**
 * "Add User" / "Edit User" (spec operational §2 Users, §5 User): first name, last name, e-mail,
 * phone (with + and country code), address, user id, PIN (4 digits). Admins adding get "Individual
 * Upload" / "Bulk Upload" (headers name, email, phone_number, user_id, pin_code); editing shows the
 * tabs "Edit User" and "User History Log".
 */
export function UserFormDialog({ open, user, isAdmin, onClose }: UserFormDialogProps) {
  const { t } = useTranslation('users');
  const historyFields = useHistoryFields('users', USER_HISTORY_LABELS);
  const form = useUserForm(user, open);
  const channel = useNotificationChannel();
  const { control } = form;
  const editing = !!user;
  const samePhone = useSamePhoneUsers(String(form.watch('phone_number') ?? ''), user?.id);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? t('edit') : t('add')}
      form={form}
      onSubmit={(values) => saveUser(user?.id, values, channel)}
      successMessage={translateMessage(editing ? USER_MESSAGES.updated : USER_MESSAGES.created)}
      invalidateKey={usersKey}
      formTabLabel={editing ? t('edit') : undefined}
      bulkUpload={isAdmin && !editing ? { endpoint: USERS_ENDPOINT, headers: USER_CSV_HEADERS } : undefined}
      extraTabs={
        user
          ? [
              {
                label: t('form.historyTab'),
                content: <HistoryLog entity="user" id={user.id} fields={historyFields} />,
              },
            ]
          : []
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <FormTextField control={control} name="name" label={t('form.firstName')} required />
        <FormTextField control={control} name="last_name" label={t('form.lastName')} />
      </Box>
      <FormTextField control={control} name="email" label={t('form.email')} required={channel === 'email'} />
      <FormTextField
        control={control}
        name="phone_number"
        label={t('form.phone')}
        required={channel === 'sms'}
        placeholder="+14155550100"
        helperText={t('form.phoneHelp')}
      />
      {samePhone.length ? (
        <Alert severity="warning" data-testid="same-phone">
          {t('form.samePhone', {
            count: samePhone.length,
            name: [samePhone[0]!.name, samePhone[0]!.last_name].filter(Boolean).join(' '),
          })}
        </Alert>
      ) : null}
      <FormTextField control={control} name="address" label={t('form.address')} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <FormTextField control={control} name="user_id" label={t('form.userId')} />
        <FormTextField
          control={control}
          name="pin_code"
          label={t('form.pin')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Box>
      <FormCheckbox control={control} name="require_auth" label={t('form.requireAuth')} />
    </FormDialog>
  );
}
