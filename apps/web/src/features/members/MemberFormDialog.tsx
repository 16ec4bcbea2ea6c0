import { MEMBER_CSV_HEADERS, MEMBER_MESSAGES, ROLE_LABELS, ROLES, type TMember } from '@lockerops/contract';
import { Box, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { HistoryLog } from '../../components/HistoryLog';
import { MEMBERS_ENDPOINT, membersKey, saveMember, useMemberForm } from './hooks';

/**
 * "Add Member" / "Edit Member" (spec operational §2, §5 Member): e-mail (read-only when editing),
 * first and last name, role, PIN (4–8 digits, not 1234), send reported issues. Adding sends the
 * invitation with a temporary password. Admins adding also get "Bulk Upload".
 */
export function MemberFormDialog({
  open,
  member,
  onClose,
}: {
  open: boolean;
  member: TMember | null;
  onClose: () => void;
}) {
  const form = useMemberForm(member, open);
  const { register, control, formState } = form;
  const err = (k: keyof typeof formState.errors) => formState.errors[k]?.message;
  const editing = !!member;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Member' : 'Add Member'}
      form={form}
      onSubmit={(values) => saveMember(member?.user_id, values)}
      successMessage={editing ? MEMBER_MESSAGES.updated : MEMBER_MESSAGES.created}
      invalidateKey={membersKey}
      formTabLabel={editing ? 'Edit Member' : undefined}
      bulkUpload={
        editing
          ? undefined
          : { endpoint: MEMBERS_ENDPOINT, headers: MEMBER_CSV_HEADERS, templateName: 'members_template.csv' }
      }
      extraTabs={
        member ? [{ label: 'History Log', content: <HistoryLog entity="member" id={member.user_id} /> }] : []
      }
    >
      <TextField
        label="Email"
        required
        {...register('email')}
        slotProps={{ htmlInput: { readOnly: editing } }}
        disabled={editing}
        error={!!err('email')}
        helperText={err('email')}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          label="First Name"
          required
          {...register('first_name')}
          error={!!err('first_name')}
          helperText={err('first_name')}
        />
        <TextField
          label="Last Name"
          {...register('last_name')}
          error={!!err('last_name')}
          helperText={err('last_name')}
        />
      </Box>
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <TextField
            select
            label="Role"
            required
            value={field.value ?? ''}
            onChange={field.onChange}
            error={!!err('role')}
            helperText={err('role')}
          >
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Pin Code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
        {...register('pin_code')}
        error={!!err('pin_code')}
        helperText={err('pin_code')}
      />
      <Controller
        control={control}
        name="send_reported_issues"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Send reported issues"
          />
        )}
      />
    </FormDialog>
  );
}
