import { ISSUE_MESSAGES, type TIssue } from '@lockerops/contract';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Box, Button, FormHelperText, IconButton, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormSearchPicker, FormTextField } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { issuesKey, saveIssue, useIssueForm, useOrderLookup } from './hooks';

export interface IssueFormDialogProps {
  open: boolean;
  /** the issue being edited; null creates one */
  issue: TIssue | null;
  onClose: () => void;
}

const isImage = (f: File) => f.type.startsWith('image/');

/**
 * "Create Issue" / "Edit Issue" (spec console §2 Issues list, §5 Issue): the order/invoice number,
 * looked up as it is typed ('Order No. does not exist.' when no transaction has it), description (at
 * most 200), the reporting user and the assigned team member (both searched on the server as typed), and
 * images ('One or more of the selected files are not images. Please try again.'). Sent as multipart.
 */
export function IssueFormDialog({ open, issue, onClose }: IssueFormDialogProps) {
  const form = useIssueForm(issue, open);
  const { control, watch, setValue } = form;
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const inputId = useId();
  const { t } = useTranslation('issues');
  useEffect(() => {
    if (open) {
      setFiles([]);
      setFileError(null);
    }
  }, [open]);
  const number = String(watch('invoice_id') ?? '');
  const lookup = useOrderLookup(open ? number : '');
  const found = lookup.data;
  // the saved record names its customer and team member, so both show when it is reopened
  const savedUser =
    issue?.id_user && issue.user
      ? { id: issue.id_user, label: issue.user.name, secondary: issue.user.email ?? undefined }
      : null;
  const savedMember =
    issue?.team_member_id && issue.team_member
      ? { id: issue.team_member_id, label: issue.team_member.name, secondary: issue.team_member.email }
      : null;
  const pictures = (watch('pictures') as string[] | undefined) ?? [];
  const orderLooked = number.trim().length >= 3 && lookup.isSuccess;
  const orderHint = orderLooked
    ? found
      ? t('form.order', { number: found.invoice_id })
      : translateMessage(ISSUE_MESSAGES.orderNotFound)
    : undefined;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={issue ? t('form.editTitle') : t('action.create')}
      form={form}
      onSubmit={(values) => {
        if (fileError) return Promise.reject(new Error(fileError));
        return saveIssue(issue?.id, values, files, found?.id);
      }}
      successMessage={translateMessage(issue ? ISSUE_MESSAGES.updated : ISSUE_MESSAGES.created)}
      invalidateKey={issuesKey}
    >
      <FormTextField
        control={control}
        name="invoice_id"
        label={t('field.orderNo')}
        required
        error={orderLooked && !found}
        helperText={orderHint}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('field.description')}
        required
        multiline
        minRows={3}
        helperText={`${String(watch('description') ?? '').length}/200`}
      />
      <FormSearchPicker
        control={control}
        name="id_user"
        area="users"
        label={t('field.user')}
        initial={savedUser}
      />
      <FormSearchPicker
        control={control}
        name="team_member_id"
        area="members"
        label={t('field.teamMember')}
        initial={savedMember}
      />
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('form.images')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          {pictures.map((url) => (
            <Box key={url} sx={{ position: 'relative' }}>
              <img
                src={url}
                alt={t('form.imageAlt')}
                style={{ width: 80, height: 60, objectFit: 'cover', borderRadius: 4 }}
              />
              <IconButton
                size="small"
                aria-label={t('form.removeImage')}
                sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper' }}
                onClick={() =>
                  setValue(
                    'pictures',
                    pictures.filter((p) => p !== url),
                  )
                }
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Box>
          ))}
          {files.map((f) => (
            <Typography key={f.name} variant="caption" sx={{ alignSelf: 'center' }}>
              {f.name}
            </Typography>
          ))}
        </Box>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="issue-images"
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (picked.some((f) => !isImage(f))) {
              setFileError(translateMessage(ISSUE_MESSAGES.notImages));
              return;
            }
            setFileError(null);
            setFiles((prev) => [...prev, ...picked]);
          }}
        />
        <Button component="label" htmlFor={inputId} variant="outlined" size="small">
          {t('form.addImages')}
        </Button>
        {fileError ? <FormHelperText error>{fileError}</FormHelperText> : null}
      </Box>
    </FormDialog>
  );
}
