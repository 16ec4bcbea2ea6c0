import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Box, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/messages';

/**
 * A read-only field with a copy button that shows 'Copied!' for two seconds (spec console §2 API
 * page, Apps and widgets). Without `copyable` the button is disabled (e.g. the no-token text).
 */
export function CopyField({
  label,
  value,
  copyable = true,
  multiline = false,
}: {
  label: string;
  value: string;
  copyable?: boolean;
  multiline?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={label}
          value={value}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          fullWidth
          slotProps={{
            input: { readOnly: true, sx: multiline ? { fontFamily: 'monospace', fontSize: 13 } : {} },
          }}
        />
        <Tooltip title={t('button.copy')}>
          <span>
            <IconButton
              aria-label={t('copy.field', { label })}
              disabled={!copyable}
              onClick={() => {
                void navigator.clipboard?.writeText(value).catch(() => undefined);
                setCopied(true);
              }}
            >
              <ContentCopyOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {copied ? (
        <Typography variant="body2" color="success.main" role="status" sx={{ mt: 0.5 }}>
          {translateMessage(TOOLBOX_MESSAGES.copied)}
        </Typography>
      ) : null}
    </Box>
  );
}
