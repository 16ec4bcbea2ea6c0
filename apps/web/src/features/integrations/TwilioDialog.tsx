import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import { Alert, Button, FormControlLabel, Switch } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { integrationsKey, removeTwilio, saveTwilio, twilioKey, useTwilioForm, useTwilioQuery } from './hooks';

/**
 * The Twilio card's dialog (spec console §2 Integrations): account SID, auth token and
 * sender number of the organization's own Twilio account, through which its SMS then go. The token
 * is never shown again once saved: the dialog shows its last 4 characters, and an empty token field
 * keeps it. The spec's two toggles beside them, 'Enable Verification and Identity' (codes go by SMS,
 * else by e-mail) and 'Enable Alerts and Notifications' (notification templates send their SMS),
 * are saved with the account and enforced by the server's SMS adapter. "Remove" returns the
 * organization to the server's default SMS account, both toggles on.
 */
export function TwilioDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const saved = useTwilioQuery(open);
  const form = useTwilioForm(saved.data, open);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { control } = form;
  const { t } = useTranslation('integrations');
  const last4 = saved.data?.auth_token_last4;
  // the saved values replace the fields when they arrive: typing waits for them
  const loading = saved.isPending;

  const onRemove = async () => {
    setRemoveError(null);
    try {
      await removeTwilio();
      enqueueSnackbar(translateMessage(TOOLBOX_MESSAGES.twilioRemoved), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: integrationsKey });
      onClose();
    } catch (e) {
      setRemoveError(formatApiError(e));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Twilio"
      form={form}
      onSubmit={async (values) => {
        const res = await saveTwilio(values);
        queryClient.setQueryData(twilioKey, res);
        return res;
      }}
      successMessage={translateMessage(TOOLBOX_MESSAGES.twilioSaved)}
      invalidateKey={integrationsKey}
    >
      {saved.isError ? <Alert severity="error">{formatApiError(saved.error)}</Alert> : null}
      {removeError ? <Alert severity="error">{removeError}</Alert> : null}
      <FormTextField
        control={control}
        name="account_sid"
        label={t('twilio.accountSid')}
        required
        autoComplete="off"
        disabled={loading}
      />
      <FormTextField
        control={control}
        name="auth_token"
        label={t('twilio.authToken')}
        type="password"
        required={!last4}
        autoComplete="new-password"
        placeholder={last4 ? `••••••••${last4}` : undefined}
        slotProps={{ inputLabel: { shrink: last4 ? true : undefined } }}
        disabled={loading}
        helperText={last4 ? t('twilio.savedToken', { last4 }) : undefined}
      />
      <FormTextField
        control={control}
        name="from"
        label={t('twilio.from')}
        required
        placeholder="+14155550100"
        disabled={loading}
        helperText={t('twilio.fromHelp')}
      />
      {(['verification_enabled', 'alerts_enabled'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <FormControlLabel
              label={t(`twilio.${name}`)}
              control={
                <Switch
                  checked={field.value !== false}
                  disabled={loading}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              }
            />
          )}
        />
      ))}
      {saved.data?.configured ? (
        <Button color="error" onClick={() => void onRemove()} sx={{ alignSelf: 'flex-start' }}>
          {t('twilio.remove')}
        </Button>
      ) : null}
    </FormDialog>
  );
}
