import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, ZNewPassword, ZUpdateProfileRequest } from '@lockerops/contract';
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
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { formatApiError } from '../../api/errors';
import { useChangePassword, useMemberSelf, useUpdateProfile } from '../../api/members';
import { setZoneChoice, useZoneChoice } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { FormTextField } from '../../components/form';
import { isStrongEnough, PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { useResultDialog } from '../../components/ResultDialog';
import { browserTimeZone, zoneLabel } from '../../lib/format';

/**
 * The profile form of spec console §3: first and last name (the contract's update schema), e-mail
 * read-only, and an optional new password (the contract's password rule; the current password
 * is what members/change-password verifies).
 */
export const ZProfileForm = ZUpdateProfileRequest.pick({ first_name: true, last_name: true })
  .extend({ email: z.string(), new_password: z.string(), current_password: z.string() })
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

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // organization-wide times in the browser's zone instead of the organization's (kept in this browser)
  const zoneChoice = useZoneChoice();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const showResult = useResultDialog();
  const self = useMemberSelf(open);
  const update = useUpdateProfile();
  const changePassword = useChangePassword();
  const form = useForm<TProfileForm>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: { first_name: '', last_name: '', email: '', new_password: '', current_password: '' },
  });
  const { control, handleSubmit, reset, watch } = form;

  const source = self.data ?? user;
  useEffect(() => {
    if (open) {
      reset({
        first_name: source.first_name ?? '',
        last_name: source.last_name ?? '',
        email: source.email,
        new_password: '',
        current_password: '',
      });
    }
  }, [open, source.first_name, source.last_name, source.email, reset]);

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
    });
    if (v.new_password) {
      await changePassword.mutateAsync({
        pwd: v.current_password,
        new_pwd: v.new_password,
      });
    }
    onClose();
    showResult({ type: 'success', message: v.new_password ? MSG.passwordChanged : MSG.saved });
  });

  return (
    <Dialog open={open} onClose={cancel} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <DialogTitle>Profile</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{formatApiError(error)}</Alert> : null}
            <FormTextField control={control} name="first_name" label="First name" required />
            <FormTextField control={control} name="last_name" label="Last name" />
            <FormTextField
              control={control}
              name="email"
              label="Email"
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <div>
              <FormTextField
                control={control}
                name="new_password"
                label="New password"
                type="password"
                autoComplete="new-password"
              />
              <PasswordStrengthMeter password={newPassword} />
            </div>
            {newPassword ? (
              <FormTextField
                control={control}
                name="current_password"
                label="Current password"
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
              label={`My browser's zone (${zoneLabel(browserTimeZone())})`}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || weak}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
