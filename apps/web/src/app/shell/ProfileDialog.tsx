import { zodResolver } from '@hookform/resolvers/zod';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  MSG,
  type TLanguage,
  ZLanguage,
  ZNewPassword,
  ZUpdateProfileRequest,
} from '@lockerops/contract';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
} from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { formatApiError } from '../../api/errors';
import { useChangePassword, useMemberSelf, useUpdateProfile } from '../../api/members';
import { setZoneChoice, useZoneChoice } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { FormSelect, FormTextField } from '../../components/form';
import { isStrongEnough, PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { useResultDialog } from '../../components/ResultDialog';
import { currentLanguage } from '../../i18n';
import { translateMessage } from '../../i18n/messages';
import { browserTimeZone, zoneLabel } from '../../lib/format';

/**
 * The profile form of spec console §3: first and last name (the contract's update schema), e-mail
 * read-only, the console's language, and an optional new password (the
 * contract's password rule; the current password is what members/change-password verifies).
 */
export const ZProfileForm = ZUpdateProfileRequest.pick({ first_name: true, last_name: true })
  .extend({
    email: z.string(),
    language: ZLanguage,
    new_password: z.string(),
    current_password: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.new_password) return;
    const pw = ZNewPassword.safeParse(v.new_password);
    for (const issue of pw.success ? [] : pw.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: issue.message });
    }
    if (!v.current_password)
      ctx.addIssue({ code: 'custom', path: ['current_password'], message: MSG.passwordRequired });
  });
type TProfileForm = z.input<typeof ZProfileForm>;

/** The language choices, each named in itself. */
const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // organization-wide times in the browser's zone instead of the organization's (kept in this browser)
  const zoneChoice = useZoneChoice();
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const showResult = useResultDialog();
  const self = useMemberSelf(open);
  const update = useUpdateProfile();
  const changePassword = useChangePassword();
  const form = useForm<TProfileForm>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      language: currentLanguage(),
      new_password: '',
      current_password: '',
    },
  });
  const { control, handleSubmit, reset, watch } = form;

  const source = self.data ?? user;
  useEffect(() => {
    if (open) {
      reset({
        first_name: source.first_name ?? '',
        last_name: source.last_name ?? '',
        email: source.email,
        language: self.data?.language ?? currentLanguage(),
        new_password: '',
        current_password: '',
      });
    }
  }, [open, source.first_name, source.last_name, source.email, self.data?.language, reset]);

  const newPassword = watch('new_password');
  const weak = !!newPassword && !isStrongEnough(newPassword);
  const error = update.error ?? changePassword.error;
  const busy = update.isPending || changePassword.isPending;

  const cancel = () => {
    update.reset();
    changePassword.reset();
    onClose();
    navigate('/home');
  };

  const submit = handleSubmit(async (v) => {
    const first = v.first_name.trim();
    const last = (v.last_name ?? '').trim();
    await update.mutateAsync({
      id: user.user_id,
      first_name: first,
      last_name: last || null,
      name: [first, last].filter(Boolean).join(' '),
      language: v.language as TLanguage,
    });
    if (v.new_password) {
      await changePassword.mutateAsync({
        pwd: v.current_password,
        new_pwd: v.new_password,
      });
    }
    onClose();
    showResult({
      type: 'success',
      message: translateMessage(v.new_password ? MSG.passwordChanged : MSG.saved),
    });
  });

  return (
    <Dialog open={open} onClose={cancel} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <DialogTitle>{t('profile.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{formatApiError(error)}</Alert> : null}
            <FormTextField control={control} name="first_name" label={t('profile.firstName')} required />
            <FormTextField control={control} name="last_name" label={t('profile.lastName')} />
            <FormTextField
              control={control}
              name="email"
              label={t('profile.email')}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <FormSelect
              control={control}
              name="language"
              label={t('language.label')}
              options={LANGUAGE_OPTIONS}
            />
            <div>
              <FormTextField
                control={control}
                name="new_password"
                label={t('profile.newPassword')}
                type="password"
                autoComplete="new-password"
              />
              <PasswordStrengthMeter password={newPassword} />
            </div>
            {newPassword ? (
              <FormTextField
                control={control}
                name="current_password"
                label={t('profile.currentPassword')}
                type="password"
                autoComplete="current-password"
              />
            ) : null}
            <FormControlLabel
              control={
                <Checkbox
                  checked={zoneChoice === 'browser'}
                  onChange={(e) => setZoneChoice(e.target.checked ? 'browser' : 'organization')}
                />
              }
              label={t('zone.browser', { zone: zoneLabel(browserTimeZone()) })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>{t('button.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || weak}>
            {t('button.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
