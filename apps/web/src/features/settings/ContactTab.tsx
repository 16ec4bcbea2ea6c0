import { MSG, SETTINGS_MESSAGES, type TSettings } from '@lockerops/contract';
import { Button, Chip, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { useResultDialog } from '../../components/ResultDialog';
import { translateMessage } from '../../i18n/messages';
import { useVerifyContact } from './hooks';
import { Actions, useSave, useSettingsReadOnly } from './settingsParts';

/** Support contact: default e-mail (with verification) and phone. */
export function ContactTab({ settings }: { settings: TSettings }) {
  const readOnly = useSettingsReadOnly();
  const { t } = useTranslation('settings');
  const [email, setEmail] = useState(settings.default_support_email ?? '');
  const [phone, setPhone] = useState(settings.default_support_phone ?? '');
  const { run, pending } = useSave(translateMessage(MSG.settingsUpdated));
  const verify = useVerifyContact();
  const showResult = useResultDialog();
  const saved = (settings.default_support_email ?? '') === email.trim();
  const sendVerification = async () => {
    try {
      await verify.mutateAsync(email.trim());
      showResult({ type: 'success', message: translateMessage(SETTINGS_MESSAGES.verificationSent) });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          disabled={readOnly}
          label={t('contact.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {saved && settings.default_support_email ? (
          <Chip
            size="small"
            color={settings.support_email_verified ? 'success' : 'default'}
            label={settings.support_email_verified ? t('contact.verified') : t('contact.notVerified')}
          />
        ) : null}
      </Stack>
      <TextField
        disabled={readOnly}
        label={t('contact.phone')}
        value={phone}
        onChange={(e) => setPhone(e.target.value.replace(/[^\d+]/g, ''))}
      />
      <Actions>
        <Stack direction="row" spacing={1}>
          <Button
            disabled={!saved || !email.trim() || settings.support_email_verified || verify.isPending}
            onClick={() => void sendVerification()}
          >
            {t('contact.verify')}
          </Button>
          <Button
            variant="contained"
            disabled={pending}
            onClick={() =>
              void run({
                default_support_email: email.trim() || null,
                default_support_phone: phone.trim() || null,
              })
            }
          >
            {t('common:button.save')}
          </Button>
        </Stack>
      </Actions>
    </Stack>
  );
}
