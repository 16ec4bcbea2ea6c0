import { HEX_COLOR_PATTERN, MSG } from '@lockerops/contract';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { useOrganizationSelf } from '../../api/organizations';
import { useResultDialog } from '../../components/ResultDialog';
import { translateMessage } from '../../i18n/messages';
import { useSaveWhiteLabel, useUploadLogo } from './hooks';
import { Actions, useSettingsReadOnly } from './settingsParts';

/** White label: app name, logo, primary and secondary colours, applied to the theme at once. */
export function WhiteLabelTab() {
  const readOnly = useSettingsReadOnly();
  const { t } = useTranslation('settings');
  const org = useOrganizationSelf();
  const wl = org.data?.white_label;
  const [appName, setAppName] = useState(wl?.app_name ?? '');
  const [primary, setPrimary] = useState(wl?.primary_color ?? '#000000');
  const [secondary, setSecondary] = useState(wl?.secondary_color ?? '#000000');
  const save = useSaveWhiteLabel();
  const showResult = useResultDialog();
  const colorsValid = HEX_COLOR_PATTERN.test(primary) && HEX_COLOR_PATTERN.test(secondary);

  const submit = async () => {
    try {
      await save.mutateAsync({
        app_name: appName.trim() || null,
        primary_color: primary,
        secondary_color: secondary,
      });
      showResult({ type: 'success', message: translateMessage(MSG.settingsUpdated) });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };
  return (
    <Stack spacing={2}>
      <TextField
        disabled={readOnly}
        label={t('whiteLabel.appName')}
        value={appName}
        onChange={(e) => setAppName(e.target.value)}
      />
      <Stack direction="row" spacing={3}>
        {(
          [
            [t('whiteLabel.primary'), primary, setPrimary],
            [t('whiteLabel.secondary'), secondary, setSecondary],
          ] as const
        ).map(([label, value, setter]) => (
          <Typography key={label} variant="caption" component="label">
            {label}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
              <input
                type="color"
                disabled={readOnly}
                value={value}
                onChange={(e) => setter(e.target.value)}
              />
              <Typography variant="body2" component="span">
                {value}
              </Typography>
            </Box>
          </Typography>
        ))}
      </Stack>
      <LogoField
        field="image"
        url={wl?.app_logo}
        alt={t('whiteLabel.logoAlt')}
        upload={t('whiteLabel.uploadLogo')}
        inputLabel={t('whiteLabel.logo')}
        readOnly={readOnly}
      />
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('whiteLabel.oemLogo')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('whiteLabel.oemLogoHelp')}
        </Typography>
        <LogoField
          field="oem_image"
          url={wl?.oem_logo}
          alt={t('whiteLabel.oemLogoAlt')}
          upload={t('whiteLabel.uploadOemLogo')}
          inputLabel={t('whiteLabel.oemLogo')}
          readOnly={readOnly}
          onRemove={
            wl?.oem_logo
              ? async () => {
                  await save.mutateAsync({ oem_logo: null });
                }
              : undefined
          }
          removeLabel={t('whiteLabel.removeOemLogo')}
        />
      </Box>
      <Actions>
        <Button variant="contained" disabled={save.isPending || !colorsValid} onClick={() => void submit()}>
          {t('common:button.save')}
        </Button>
      </Actions>
    </Stack>
  );
}

/**
 * A logo of the white label: its picture, an upload button (`PATCH white-label/logo`, multipart
 * `field`; images only: 'Only images are allowed') and, with `onRemove`, a remove button.
 */
function LogoField({
  field,
  url,
  alt,
  upload: uploadLabel,
  inputLabel,
  readOnly,
  onRemove,
  removeLabel,
}: {
  field: 'image' | 'oem_image';
  url: string | null | undefined;
  alt: string;
  upload: string;
  inputLabel: string;
  readOnly: boolean;
  onRemove?: () => Promise<void>;
  removeLabel?: string;
}) {
  const upload = useUploadLogo(field);
  const showResult = useResultDialog();
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      showResult({ type: 'success', message: translateMessage(MSG.settingsUpdated) });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      showResult({ type: 'error', message: translateMessage(MSG.onlyImages) });
      return;
    }
    await run(() => upload.mutateAsync(file));
  };
  return (
    <Box>
      {url ? (
        <Box component="img" src={url} alt={alt} sx={{ display: 'block', maxHeight: 80, mb: 1 }} />
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" disabled={readOnly || upload.isPending}>
          {uploadLabel}
          <input
            hidden
            type="file"
            accept="image/*"
            aria-label={inputLabel}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </Button>
        {onRemove ? (
          <Button color="error" disabled={readOnly} onClick={() => void run(onRemove)}>
            {removeLabel}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
