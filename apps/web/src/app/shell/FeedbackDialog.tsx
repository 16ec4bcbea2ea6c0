import { zodResolver } from '@hookform/resolvers/zod';
import { DEPARTMENTS, MSG, ZFeedbackRequest } from '@lockerops/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatApiError } from '../../api/errors';
import { useSendFeedback } from '../../api/feedback';
import { FormTextField } from '../../components/form';
import { useResultDialog } from '../../components/ResultDialog';
import { translateMessage } from '../../i18n/messages';

type TFeedbackForm = z.input<typeof ZFeedbackRequest>;
const EMPTY: TFeedbackForm = {
  location: '',
  device: '',
  member: '',
  department: undefined,
  description: '',
  notes: '',
};

/** Only image files are accepted (spec console §5 Feedback). */
export const allImages = (files: readonly File[]) => files.every((f) => f.type.startsWith('image/'));

/** 'Send Feedback' dialog of spec console §2, validated with the contract's ZFeedbackRequest. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const showResult = useResultDialog();
  const send = useSendFeedback();
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const { control, handleSubmit, reset } = useForm<TFeedbackForm, unknown, z.output<typeof ZFeedbackRequest>>(
    {
      resolver: zodResolver(ZFeedbackRequest),
      defaultValues: EMPTY,
    },
  );

  const close = () => {
    reset(EMPTY);
    setImages([]);
    setImageError(null);
    send.reset();
    onClose();
  };

  const submit = handleSubmit(async (v) => {
    await send.mutateAsync({ ...v, images });
    close();
    showResult({ type: 'success', message: translateMessage(MSG.feedbackThanks) });
  });

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <DialogTitle>{t('feedback.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {send.error ? <Alert severity="error">{formatApiError(send.error)}</Alert> : null}
            <FormTextField control={control} name="location" label={t('feedback.location')} />
            <FormTextField control={control} name="device" label={t('feedback.device')} />
            <FormTextField control={control} name="member" label={t('feedback.member')} />
            <Controller
              control={control}
              name="department"
              render={({ field }) => (
                <TextField
                  select
                  label={t('feedback.department')}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value || undefined)}
                  onBlur={field.onBlur}
                  name={field.name}
                >
                  {DEPARTMENTS.map((d) => (
                    <MenuItem key={d} value={d}>
                      {t(`feedback.departments.${d}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormTextField
              control={control}
              name="description"
              label={t('feedback.description')}
              required
              multiline
              minRows={3}
            />
            <FormTextField control={control} name="notes" label={t('feedback.notes')} multiline minRows={2} />
            <div>
              <Button variant="outlined" component="label">
                {t('feedback.addImages')}
                <input
                  hidden
                  type="file"
                  accept="image/*"
                  multiple
                  aria-label={t('feedback.images')}
                  onChange={(e) => {
                    const files = Array.from(e.target.files ?? []);
                    e.target.value = '';
                    if (!allImages(files)) {
                      setImageError(translateMessage(MSG.notImages));
                      return;
                    }
                    setImageError(null);
                    setImages((prev) => [...prev, ...files]);
                  }}
                />
              </Button>
              {images.length ? (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {images.map((f) => f.name).join(', ')}
                </Typography>
              ) : null}
              {imageError ? <FormHelperText error>{imageError}</FormHelperText> : null}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('button.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {t('button.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
