import { Box, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { useSendTest } from './hooks';

/**
 * Send test of a saved template (offered in the template form too):
 * renders the template with sample data and sends it at once. The e-mail starts as the member's
 * own address, which the server always allows (it also allows the organization's contacts).
 */
export function SendTest({ id, hint = false }: { id: string; hint?: boolean }) {
  const { t } = useTranslation('notifications');
  const own = useCurrentUser().email;
  const [email, setEmail] = useState(own);
  const [phone, setPhone] = useState('');
  const test = useSendTest(id);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="email"
          label={t('log.testEmail')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          size="small"
          label={t('log.testPhone')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <Button
          variant="outlined"
          disabled={test.isPending || (!email.trim() && !phone.trim())}
          onClick={() =>
            test.mutate({ email: email.trim() || undefined, phone_number: phone.trim() || undefined })
          }
        >
          {t('log.sendTest')}
        </Button>
      </Box>
      {hint ? (
        <Typography variant="caption" color="text.secondary">
          {t('log.testHint')}
        </Typography>
      ) : null}
    </Box>
  );
}
