import {
  MODE_LABELS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_TIME_UNITS,
  TEMPLATE_VARIABLE_NAMES,
  type TNotification,
} from '@lockerops/contract';
import {
  Autocomplete,
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
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { usePeopleOptions } from '../../api/options';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormTextField } from '../../components/form';
import { DeliveryLog } from './DeliveryLog';
import {
  notificationsKey,
  saveNotification,
  type TemplateImages,
  useLocationOptions,
  useNotificationForm,
} from './hooks';
import { TemplatePreview } from './TemplatePreview';

const MODES = ['service', 'rental', 'storage', 'delivery'] as const;
const EVENT_LABELS: Record<string, string> = {
  on_start: 'On start',
  on_reservation: 'On reservation',
  on_service_pickup: 'On service pickup',
  on_service_charge: 'On service charge',
  on_service_dropoff: 'On service drop-off',
  on_complete: 'On complete',
  non_locker_delivery: 'Non-locker delivery',
  on_expired: 'On expired',
};
const UNIT_LABELS: Record<string, string> = {
  immediately: 'Immediately',
  minute: 'Minute(s)',
  hour: 'Hour(s)',
  day: 'Day(s)',
  week: 'Week(s)',
};

export { EVENT_LABELS };

const str = (x: unknown) => (typeof x === 'string' ? x : null);

export interface NotificationFormDialogProps {
  open: boolean;
  notification: TNotification | null;
  onClose: () => void;
}

const IMAGE_FIELDS = [
  ['header_image', 'Header image', 'header_s3_url'],
  ['body_image', 'Body image', 'body_s3_url'],
  ['footer_image', 'Footer image', 'footer_s3_url'],
] as const;

/**
 * "Add Notification" / "Edit Notification" (spec console §3 Notification, §5 rules): mode, event,
 * name, timing (unit; 'immediately' sets the duration 0; before or after), channels, e-mail header,
 * message and footer, SMS message, per-location message and locations, member message and member,
 * images, and a live preview. Editing adds the "Delivery log" tab with Send test.
 */
export function NotificationFormDialog({ open, notification, onClose }: NotificationFormDialogProps) {
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
  const members = usePeopleOptions('members', open);
  const locationOptions = useLocationOptions(open);
  const v = watch();
  const events = (
    v.mode ? NOTIFICATION_EVENTS[v.mode as keyof typeof NOTIFICATION_EVENTS] : []
  ) as readonly string[];
  const err = (k: keyof typeof formState.errors) => formState.errors[k]?.message as string | undefined;
  const previewUrl = (k: (typeof IMAGE_FIELDS)[number][0], stored: string | null | undefined) =>
    images[k] ? URL.createObjectURL(images[k]) : stored;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={notification ? 'Edit Notification' : 'Add Notification'}
      form={form}
      onSubmit={(values) => saveNotification(notification?.id, values, images)}
      successMessage={(result) => String(result)}
      invalidateKey={notificationsKey}
      formTabLabel={notification ? 'Edit Notification' : undefined}
      extraTabs={
        notification ? [{ label: 'Delivery log', content: <DeliveryLog id={notification.id} /> }] : []
      }
    >
      <FormTextField control={control} name="name" label="Name" required />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <TextField
              select
              label="Mode"
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
                  {MODE_LABELS[m]}
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
              label="Event"
              required
              fullWidth
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
              error={!!err('notification_type')}
              helperText={err('notification_type')}
            >
              {events.map((e) => (
                <MenuItem key={e} value={e}>
                  {EVENT_LABELS[e] ?? e}
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
              label="Unit"
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
                  {UNIT_LABELS[u]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          control={control}
          name="time_amount"
          label="Duration"
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
              label="Before"
              disabled={v.time_unit === 'immediately'}
            />
            <FormControlLabel
              value="after"
              control={<Radio />}
              label="After"
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
            label={k === 'email' ? 'E-mail' : k === 'sms' ? 'SMS' : 'Default'}
          />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        Variables: {TEMPLATE_VARIABLE_NAMES.map((n) => `{{${n}}}`).join(' ')}
      </Typography>
      {v.email ? (
        <>
          <FormTextField control={control} name="header" label="Header" multiline />
          <FormTextField
            control={control}
            name="message_email"
            label="E-mail message"
            multiline
            minRows={3}
          />
          <FormTextField control={control} name="footer" label="Footer" multiline />
        </>
      ) : null}
      {v.sms ? (
        <FormTextField control={control} name="message" label="SMS message" multiline minRows={2} />
      ) : null}
      <FormTextField control={control} name="location_message" label="Location message" multiline />
      <Controller
        control={control}
        name="locations"
        render={({ field }) => {
          const options = locationOptions.data ?? [];
          const ids = (field.value as string[] | undefined) ?? [];
          return (
            <Autocomplete
              multiple
              options={options}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={options.filter((o) => ids.includes(o.id))}
              onChange={(_e, picked) => field.onChange(picked.map((p) => p.id))}
              renderInput={(params) => <TextField {...params} label="Locations" />}
            />
          );
        }}
      />
      <FormTextField control={control} name="member_message" label="Member message" multiline />
      <Controller
        control={control}
        name="id_member"
        render={({ field }) => {
          const options = members.data ?? [];
          return (
            <Autocomplete
              options={options}
              getOptionLabel={(o) => o.label}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={options.find((o) => o.id === field.value) ?? null}
              onChange={(_e, picked) => field.onChange(picked?.id ?? '')}
              renderInput={(params) => <TextField {...params} label="Team Member" />}
            />
          );
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {IMAGE_FIELDS.map(([k, label]) => (
          <Button key={k} component="label" variant="outlined" size="small">
            {images[k] ? `${label}: ${images[k].name}` : label}
            <input
              type="file"
              accept="image/*"
              hidden
              aria-label={label}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (!f) return;
                if (!f.type.startsWith('image/')) {
                  setImageError('Only images are allowed');
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
      <TemplatePreview
        name={str(v.name) ?? ''}
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
