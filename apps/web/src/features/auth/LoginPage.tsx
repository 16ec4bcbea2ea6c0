import { zodResolver } from '@hookform/resolvers/zod';
import { type TSignInRequest, ZSignInRequest } from '@lockerops/contract';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { landingPathFor, useSignIn } from '../../api/auth';
import { errorDetailText } from '../../api/errors';
import { FormTextField } from '../../components/form';

/** /auth/login (spec console §2): e-mail and password; a new-password challenge goes to /auth/welcome. */
export function LoginPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { t } = useTranslation('auth');
  const { control, handleSubmit } = useForm<TSignInRequest>({
    resolver: zodResolver(ZSignInRequest),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    const res = await signIn.mutateAsync(values);
    if ('challenge' in res) navigate('/auth/welcome', { replace: true });
    else navigate(landingPathFor(res.user), { replace: true });
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <Typography variant="h1" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
        {t('login.title')}
      </Typography>
      <Stack spacing={2}>
        {signIn.error ? <Alert severity="error">{errorDetailText(signIn.error)}</Alert> : null}
        <FormTextField
          control={control}
          name="email"
          label={t('field.email')}
          type="email"
          autoComplete="username"
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to="/auth/reset-password" variant="body2">
            {t('login.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
          {t('login.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('login.noAccount')}{' '}
          <Link component={RouterLink} to="/auth/register">
            {t('register.title')}
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
