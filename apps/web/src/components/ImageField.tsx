import { MSG } from '@lockerops/contract';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../api/errors';
import { useUploadImage } from '../api/images';
import { translateMessage } from '../i18n/messages';

export interface ImageFieldProps {
  label?: string;
  /** the stored image's URL, or null */
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  /** size hint under the field (spec §9: 400x250) */
  hint?: string;
  disabled?: boolean;
}

/**
 * An image picker that uploads at once to `POST images` and keeps the returned URL (spec operational
 * §5, §7): a preview, the hint "400x250", Remove, and "Only images are allowed!" for other files.
 */
export function ImageField({ label, value, onChange, hint = '400x250', disabled }: ImageFieldProps) {
  const inputId = useId();
  const { t } = useTranslation();
  const upload = useUploadImage();
  const [message, setMessage] = useState<string | null>(null);
  const text = label ?? t('image.label');

  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {text}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box
          sx={{
            width: 160,
            height: 100,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            bgcolor: 'action.hover',
          }}
        >
          {value ? (
            <img src={value} alt={text} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <ImageOutlined color="disabled" />
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            hidden
            data-testid="image-field-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              if (!file.type.startsWith('image/')) {
                setMessage(MSG.onlyImagesBang);
                return;
              }
              setMessage(null);
              upload.mutate(file, {
                onSuccess: (url) => onChange(url),
                onError: (err) => setMessage(formatApiError(err)),
              });
            }}
          />
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            size="small"
            disabled={disabled || upload.isPending}
          >
            {upload.isPending ? t('bulk.uploading') : value ? t('image.change') : t('image.upload')}
          </Button>
          {value ? (
            <Button size="small" color="error" disabled={disabled} onClick={() => onChange(null)}>
              {t('image.remove')}
            </Button>
          ) : null}
        </Box>
      </Box>
      <FormHelperText>{hint}</FormHelperText>
      {message ? (
        <FormHelperText
          error={message !== MSG.onlyImagesBang}
          sx={{ color: message === MSG.onlyImagesBang ? 'info.main' : undefined }}
        >
          {translateMessage(message)}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
