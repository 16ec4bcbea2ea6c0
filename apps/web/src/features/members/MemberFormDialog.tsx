import { MEMBER_CSV_HEADERS, MEMBER_MESSAGES, ROLES, type TMember } from '@lockerops/contract';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormSelect, FormTextField } from '../../components/form';
import { HistoryLog } from '../../components/HistoryLog';
import { translateMessage } from '../../i18n/messages';
import { useMemberHistoryFields } from './historyFields';
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
  const historyFields = useMemberHistoryFields();
  const form = useMemberForm(member, open);
  const { control } = form;
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
      bulkUpload={editing ? undefined : { endpoint: MEMBERS_ENDPOINT, headers: MEMBER_CSV_HEADERS }}
      extraTabs={
        member
          ? [
              {
                label: t('form.historyTab'),
                content: <HistoryLog entity="member" id={member.user_id} fields={historyFields} />,
              },
            ]
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
      <FormSelect control={control} name="role" label={t('form.role')} required group="role" values={ROLES} />
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
