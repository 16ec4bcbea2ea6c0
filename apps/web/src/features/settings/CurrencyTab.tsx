import {
  CURRENCIES,
  CURRENCY_SYMBOLS,
  SETTINGS_MESSAGES,
  type TCurrency,
  type TSettings,
} from '@lockerops/contract';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Actions, useSave } from './settingsParts';

export const CURRENCY_STORAGE_KEY = 'currency';

/** Currency: the organization's default currency ('Currency has been updated!'). */
export function CurrencyTab({ settings }: { settings: TSettings }) {
  const [currency, setCurrency] = useState<TCurrency>(settings.default_currency);
  const { run, pending } = useSave(SETTINGS_MESSAGES.currencyUpdated);
  return (
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
  );
}
