import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Payments: the card-payment provider account is set up on /pricing-set-up. */
export function PaymentsTab() {
  const { t } = useTranslation('settings');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('payments.text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/pricing-set-up">
        {t('payments.setUp')}
      </Button>
    </Stack>
  );
}
