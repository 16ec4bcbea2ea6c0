import { type TUser, USER_CSV_HEADERS, USER_MESSAGES } from '@lockerops/contract';
import { Box, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
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
  const { register, control, formState } = form;
  const err = (k: keyof typeof formState.errors) => formState.errors[k]?.message;
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
        <TextField
          label="First Name"
          required
          {...register('name')}
          error={!!err('name')}
          helperText={err('name')}
        />
        <TextField
          label="Last Name"
          {...register('last_name')}
          error={!!err('last_name')}
          helperText={err('last_name')}
        />
      </Box>
      <TextField
        label="Email"
        required={channel === 'email'}
        {...register('email')}
        error={!!err('email')}
        helperText={err('email')}
      />
      <TextField
        label="Phone Number"
        required={channel === 'sms'}
        placeholder="+14155550100"
        {...register('phone_number')}
        error={!!err('phone_number')}
        helperText={err('phone_number') ?? 'Include + and the country code'}
      />
      <TextField
        label="Address"
        {...register('address')}
        error={!!err('address')}
        helperText={err('address')}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          label="User ID"
          {...register('user_id')}
          error={!!err('user_id')}
          helperText={err('user_id')}
        />
        <TextField
          label="Pin Code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          {...register('pin_code')}
          error={!!err('pin_code')}
          helperText={err('pin_code')}
        />
      </Box>
      <Controller
        control={control}
        name="require_auth"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Require authentication"
          />
        )}
      />
    </FormDialog>
  );
}
