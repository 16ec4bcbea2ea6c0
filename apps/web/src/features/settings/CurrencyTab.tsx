import {
  CURRENCIES,
  CURRENCY_SYMBOLS,
  SETTINGS_MESSAGES,
  type TCurrency,
  type TSettings,
} from '@lockerops/contract';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeZoneField } from '../../components/TimeZoneField';
import { translateMessage } from '../../i18n/messages';
import { Actions, useSave, useSettingsReadOnly } from './settingsParts';

export const CURRENCY_STORAGE_KEY = 'currency';

/**
 * Currency: the organization's default currency ('Currency has been updated!'), and its IANA time
 * zone — the calendar of the dashboard and reports, and the zone of every location without its own.
 */
export function CurrencyTab({ settings }: { settings: TSettings }) {
  const readOnly = useSettingsReadOnly();
  const { t } = useTranslation('settings');
  const [currency, setCurrency] = useState<TCurrency>(settings.default_currency);
  const { run, pending } = useSave(translateMessage(SETTINGS_MESSAGES.currencyUpdated));
  return (
    <Stack spacing={4}>
      <Stack spacing={2}>
        <TextField
          disabled={readOnly}
          select
          label={t('currency.label')}
          value={currency}
          onChange={(e) => setCurrency(e.target.value as TCurrency)}
        >
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t('currency.option', { code: c.toUpperCase(), symbol: CURRENCY_SYMBOLS[c] })}
            </MenuItem>
          ))}
        </TextField>
        <Actions>
          <Button
            variant="contained"
            disabled={pending}
            onClick={() =>
              void run({ default_currency: currency }, () =>
                localStorage.setItem(CURRENCY_STORAGE_KEY, currency),
              )
            }
          >
            {t('common:button.save')}
          </Button>
        </Actions>
      </Stack>
      <TimeZoneSetting settings={settings} />
    </Stack>
  );
}

/** The organization's time zone (`PUT settings` `time_zone`): a searchable select of IANA zones. */
function TimeZoneSetting({ settings }: { settings: TSettings }) {
  const readOnly = useSettingsReadOnly();
  const { t } = useTranslation('settings');
  const [zone, setZone] = useState<string>(settings.time_zone);
  const { run, pending } = useSave(t('currency.timeZoneUpdated'));
  return (
    <Stack spacing={2}>
      <TimeZoneField
        label={t('currency.timeZone')}
        value={zone}
        disabled={readOnly}
        onChange={(z) => z && setZone(z)}
      />
      <Actions>
        <Button
          variant="contained"
          disabled={pending || zone === settings.time_zone}
          onClick={() => void run({ time_zone: zone })}
        >
          {t('currency.saveTimeZone')}
        </Button>
      </Actions>
    </Stack>
  );
}
