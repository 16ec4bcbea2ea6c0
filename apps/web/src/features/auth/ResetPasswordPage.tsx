import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, ZConfirmForgotPasswordRequest, ZForgotPasswordRequest } from '@lockerops/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useConfirmForgotPassword, useForgotPassword } from '../../api/auth';
import { errorDetailText } from '../../api/errors';
import { FormTextField } from '../../components/form';
import { useResultDialog } from '../../components/ResultDialog';
import { translateMessage } from '../../i18n/messages';
import {
  NewPasswordFields,
  NewPasswordSubmit,
  passwordsMustMatch,
  ZNewPasswordFields,
} from './NewPasswordFields';

const ZEmailStep = ZForgotPasswordRequest.pick({ email: true });
type TEmailStep = z.infer<typeof ZEmailStep>;
const ZCodeStep = passwordsMustMatch(
  ZConfirmForgotPasswordRequest.pick({ code: true }).extend(ZNewPasswordFields.shape),
);
type TCodeStep = z.infer<typeof ZCodeStep>;

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const forgot = useForgotPassword();
  const { t } = useTranslation('auth');
  const { control, handleSubmit } = useForm<TEmailStep>({
    resolver: zodResolver(ZEmailStep),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(async ({ email }) => {
    await forgot.mutateAsync({ email });
    onSent(email);
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('reset.intro')}
        </Typography>
        {forgot.error ? <Alert severity="error">{errorDetailText(forgot.error)}</Alert> : null}
        <FormTextField
          control={control}
          name="email"
          label={t('field.email')}
          type="email"
          autoComplete="username"
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" loading={forgot.isPending}>
          {t('reset.sendCode')}
        </Button>
      </Stack>
    </Box>
  );
}

function CodeStep({ email }: { email: string }) {
  const navigate = useNavigate();
  const showResult = useResultDialog();
  const confirm = useConfirmForgotPassword();
  const { t } = useTranslation('auth');
  const form = useForm<TCodeStep>({
    resolver: zodResolver(ZCodeStep),
    defaultValues: { code: '', new_password: '', confirm_password: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    await confirm.mutateAsync({ email, code: v.code, new_password: v.new_password });
    showResult({ type: 'success', message: translateMessage(MSG.passwordResetDone) });
    navigate('/auth/login', { replace: true });
  });
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <Stack spacing={2}>
          <Alert severity="success">{translateMessage(MSG.codeSent)}</Alert>
          {confirm.error ? <Alert severity="error">{errorDetailText(confirm.error)}</Alert> : null}
          <FormTextField
            control={form.control}
            name="code"
            label={t('reset.code')}
            autoComplete="one-time-code"
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <NewPasswordFields />
          <NewPasswordSubmit label={t('reset.title')} loading={confirm.isPending} />
        </Stack>
      </Box>
    </FormProvider>
  );
}

/** /auth/reset-password (spec console §2, §4): e-mail → code sent → code and new password → login. */
export function ResetPasswordPage() {
  const [email, setEmail] = useState<string | null>(null);
  const { t } = useTranslation('auth');
  return (
    <>
      <Button component={RouterLink} to="/auth/login" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
        {t('reset.backToLogin')}
      </Button>
      <Typography variant="h1" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
        {t('reset.title')}
      </Typography>
      {email ? <CodeStep email={email} /> : <EmailStep onSent={setEmail} />}
    </>
  );
}
