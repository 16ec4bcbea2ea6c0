import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_TIME_UNITS,
  TEMPLATE_VARIABLE_NAMES,
  type TNotification,
} from '@lockerops/contract';
import {
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormSearchPicker, FormSearchPickerMany, FormTextField } from '../../components/form';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { DeliveryLog } from './DeliveryLog';
import { notificationsKey, saveNotification, type TemplateImages, useNotificationForm } from './hooks';
import { SendTest } from './SendTest';
import { TemplatePreview } from './TemplatePreview';

const MODES = ['service', 'rental', 'storage', 'delivery'] as const;
/** The events with a label in the catalogs (`event.<value>`). */
const EVENTS = new Set([
  'on_start',
  'on_reservation',
  'on_service_pickup',
  'on_service_charge',
  'on_service_dropoff',
  'on_complete',
  'non_locker_delivery',
  'on_expired',
]);

/** An event's label with the `notifications` namespace's `t`; an unknown event as stored. */
export const eventLabel = (t: TFunction, event: string) => (EVENTS.has(event) ? t(`event.${event}`) : event);

const str = (x: unknown) => (typeof x === 'string' ? x : null);

export interface NotificationFormDialogProps {
  open: boolean;
  notification: TNotification | null;
  onClose: () => void;
}

/** The template's images: form field, label key (`form.<key>`), stored URL. */
const IMAGE_FIELDS = [
  ['header_image', 'headerImage', 'header_s3_url'],
  ['body_image', 'bodyImage', 'body_s3_url'],
  ['footer_image', 'footerImage', 'footer_s3_url'],
] as const;

/**
 * "Add Notification" / "Edit Notification" (spec console §3 Notification, §5 rules): mode, event,
 * name, timing (unit; 'immediately' sets the duration 0; before or after), channels, the e-mail's
 * subject (its own field; empty: the name), header, message and footer, SMS message, per-location message and locations, member message and member,
 * images, and a live preview. Editing offers Send test (to the member's own e-mail to begin with)
 * and adds the "Delivery log" tab.
 */
export function NotificationFormDialog({ open, notification, onClose }: NotificationFormDialogProps) {
  const { t } = useTranslation('notifications');
  const label = useEnumLabel();
  const form = useNotificationForm(notification, open);
  const { control, formState, watch, setValue } = form;
  const [images, setImages] = useState<TemplateImages>({});
  const [imageError, setImageError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setImages({});
      setImageError(null);
    }
  }, [open]);
  // the saved template names its member, so the name shows when it is reopened
  const savedMember =
    notification?.id_member && notification.member
      ? { id: notification.id_member, label: notification.member.name, secondary: notification.member.email }
      : null;
  const savedLocations = (notification?.locations ?? []).map((l) => ({ id: l.id, label: l.name }));
  const v = watch();
  const events = (
    v.mode ? NOTIFICATION_EVENTS[v.mode as keyof typeof NOTIFICATION_EVENTS] : []
  ) as readonly string[];
  const err = (k: keyof typeof formState.errors) => {
    const m = formState.errors[k]?.message as string | undefined;
    return m ? translateMessage(m) : undefined;
  };
  const previewUrl = (k: (typeof IMAGE_FIELDS)[number][0], stored: string | null | undefined) =>
    images[k] ? URL.createObjectURL(images[k]) : stored;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={notification ? t('edit') : t('add')}
      form={form}
      onSubmit={(values) => saveNotification(notification?.id, values, images)}
      successMessage={(result) => translateMessage(String(result))}
      invalidateKey={notificationsKey}
      formTabLabel={notification ? t('edit') : undefined}
      extraTabs={
        notification ? [{ label: t('form.deliveryTab'), content: <DeliveryLog id={notification.id} /> }] : []
      }
    >
      <FormTextField control={control} name="name" label={t('form.name')} required />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <TextField
              select
              label={t('form.mode')}
              required
              fullWidth
              value={field.value ?? ''}
              onChange={(e) => {
                field.onChange(e.target.value);
                setValue('notification_type', '' as 'on_start');
              }}
              error={!!err('mode')}
              helperText={err('mode')}
            >
              {MODES.map((m) => (
                <MenuItem key={m} value={m}>
                  {label('mode', m)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="notification_type"
          render={({ field }) => (
            <TextField
              select
              label={t('form.event')}
              required
              fullWidth
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
              error={!!err('notification_type')}
              helperText={err('notification_type')}
            >
              {events.map((e) => (
                <MenuItem key={e} value={e}>
                  {eventLabel(t, e)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name="time_unit"
          render={({ field }) => (
            <TextField
              select
              label={t('form.unit')}
              required
              fullWidth
              value={field.value ?? ''}
              onChange={(e) => {
                field.onChange(e.target.value);
                if (e.target.value === 'immediately') setValue('time_amount', 0);
              }}
              error={!!err('time_unit')}
              helperText={err('time_unit')}
            >
              {NOTIFICATION_TIME_UNITS.map((u) => (
                <MenuItem key={u} value={u}>
                  {t(`unit.${u}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          control={control}
          name="time_amount"
          label={t('form.duration')}
          fullWidth
          disabled={v.time_unit === 'immediately'}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
          parse={(x) => (x === '' ? undefined : /^\d+$/.test(x) ? Number(x) : x)}
        />
      </Box>
      <Controller
        control={control}
        name="before"
        render={({ field }) => (
          <RadioGroup
            row
            value={field.value ? 'before' : 'after'}
            onChange={(e) => {
              field.onChange(e.target.value === 'before');
              setValue('after', e.target.value === 'after');
            }}
          >
            <FormControlLabel
              value="before"
              control={<Radio />}
              label={t('form.before')}
              disabled={v.time_unit === 'immediately'}
            />
            <FormControlLabel
              value="after"
              control={<Radio />}
              label={t('form.after')}
              disabled={v.time_unit === 'immediately'}
            />
          </RadioGroup>
        )}
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        {(['email', 'sms', 'is_default'] as const).map((k) => (
          <FormCheckbox
            key={k}
            control={control}
            name={k}
            label={k === 'email' ? t('channel.email') : k === 'sms' ? t('channel.sms') : t('form.default')}
          />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('form.variables', { list: TEMPLATE_VARIABLE_NAMES.map((n) => `{{${n}}}`).join(' ') })}
      </Typography>
      {v.email ? (
        <>
          <FormTextField
            control={control}
            name="subject"
            label={t('form.subject')}
            helperText={t('form.subjectHelp')}
          />
          <FormTextField control={control} name="header" label={t('form.header')} multiline />
          <FormTextField
            control={control}
            name="message_email"
            label={t('form.emailMessage')}
            multiline
            minRows={3}
          />
          <FormTextField control={control} name="footer" label={t('form.footer')} multiline />
        </>
      ) : null}
      {v.sms ? (
        <FormTextField control={control} name="message" label={t('form.smsMessage')} multiline minRows={2} />
      ) : null}
      <FormTextField control={control} name="location_message" label={t('form.locationMessage')} multiline />
      <FormSearchPickerMany
        control={control}
        name="locations"
        area="locations"
        label={t('form.locations')}
        initial={savedLocations}
      />
      <FormTextField control={control} name="member_message" label={t('form.memberMessage')} multiline />
      <FormSearchPicker
        control={control}
        name="id_member"
        area="members"
        label={t('form.teamMember')}
        initial={savedMember}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {IMAGE_FIELDS.map(([k, key]) => (
          <Button key={k} component="label" variant="outlined" size="small">
            {images[k]
              ? t('form.imageChosen', { label: t(`form.${key}`), file: images[k].name })
              : t(`form.${key}`)}
            <input
              type="file"
              accept="image/*"
              hidden
              aria-label={t(`form.${key}`)}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (!f) return;
                if (!f.type.startsWith('image/')) {
                  setImageError(t('form.onlyImages'));
                  return;
                }
                setImageError(null);
                setImages((prev) => ({ ...prev, [k]: f }));
              }}
            />
          </Button>
        ))}
      </Box>
      {imageError ? <FormHelperText error>{imageError}</FormHelperText> : null}
      {notification ? <SendTest id={notification.id} hint /> : null}
      <TemplatePreview
        name={str(v.subject)?.trim() || (str(v.name) ?? '')}
        email={!!v.email}
        sms={!!v.sms}
        header={str(v.header)}
        messageEmail={str(v.message_email)}
        footer={str(v.footer)}
        message={str(v.message)}
        locationMessage={str(v.location_message)}
        images={{
          header: previewUrl('header_image', notification?.header_s3_url),
          body: previewUrl('body_image', notification?.body_s3_url),
          footer: previewUrl('footer_image', notification?.footer_s3_url),
        }}
      />
    </FormDialog>
  );
}
