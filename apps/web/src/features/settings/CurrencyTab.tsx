import {
  CURRENCIES,
  CURRENCY_SYMBOLS,
  SETTINGS_MESSAGES,
  type TCurrency,
  type TSettings,
} from '@lockerops/contract';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { TimeZoneField } from '../../components/TimeZoneField';
import { Actions, useSave } from './settingsParts';

export const CURRENCY_STORAGE_KEY = 'currency';

/**
 * Currency: the organization's default currency ('Currency has been updated!'), and its IANA time
 * zone — the calendar of the dashboard and reports, and the zone of every location without its own.
 */
export function CurrencyTab({ settings }: { settings: TSettings }) {
  const [currency, setCurrency] = useState<TCurrency>(settings.default_currency);
  const { run, pending } = useSave(SETTINGS_MESSAGES.currencyUpdated);
  return (
    <Stack spacing={4}>
      <Stack spacing={2}>
        <TextField
          select
          label="Currency"
          value={currency}
          onChange={(e) => setCurrency(e.target.value as TCurrency)}
        >
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {`${c.toUpperCase()} (${CURRENCY_SYMBOLS[c]})`}
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
            Save
          </Button>
        </Actions>
      </Stack>
      <TimeZoneSetting settings={settings} />
    </Stack>
  );
}

/** The organization's time zone (`PUT settings` `time_zone`): a searchable select of IANA zones. */
function TimeZoneSetting({ settings }: { settings: TSettings }) {
  const [zone, setZone] = useState<string>(settings.time_zone);
  const { run, pending } = useSave('Time zone has been updated!');
  return (
    <Stack spacing={2}>
      <TimeZoneField label="Time Zone" value={zone} onChange={(z) => z && setZone(z)} />
      <Actions>
        <Button
          variant="contained"
          disabled={pending || zone === settings.time_zone}
          onClick={() => void run({ time_zone: zone })}
        >
          Save Time Zone
        </Button>
      </Actions>
    </Stack>
  );
}
