import { MSG, ZNewPassword } from '@lockerops/contract';
import { Button, Stack, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../components/form';
import {
  isStrongEnough,
  PasswordStrengthMeter,
  passwordMatchHint,
} from '../../components/PasswordStrengthMeter';
import { translateMessage } from '../../i18n/messages';

/** New password plus confirmation, as the contract's password rule asks (spec console §5). */
export const ZNewPasswordFields = z.object({
  new_password: ZNewPassword,
  confirm_password: z.string().min(1, MSG.confirmPasswordRequired),
});
export type TNewPasswordFields = z.infer<typeof ZNewPasswordFields>;

/** The confirmation must repeat the new password ('The passwords do not match'). */
export const passwordsMustMatch = <S extends z.ZodType<TNewPasswordFields, TNewPasswordFields>>(schema: S) =>
  schema.refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: MSG.passwordsDoNotMatchError,
  });

/** Used inside a FormProvider whose values include TNewPasswordFields. */
export function NewPasswordFields() {
  const { control, watch } = useFormContext<TNewPasswordFields>();
  const [password, confirmation] = watch(['new_password', 'confirm_password']);
  const { t } = useTranslation('auth');
  const hint = passwordMatchHint(password ?? '', confirmation ?? '');
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translateMessage(MSG.passwordRuleHint)}
      </Typography>
      <div>
        <FormTextField
          control={control}
          name="new_password"
          label={t('field.newPassword')}
          type="password"
          autoComplete="new-password"
          required
        />
        <PasswordStrengthMeter password={password ?? ''} />
      </div>
      <FormTextField
        control={control}
        name="confirm_password"
        label={t('field.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={hint ? !hint.ok : false}
        helperText={
          hint ? (
            <Typography component="span" variant="caption" color={hint.ok ? 'success.main' : 'error.main'}>
              {translateMessage(hint.text)}
            </Typography>
          ) : undefined
        }
      />
    </Stack>
  );
}

/**
 * The submit button of a form with NewPasswordFields: held back while the new password typed is
 * not strong enough (spec console §5), busy while `loading`.
 */
export function NewPasswordSubmit({ label, loading }: { label: string; loading: boolean }) {
  const { control } = useFormContext<TNewPasswordFields>();
  const password = useWatch({ control, name: 'new_password' });
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={!!password && !isStrongEnough(password)}
      loading={loading}
    >
      {label}
    </Button>
  );
}
