import {
  LITE_APP_TOGGLES,
  SIGN_IN_METHODS,
  type TLiteAppSettings,
  ZLiteAppSettings,
} from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { ColorField } from '../../components/ColorField';
import { useEnumLabel } from '../../i18n/enums';
import { type TLiteAppFormInput, useLiteAppForm, useLiteAppQuery, useSaveLiteApp } from './hooks';
import { LiteAppPreview } from './LiteAppPreview';

const HEX = /^#[0-9a-fA-F]{6}$/;
const DEFAULTS = ZLiteAppSettings.parse({});

/** The form's current values as the preview draws them: a colour still being typed shows the default. */
export function previewOf(v: TLiteAppFormInput): TLiteAppSettings {
  const merged = { ...DEFAULTS, ...v } as TLiteAppSettings;
  return {
    ...merged,
    primary_color: HEX.test(merged.primary_color) ? merged.primary_color : DEFAULTS.primary_color,
    secondary_color: HEX.test(merged.secondary_color) ? merged.secondary_color : DEFAULTS.secondary_color,
  };
}

/**
 * The "Lite App" tab (spec console §2 Apps and widgets): sign-in method (phone number, e-mail or
 * both, exclusive), the five toggles, "Pre-registered customers only" (no account is created at
 * sign-in; the server sends no code to an unknown contact, with the same answer), primary and
 * secondary colours, and the real app in a phone frame that follows every change before it is
 * saved. Saved per organization (`PUT apps/lite-app`).
 */
export function LiteAppCustomizer() {
  const saved = useLiteAppQuery();
  const form = useLiteAppForm(saved.data);
  const save = useSaveLiteApp();
  const { control, handleSubmit, formState } = form;
  const values = useWatch({ control }) as TLiteAppFormInput;
  const { t } = useTranslation('appsWidgets');
  const enumLabel = useEnumLabel();

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'flex-start' } }}>
      <Box
        component="form"
        noValidate
        aria-label={t('liteApp.customizer')}
        onSubmit={(e) => void handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))(e)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, flex: 1, maxWidth: 520 }}
      >
        {saved.isError ? <Alert severity="error">{formatApiError(saved.error)}</Alert> : null}
        <Controller
          control={control}
          name="sign_in_method"
          render={({ field }) => (
            <FormControl>
              <FormLabel id="sign-in-method">{t('liteApp.signInMethod')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="sign-in-method"
                value={field.value ?? 'phone'}
                onChange={(_e, v) => field.onChange(v)}
              >
                {SIGN_IN_METHODS.map((m) => (
                  <FormControlLabel
                    key={m}
                    value={m}
                    control={<Radio />}
                    label={enumLabel('signInMethod', m)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          {LITE_APP_TOGGLES.map(([name]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value === true}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                  label={t(`liteApp.toggle.${name}`)}
                />
              )}
            />
          ))}
        </Box>
        <Controller
          control={control}
          name="preregistered_only"
          render={({ field }) => (
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value === true}
                    onChange={(e) => field.onChange(e.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'preregistered-help' } }}
                  />
                }
                label={t('liteApp.preregistered')}
              />
              <FormHelperText id="preregistered-help" sx={{ mt: 0 }}>
                {t('liteApp.preregisteredHelp')}
              </FormHelperText>
            </Box>
          )}
        />
        <Typography variant="subtitle2">{t('colours')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(
            [
              ['primary_color', t('colour.primary')],
              ['secondary_color', t('colour.secondary')],
            ] as const
          ).map(([name, label]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <ColorField
                  label={label}
                  value={field.value}
                  onChange={field.onChange}
                  error={formState.errors[name]?.message}
                  defaultColor={DEFAULTS[name]}
                />
              )}
            />
          ))}
        </Stack>
        <Box>
          <Button type="submit" variant="contained" disabled={saved.isPending || save.isPending}>
            {t('common:button.save')}
          </Button>
        </Box>
      </Box>
      <LiteAppPreview settings={previewOf(values)} />
    </Stack>
  );
}
