import { ISSUE_MESSAGES, type TIssue } from '@lockerops/contract';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Autocomplete, Box, Button, FormHelperText, IconButton, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePeopleOptions } from '../../api/options';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/form';
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
 * most 200), the reporting user (users 1/10000) and the assigned team member (members 1/150), and
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
  const users = usePeopleOptions('users', open);
  const members = usePeopleOptions('members', open);
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
      <Controller
        control={control}
        name="id_user"
        render={({ field }) => {
          const options = users.data ?? [];
          return (
            <Autocomplete
              options={options}
              getOptionLabel={(o) => o.label}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={options.find((o) => o.id === field.value) ?? null}
              onChange={(_e, picked) => field.onChange(picked?.id ?? '')}
              renderInput={(params) => <TextField {...params} label={t('field.user')} />}
            />
          );
        }}
      />
      <Controller
        control={control}
        name="team_member_id"
        render={({ field }) => {
          const options = members.data ?? [];
          return (
            <Autocomplete
              options={options}
              getOptionLabel={(o) => o.label}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={options.find((o) => o.id === field.value) ?? null}
              onChange={(_e, picked) => field.onChange(picked?.id ?? '')}
              renderInput={(params) => <TextField {...params} label={t('field.teamMember')} />}
            />
          );
        }}
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
