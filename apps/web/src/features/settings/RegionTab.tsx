import {
  CURRENCIES,
  CURRENCY_SYMBOLS,
  LANGUAGE_NAMES,
  LANGUAGES,
  SETTINGS_MESSAGES,
  type TCurrency,
  type TLanguage,
  type TSettings,
} from '@lockerops/contract';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeZoneField } from '../../components/TimeZoneField';
import { translateMessage } from '../../i18n/messages';
import { Actions, useSave, useSettingsReadOnly } from './settingsParts';

export const CURRENCY_STORAGE_KEY = 'currency';

/**
 * Region: the organization's IANA time zone — the calendar of the dashboard and reports, and the
 * zone of every location without its own — its default currency ('Currency has been updated!') and
 * its default language (that of mail and SMS to people with no language of their own), each saved on
 * its own through `PUT settings`.
 */
export function RegionTab({ settings }: { settings: TSettings }) {
  const { t } = useTranslation('settings');
  return (
    <Stack spacing={4}>
      <Stack component="section" aria-labelledby="region-time-zone" spacing={2}>
        <Typography id="region-time-zone" variant="h6" component="h2">
          {t('region.timeZoneHeading')}
        </Typography>
        <TimeZoneSetting settings={settings} />
      </Stack>
      <Stack component="section" aria-labelledby="region-currency" spacing={2}>
        <Typography id="region-currency" variant="h6" component="h2">
          {t('region.currencyHeading')}
        </Typography>
        <CurrencySetting settings={settings} />
      </Stack>
      <Stack component="section" aria-labelledby="region-language" spacing={2}>
        <Typography id="region-language" variant="h6" component="h2">
          {t('region.languageHeading')}
        </Typography>
        <LanguageSetting settings={settings} />
      </Stack>
    </Stack>
  );
}

/**
 * The organization's default language (`PUT settings` `default_language`): the language of the
 * e-mails and SMS sent to people who have none of their own. Each language is named in itself.
 */
function LanguageSetting({ settings }: { settings: TSettings }) {
  const readOnly = useSettingsReadOnly();
  const { t } = useTranslation('settings');
  const [language, setLanguage] = useState<TLanguage>(settings.default_language);
  const { run, pending } = useSave(translateMessage(SETTINGS_MESSAGES.languageUpdated));
  return (
    <Stack spacing={2}>
      <TextField
        disabled={readOnly}
        select
        required
        label={t('language.label')}
        helperText={t('language.hint')}
        value={language}
        onChange={(e) => setLanguage(e.target.value as TLanguage)}
      >
        {LANGUAGES.map((l) => (
          <MenuItem key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </MenuItem>
        ))}
      </TextField>
      <Actions>
        <Button
          variant="contained"
          disabled={pending || language === settings.default_language}
          onClick={() => void run({ default_language: language })}
        >
          {t('language.save')}
        </Button>
      </Actions>
    </Stack>
  );
}

/** The organization's default currency (`PUT settings` `default_currency`), kept in the browser too. */
function CurrencySetting({ settings }: { settings: TSettings }) {
  const readOnly = useSettingsReadOnly();
  const { t } = useTranslation('settings');
  const [currency, setCurrency] = useState<TCurrency>(settings.default_currency);
  const { run, pending } = useSave(translateMessage(SETTINGS_MESSAGES.currencyUpdated));
  return (
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
