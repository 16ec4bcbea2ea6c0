import { DEVICE_HARDWARE, MODES, MSG, NOTIFICATION_CHANNELS, type TSettings } from '@lockerops/contract';
import { Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationSelf } from '../../api/organizations';
import { FormSearchPicker } from '../../components/form';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { Actions, useSave, useSettingsReadOnly } from './settingsParts';

/** Defaults: device hardware and mode, size, max reservations, notification channel, kiosk offline alert. */
export function DefaultsTab({ settings }: { settings: TSettings }) {
  const readOnly = useSettingsReadOnly();
  const { t } = useTranslation('settings');
  const label = useEnumLabel();
  const org = useOrganizationSelf();
  const [v, setV] = useState(settings);
  // the default size, searched on the server as typed and named by reading it alone
  const pick = useForm<{ id_size: string }>({ defaultValues: { id_size: settings.default_id_size ?? '' } });
  const { run, pending } = useSave(translateMessage(MSG.settingsUpdated));
  const hardware = DEVICE_HARDWARE.filter(
    (h) => h === 'virtual' || !org.data || org.data[`${h}_hardware` as const],
  );
  const modes = MODES.filter((m) => !org.data || org.data[`${m}_mode` as const]);
  const unlimited = v.default_max_reservations === null;
  return (
    <Stack spacing={2}>
      <TextField
        disabled={readOnly}
        select
        label={t('defaults.hardware')}
        value={v.default_device_hardware ?? ''}
        onChange={(e) =>
          setV({
            ...v,
            default_device_hardware: (e.target.value || null) as TSettings['default_device_hardware'],
          })
        }
      >
        <MenuItem value="">{t('defaults.none')}</MenuItem>
        {hardware.map((h) => (
          <MenuItem key={h} value={h}>
            {label('hardware', h)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        disabled={readOnly}
        select
        label={t('defaults.mode')}
        value={v.default_device_mode ?? ''}
        onChange={(e) =>
          setV({ ...v, default_device_mode: (e.target.value || null) as TSettings['default_device_mode'] })
        }
      >
        <MenuItem value="">{t('defaults.none')}</MenuItem>
        {modes.map((m) => (
          <MenuItem key={m} value={m}>
            {label('mode', m)}
          </MenuItem>
        ))}
      </TextField>
      <FormSearchPicker
        control={pick.control}
        name="id_size"
        area="sizes"
        label={t('defaults.size')}
        disabled={readOnly}
        onPick={(o) => setV({ ...v, default_id_size: o?.id ?? null })}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          label={t('defaults.maxReservations')}
          value={unlimited ? '' : String(v.default_max_reservations)}
          disabled={readOnly || unlimited}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '');
            setV({ ...v, default_max_reservations: digits ? Number(digits) : 0 });
          }}
        />
        <FormControlLabel
          label={t('defaults.unlimited')}
          control={
            <Checkbox
              disabled={readOnly}
              checked={unlimited}
              onChange={(e) => setV({ ...v, default_max_reservations: e.target.checked ? null : 1 })}
            />
          }
        />
      </Stack>
      <TextField
        disabled={readOnly}
        select
        label={t('defaults.channel')}
        value={v.default_notification_channel}
        onChange={(e) =>
          setV({
            ...v,
            default_notification_channel: e.target.value as TSettings['default_notification_channel'],
          })
        }
      >
        {NOTIFICATION_CHANNELS.map((c) => (
          <MenuItem key={c} value={c}>
            {c === 'sms' ? t('defaults.sms') : t('defaults.email')}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        disabled={readOnly}
        label={t('defaults.kioskOffline')}
        helperText={t('defaults.kioskOfflineHelp')}
        value={v.kiosk_offline_minutes === null ? '' : String(v.kiosk_offline_minutes)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
          setV({ ...v, kiosk_offline_minutes: digits ? Number(digits) : null });
        }}
      />
      <Actions>
        <Button
          variant="contained"
          disabled={pending}
          onClick={() =>
            void run({
              default_device_hardware: v.default_device_hardware,
              default_device_mode: v.default_device_mode,
              default_id_size: v.default_id_size,
              default_max_reservations: v.default_max_reservations,
              default_notification_channel: v.default_notification_channel,
              kiosk_offline_minutes: v.kiosk_offline_minutes,
            })
          }
        >
          {t('common:button.save')}
        </Button>
      </Actions>
    </Stack>
  );
}
