import {
  TOOLBOX_MESSAGES,
  type TWidgetSettings,
  WIDGET_DURATION_UNITS,
  ZWidgetSettings,
} from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { ColorField } from '../../components/ColorField';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyField } from '../../components/CopyField';
import { FormTextField } from '../../components/form';
import { usePaymentsMode } from '../../components/SandboxBadge';
import { translateMessage } from '../../i18n/messages';
import {
  rotateWidgetKey,
  saveWidget,
  type TWidgetFormInput,
  useWidgetForm,
  useWidgetMutation,
  useWidgetQuery,
} from './hooks';

const HEX = /^#[0-9a-fA-F]{6}$/;
const DEFAULTS = ZWidgetSettings.parse({});
const COLOURS = [
  ['primary_color', 'colour.primary'],
  ['secondary_color', 'colour.secondary'],
  ['background_color', 'colour.background'],
] as const;

const colour = (v: string | undefined, fallback: string) => (v && HEX.test(v) ? v : fallback);

/** A small likeness of the widget page with the colours being chosen (the page itself uses the saved ones). */
function WidgetPreview({ values }: { values: TWidgetFormInput }) {
  const { t } = useTranslation('appsWidgets');
  const primary = colour(values.primary_color, DEFAULTS.primary_color);
  const secondary = colour(values.secondary_color, DEFAULTS.secondary_color);
  const background = colour(values.background_color, DEFAULTS.background_color);
  const button = (text: string, bg: string) => (
    <Box sx={{ bgcolor: bg, color: '#fff', borderRadius: 1, textAlign: 'center', py: 0.75, fontSize: 12 }}>
      {text}
    </Box>
  );
  return (
    <Box
      role="region"
      aria-label={t('widget.preview')}
      sx={{
        width: 260,
        bgcolor: background,
        color: '#1a1a1a',
        border: '1px solid #ccc',
        borderRadius: 2,
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        flexShrink: 0,
      }}
    >
      <Typography sx={{ color: primary, fontWeight: 600 }}>
        {t('common:widgetPreview.reserveLocker')}
      </Typography>
      {[t('widget.location'), t('widget.size'), t('widget.from'), t('widget.until')].map((l) => (
        <Box
          key={l}
          sx={{ border: '1px solid #bbb', bgcolor: '#fff', borderRadius: 1, px: 1, py: 0.5, fontSize: 12 }}
        >
          {l}
        </Box>
      ))}
      {button(t('widget.checkAvailability'), secondary)}
      {button(values.payment_enabled ? t('widget.payAndBook') : t('widget.book'), primary)}
    </Box>
  );
}

/**
 * The "Reservation Widget" tab (spec console §2 Apps and widgets): primary, secondary and background
 * colours, payment toggle (a priced window paid in the widget before it is booked; the server
 * refuses it while a real provider has no connected account; the sandbox said so), maximum reservation duration with its unit (hours, days, weeks), and the
 * read-only embed URL with a copy button and the `<iframe>` snippet — or the spec's no-token text
 * while the organization has no API key. The URL carries the widget's publishable key, which can be
 * rotated here (the old URL stops working).
 */
export function WidgetCustomizer() {
  const query = useWidgetQuery();
  const form = useWidgetForm(query.data?.settings);
  const save = useWidgetMutation((v: TWidgetSettings) => saveWidget(v), TOOLBOX_MESSAGES.saved);
  const rotate = useWidgetMutation(() => rotateWidgetKey(), TOOLBOX_MESSAGES.keyRotated);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const { control, handleSubmit, formState } = form;
  const values = useWatch({ control }) as TWidgetFormInput;
  const data = query.data;
  const { t } = useTranslation('appsWidgets');
  // the server's payments go through the sandbox (no STRIPE_SECRET_KEY): the switch says so
  const sandbox = usePaymentsMode().data?.payments_mode === 'sandbox';

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'flex-start' } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, flex: 1, maxWidth: 640 }}>
        <Box
          component="form"
          noValidate
          aria-label={t('widget.customizer')}
          onSubmit={(e) => void handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))(e)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {query.isError ? <Alert severity="error">{formatApiError(query.error)}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {COLOURS.map(([name, labelKey]) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <ColorField
                    label={t(labelKey)}
                    value={field.value}
                    onChange={field.onChange}
                    error={formState.errors[name]?.message}
                    defaultColor={DEFAULTS[name]}
                  />
                )}
              />
            ))}
          </Stack>
          <Controller
            control={control}
            name="payment_enabled"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value === true}
                    onChange={(e) => field.onChange(e.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'widget-payment-help' } }}
                  />
                }
                label={t('widget.payment')}
              />
            )}
          />
          <FormHelperText id="widget-payment-help" sx={{ mt: -1 }}>
            {t('widget.paymentHelp')}
            {sandbox ? ` ${t('widget.paymentSandbox')}` : null}
          </FormHelperText>
          {/* the number keeps room for its long label; the unit wraps below it when narrow */}
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <FormTextField
              control={control}
              name="max_duration"
              label={t('widget.maxDuration')}
              type="number"
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
              sx={{ flex: '1 1 260px', minWidth: 260 }}
            />
            <Controller
              control={control}
              name="max_duration_unit"
              render={({ field }) => (
                <TextField
                  select
                  label={t('widget.unit')}
                  value={field.value ?? 'days'}
                  onChange={(e) => field.onChange(e.target.value)}
                  sx={{ minWidth: 140 }}
                >
                  {WIDGET_DURATION_UNITS.map((u) => (
                    <MenuItem key={u} value={u}>
                      {t(`widget.units.${u}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={query.isPending || save.isPending}>
              {t('common:button.save')}
            </Button>
          </Box>
        </Box>
        {data ? (
          <Stack spacing={2}>
            <CopyField
              label={t('widget.embedUrl')}
              value={data.embed_url ?? translateMessage(TOOLBOX_MESSAGES.noToken)}
              copyable={!!data.embed_url}
              multiline={!data.embed_url}
            />
            {data.iframe ? <CopyField label={t('widget.embedCode')} value={data.iframe} multiline /> : null}
            {data.embed_url ? (
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button variant="outlined" href={data.embed_url} target="_blank" rel="noopener">
                  {t('widget.open')}
                </Button>
                <Button color="warning" onClick={() => setConfirmRotate(true)} disabled={rotate.isPending}>
                  {t('widget.rotateKey')}
                </Button>
              </Box>
            ) : null}
          </Stack>
        ) : null}
      </Box>
      <WidgetPreview values={values} />
      <ConfirmDialog
        open={confirmRotate}
        title={t('widget.rotateKey')}
        message={t('widget.rotateConfirm')}
        loading={rotate.isPending}
        onConfirm={() => {
          setConfirmRotate(false);
          rotate.mutate(undefined);
        }}
        onCancel={() => setConfirmRotate(false)}
      />
    </Stack>
  );
}
