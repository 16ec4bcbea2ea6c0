import { MEMBER_CSV_HEADERS, MEMBER_MESSAGES, ROLES, type TMember } from '@lockerops/contract';
import { Box, MenuItem, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormTextField } from '../../components/form';
import { HistoryLog } from '../../components/HistoryLog';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
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
  const { t } = useTranslation('members');
  const label = useEnumLabel();
  const form = useMemberForm(member, open);
  const { control, formState } = form;
  const err = (k: keyof typeof formState.errors) => {
    const m = formState.errors[k]?.message;
    return m ? translateMessage(m) : undefined;
  };
  const editing = !!member;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? t('edit') : t('add')}
      form={form}
      onSubmit={(values) => saveMember(member?.user_id, values)}
      successMessage={translateMessage(editing ? MEMBER_MESSAGES.updated : MEMBER_MESSAGES.created)}
      invalidateKey={membersKey}
      formTabLabel={editing ? t('edit') : undefined}
      bulkUpload={
        editing
          ? undefined
          : { endpoint: MEMBERS_ENDPOINT, headers: MEMBER_CSV_HEADERS, templateName: 'members_template.csv' }
      }
      extraTabs={
        member
          ? [{ label: t('form.historyTab'), content: <HistoryLog entity="member" id={member.user_id} /> }]
          : []
      }
    >
      <FormTextField
        control={control}
        name="email"
        label={t('form.email')}
        required
        slotProps={{ htmlInput: { readOnly: editing } }}
        disabled={editing}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <FormTextField control={control} name="first_name" label={t('form.firstName')} required />
        <FormTextField control={control} name="last_name" label={t('form.lastName')} />
      </Box>
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <TextField
            select
            label={t('form.role')}
            required
            value={field.value ?? ''}
            onChange={field.onChange}
            error={!!err('role')}
            helperText={err('role')}
          >
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {label('role', r)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={control}
        name="pin_code"
        label={t('form.pin')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
      />
      <FormCheckbox control={control} name="send_reported_issues" label={t('form.sendIssues')} />
    </FormDialog>
  );
}
