import { MSG } from '@lockerops/contract';
import {
  Avatar,
  Box,
  Button,
  ButtonBase,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetailText } from '../../api/errors';
import { translateMessage } from '../../i18n/messages';
import { useUploadLogo } from './hooks';

/**
 * The organization's logo on the welcome card (spec console §2): a click enlarges it in a dialog,
 * where admins upload a new one (`PATCH white-label/logo`). Images only: 'Only images are allowed'
 * (spec console §5), checked here by type and on the server by content.
 */
export function OrganizationLogo({
  src,
  name,
  canUpload,
}: {
  src: string | null;
  name: string;
  canUpload: boolean;
}) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation('dashboard');
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      enqueueSnackbar(translateMessage(MSG.onlyImages), { variant: 'error' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => enqueueSnackbar(translateMessage(MSG.saved), { variant: 'success' }),
      onError: (e) => enqueueSnackbar(errorDetailText(e), { variant: 'error' }),
    });
  };
  const initial = name.charAt(0).toUpperCase();
  return (
    <>
      <ButtonBase aria-label={t('logo.enlarge')} onClick={() => setOpen(true)} sx={{ borderRadius: 1 }}>
        <Avatar
          src={src ?? undefined}
          alt={t('logo.alt', { name })}
          variant="rounded"
          sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 32 }}
        >
          {initial}
        </Avatar>
      </ButtonBase>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="logo-dialog-title"
      >
        <DialogTitle id="logo-dialog-title">{t('logo.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          {src ? (
            <Box
              component="img"
              src={src}
              alt={t('logo.alt', { name })}
              sx={{ maxWidth: '100%', maxHeight: 400, objectFit: 'contain' }}
            />
          ) : (
            <Typography color="text.secondary">{t('logo.none')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          {canUpload ? (
            <>
              <input
                ref={input}
                type="file"
                accept="image/*"
                hidden
                data-testid="logo-input"
                onChange={(e) => {
                  choose(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button onClick={() => input.current?.click()} disabled={upload.isPending}>
                {t('logo.upload')}
              </Button>
            </>
          ) : null}
          <Button onClick={() => setOpen(false)}>{t('common:button.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
