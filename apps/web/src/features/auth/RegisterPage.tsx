import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** /auth/register: a static form, not wired to any call (spec console §2). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <Box component="form" noValidate onSubmit={(e) => e.preventDefault()}>
      <Typography variant="h1" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
        {t('register.title')}
      </Typography>
      <Stack spacing={2}>
        <TextField label={t('field.name')} name="name" autoComplete="name" />
        <TextField label={t('field.email')} name="email" type="email" autoComplete="email" />
        <TextField label={t('field.password')} name="password" type="password" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large">
          {t('register.title')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to="/auth/login">
            {t('login.title')}
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
