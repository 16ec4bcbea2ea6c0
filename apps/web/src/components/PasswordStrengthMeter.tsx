import { isAcceptablePassword, MSG, passwordStrength, type TPasswordStrength } from '@lockerops/contract';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

const LEVEL: Record<TPasswordStrength, { value: number; color: 'error' | 'warning' | 'success' }> = {
  Weak: { value: 33, color: 'error' },
  Medium: { value: 66, color: 'warning' },
  Strong: { value: 100, color: 'success' },
};

/** Strength of spec console §5 (Weak blocks submit); nothing is shown while the field is empty. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const strength = passwordStrength(password);
  const level = LEVEL[strength];
  return (
    <Box sx={{ mt: 1 }} data-testid="password-strength">
      <LinearProgress
        variant="determinate"
        value={level.value}
        color={level.color}
        aria-label={t('password.strength')}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color={`${level.color}.main`}>
        {t('password.strengthIs', { strength: t(`password.level.${strength}`) })}
      </Typography>
    </Box>
  );
}

/** The hint under a confirmation field; null while the confirmation is empty. */
export function passwordMatchHint(
  password: string,
  confirmation: string,
): { text: string; ok: boolean } | null {
  if (!confirmation) return null;
  return password === confirmation
    ? { text: MSG.passwordsMatch, ok: true }
    : { text: MSG.passwordsDoNotMatch, ok: false };
}

/** Weak (or empty) blocks submit. */
export const isStrongEnough = (password: string) => !!password && isAcceptablePassword(password);
