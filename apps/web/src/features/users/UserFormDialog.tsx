import { type TUser, USER_CSV_HEADERS, USER_MESSAGES } from '@lockerops/contract';
import { Box } from '@mui/material';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormTextField } from '../../components/form';
import { HistoryLog } from '../../components/HistoryLog';
import { saveUser, USERS_ENDPOINT, useNotificationChannel, usersKey, useUserForm } from './hooks';

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
  const form = useUserForm(user, open);
  const channel = useNotificationChannel();
  const { control } = form;
  const editing = !!user;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit User' : 'Add User'}
      form={form}
      onSubmit={(values) => saveUser(user?.id, values, channel)}
      successMessage={editing ? USER_MESSAGES.updated : USER_MESSAGES.created}
      invalidateKey={usersKey}
      formTabLabel={editing ? 'Edit User' : undefined}
      bulkUpload={
        isAdmin && !editing
          ? { endpoint: USERS_ENDPOINT, headers: USER_CSV_HEADERS, templateName: 'users_template.csv' }
          : undefined
      }
      extraTabs={
        user ? [{ label: 'User History Log', content: <HistoryLog entity="user" id={user.id} /> }] : []
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <FormTextField control={control} name="name" label="First Name" required />
        <FormTextField control={control} name="last_name" label="Last Name" />
      </Box>
      <FormTextField control={control} name="email" label="Email" required={channel === 'email'} />
      <FormTextField
        control={control}
        name="phone_number"
        label="Phone Number"
        required={channel === 'sms'}
        placeholder="+14155550100"
        helperText="Include + and the country code"
      />
      <FormTextField control={control} name="address" label="Address" />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <FormTextField control={control} name="user_id" label="User ID" />
        <FormTextField
          control={control}
          name="pin_code"
          label="Pin Code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Box>
      <FormCheckbox control={control} name="require_auth" label="Require authentication" />
    </FormDialog>
  );
}
