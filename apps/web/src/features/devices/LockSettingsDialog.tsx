import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSearchPicker } from '../../components/form';
import { useLockSettings, useSaveLockSettings } from './lockSettings';

type Form = Record<
  | 'bridge_host'
  | 'bridge_port'
  | 'virtual_latency_ms'
  | 'virtual_jam_rate'
  | 'virtual_offline_rate'
  | 'jam_limit',
  string
>;
const EMPTY: Form = {
  bridge_host: '',
  bridge_port: '',
  virtual_latency_ms: '0',
  virtual_jam_rate: '0',
  virtual_offline_rate: '0',
  jam_limit: '',
};
const num = (s: string) => (s.trim() === '' ? null : Number(s));

/**
 * "Lock Settings" of a location: the serial-to-TCP bridge of its Kerong/Headleader boards, the
 * simulated fleet of its virtual locks (latency, jam and offline rates) and the jams in a row that
 * put a door into maintenance. The server checks every value and answers the rule's text.
 */
export function LockSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // the organization's own locations, searched on the server as typed
  const pick = useForm<{ id_location: string }>({ defaultValues: { id_location: '' } });
  const [location, setLocation] = useState('');
  const settings = useLockSettings(location || undefined);
  const save = useSaveLockSettings();
  const [form, setForm] = useState<Form>(EMPTY);
  const { t } = useTranslation('devices');
  useEffect(() => {
    const s = settings.data;
    if (!s) return setForm(EMPTY);
    setForm({
      bridge_host: s.bridge_host ?? '',
      bridge_port: s.bridge_port === null ? '' : String(s.bridge_port),
      virtual_latency_ms: String(s.virtual_latency_ms),
      virtual_jam_rate: String(s.virtual_jam_rate),
      virtual_offline_rate: String(s.virtual_offline_rate),
      jam_limit: s.jam_limit === null ? '' : String(s.jam_limit),
    });
  }, [settings.data]);
  const field = (k: keyof Form, label: string, helper?: string) => (
    <TextField
      label={label}
      value={form[k]}
      helperText={helper}
      // until the location's saved values arrived, so a typed value is not overwritten by them
      disabled={!settings.data || settings.data.id_location !== location}
      onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
    />
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="lock-settings-title">
      <DialogTitle id="lock-settings-title">{t('lockSettings.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <FormSearchPicker
          control={pick.control}
          name="id_location"
          area="ownLocations"
          label={t('field.location')}
          onPick={(o) => setLocation(o?.id ?? '')}
        />
        {field('bridge_host', t('lockSettings.bridgeHost'), t('lockSettings.bridgeHostHelp'))}
        {field('bridge_port', t('lockSettings.bridgePort'))}
        {field('virtual_latency_ms', t('lockSettings.virtualLatency'))}
        {field('virtual_jam_rate', t('lockSettings.virtualJamRate'), t('lockSettings.virtualJamRateHelp'))}
        {field(
          'virtual_offline_rate',
          t('lockSettings.virtualOfflineRate'),
          t('lockSettings.virtualOfflineRateHelp'),
        )}
        {field(
          'jam_limit',
          t('lockSettings.jamLimit'),
          settings.data
            ? t('lockSettings.jamLimitHelp', { limit: settings.data.effective_jam_limit })
            : undefined,
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:button.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!settings.data || settings.data.id_location !== location || save.isPending}
          onClick={() =>
            save.mutate(
              {
                id: location,
                body: {
                  bridge_host: form.bridge_host.trim() || null,
                  bridge_port: num(form.bridge_port),
                  virtual_latency_ms: num(form.virtual_latency_ms) ?? 0,
                  virtual_jam_rate: num(form.virtual_jam_rate) ?? 0,
                  virtual_offline_rate: num(form.virtual_offline_rate) ?? 0,
                  jam_limit: num(form.jam_limit),
                },
              },
              { onSuccess: onClose },
            )
          }
        >
          {t('common:button.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
