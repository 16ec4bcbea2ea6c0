import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { landingPathFor, useCompleteNewPassword } from '../../api/auth';
import { errorDetailText } from '../../api/errors';
import { isPending, useSession } from '../../api/session';
import {
  NewPasswordFields,
  NewPasswordSubmit,
  passwordsMustMatch,
  type TNewPasswordFields,
  ZNewPasswordFields,
} from './NewPasswordFields';

const ZWelcomeForm = passwordsMustMatch(ZNewPasswordFields);

/** /auth/welcome: the forced new password after an invited account's first sign-in (spec console §2). */
export function WelcomePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const complete = useCompleteNewPassword();
  const { t } = useTranslation('auth');
  const form = useForm<TNewPasswordFields>({
    resolver: zodResolver(ZWelcomeForm),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  if (!isPending(user)) return <Navigate to="/auth/login" replace />;
  const { session } = user;

  const submit = form.handleSubmit(async (v) => {
    const res = await complete.mutateAsync({ session, new_password: v.new_password });
    navigate(landingPathFor(res.user), { replace: true });
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <Typography variant="h1" component="h1" sx={{ mb: 1, textAlign: 'center' }}>
          {t('welcome.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2, textAlign: 'center' }}>
          {t('welcome.intro', { email: user.email })}
        </Typography>
        <Stack spacing={2}>
          {complete.error ? <Alert severity="error">{errorDetailText(complete.error)}</Alert> : null}
          <NewPasswordFields />
          <NewPasswordSubmit label={t('common:button.submit')} loading={complete.isPending} />
        </Stack>
      </Box>
    </FormProvider>
  );
}
