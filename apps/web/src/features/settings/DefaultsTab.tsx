import {
  DEVICE_HARDWARE,
  MODE_LABELS,
  MODES,
  MSG,
  NOTIFICATION_CHANNELS,
  type TSettings,
} from '@lockerops/contract';
import { Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useOrganizationSelf } from '../../api/organizations';
import { useSizeOptions } from './hooks';
import { Actions, useSave } from './settingsParts';

/** Defaults: device hardware and mode, size, max reservations, notification channel. */
export function DefaultsTab({ settings }: { settings: TSettings }) {
  const org = useOrganizationSelf();
  const sizes = useSizeOptions();
  const [v, setV] = useState(settings);
  const { run, pending } = useSave(MSG.settingsUpdated);
  const hardware = DEVICE_HARDWARE.filter(
    (h) => h === 'virtual' || !org.data || org.data[`${h}_hardware` as const],
  );
  const modes = MODES.filter((m) => !org.data || org.data[`${m}_mode` as const]);
  const unlimited = v.default_max_reservations === null;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Default Device Hardware"
        value={v.default_device_hardware ?? ''}
        onChange={(e) =>
          setV({
            ...v,
            default_device_hardware: (e.target.value || null) as TSettings['default_device_hardware'],
          })
        }
      >
        <MenuItem value="">None</MenuItem>
        {hardware.map((h) => (
          <MenuItem key={h} value={h}>
            {h.charAt(0).toUpperCase() + h.slice(1)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Default Device Mode"
        value={v.default_device_mode ?? ''}
        onChange={(e) =>
          setV({ ...v, default_device_mode: (e.target.value || null) as TSettings['default_device_mode'] })
        }
      >
        <MenuItem value="">None</MenuItem>
        {modes.map((m) => (
          <MenuItem key={m} value={m}>
            {MODE_LABELS[m]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Default Size"
        value={v.default_id_size ?? ''}
        onChange={(e) => setV({ ...v, default_id_size: e.target.value || null })}
      >
        <MenuItem value="">None</MenuItem>
        {(sizes.data ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          label="Default Max Reservations"
          value={unlimited ? '' : String(v.default_max_reservations)}
          disabled={unlimited}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '');
            setV({ ...v, default_max_reservations: digits ? Number(digits) : 0 });
          }}
        />
        <FormControlLabel
          label="Unlimited"
          control={
            <Checkbox
              checked={unlimited}
              onChange={(e) => setV({ ...v, default_max_reservations: e.target.checked ? null : 1 })}
            />
          }
        />
      </Stack>
      <TextField
        select
        label="Default Notification Channel"
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
            {c === 'sms' ? 'SMS' : 'E-mail'}
          </MenuItem>
        ))}
      </TextField>
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
            })
          }
        >
          Save
        </Button>
      </Actions>
    </Stack>
  );
}
