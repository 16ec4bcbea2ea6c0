import type { TDeviceHealth } from '@lockerops/contract';
import { Box, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridgeFaults, useDoorFaults } from '../../api/fleetHealth';

/**
 * The simulator (admins; the server refuses anyone else): a virtual door's faults — offline, a
 * stuck sensor, left open after a pickup or forced, a low battery — or, for a Kerong/Headleader
 * door, its simulated bridge going offline or its boards jamming. Each change is followed by one
 * heartbeat, so the door's state and alerts show at once.
 */
export function SimulatorControls({ data }: { data: TDeviceHealth }) {
  const { t } = useTranslation('fleetHealth');
  const titleId = useId();
  const { device } = data;
  const body =
    device.hardware_type === 'virtual' ? (
      <LockFaults data={data} />
    ) : device.bridge?.simulated ? (
      <BridgeFaults data={data} />
    ) : (
      <Typography variant="body2" color="text.secondary">
        {t('simulator.notSimulated')}
      </Typography>
    );
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="health-simulator">
      <Typography variant="subtitle2" component="h3" id={titleId} gutterBottom>
        {t('simulator.title')}
      </Typography>
      {body}
    </Box>
  );
}

function LockFaults({ data }: { data: TDeviceHealth }) {
  const { t } = useTranslation('fleetHealth');
  const set = useDoorFaults(data.device.id);
  const f = data.health.faults;
  // the selects name their normal state too ('closed', 'working'), which the API says with null
  const door = f.door_open ? (data.health.commanded === 'unlocked' ? 'left_open' : 'forced') : 'closed';
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormControlLabel
          control={
            <Switch
              checked={!!f.offline}
              disabled={set.isPending}
              onChange={(e) => set.mutate({ offline: e.target.checked })}
            />
          }
          label={t('simulator.offline')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={f.battery !== undefined}
              disabled={set.isPending}
              onChange={(e) => set.mutate({ battery_low: e.target.checked })}
            />
          }
          label={t('simulator.batteryLow')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          sx={{ minWidth: 220 }}
          label={t('simulator.door')}
          value={door}
          disabled={set.isPending}
          onChange={(e) =>
            set.mutate({
              door: e.target.value === 'closed' ? null : (e.target.value as 'left_open' | 'forced'),
            })
          }
        >
          <MenuItem value="closed">{t('simulator.doorClosed')}</MenuItem>
          <MenuItem value="left_open">{t('simulator.doorLeftOpen')}</MenuItem>
          <MenuItem value="forced">{t('simulator.doorForced')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          sx={{ minWidth: 220 }}
          label={t('simulator.sensor')}
          value={f.stuck_sensor ?? 'working'}
          disabled={set.isPending}
          onChange={(e) => set.mutate({ stuck_sensor: (e.target.value || null) as 'open' | 'closed' | null })}
        >
          <MenuItem value="working">{t('simulator.sensorWorking')}</MenuItem>
          <MenuItem value="open">{t('simulator.sensorOpen')}</MenuItem>
          <MenuItem value="closed">{t('simulator.sensorClosed')}</MenuItem>
        </TextField>
      </Stack>
    </Stack>
  );
}

function BridgeFaults({ data }: { data: TDeviceHealth }) {
  const { t } = useTranslation('fleetHealth');
  const set = useBridgeFaults(data.device.id_location);
  const b = data.device.bridge!;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormControlLabel
        control={
          <Switch
            checked={b.offline}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ offline: e.target.checked })}
          />
        }
        label={t('simulator.bridgeOffline')}
      />
      <FormControlLabel
        control={
          <Switch
            checked={b.jam}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ jam: e.target.checked })}
          />
        }
        label={t('simulator.bridgeJam')}
      />
    </Stack>
  );
}
