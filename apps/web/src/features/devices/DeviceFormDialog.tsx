import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEVICE_CSV_HEADERS,
  DEVICE_MESSAGES,
  DEVICE_STATUSES,
  devicesEndpoints,
  HARDWARE_FIELDS,
  type TDevice,
  type TDeviceCreateRequest,
  type TDeviceCreateValues,
  type TSettings,
  ZDevice,
  ZDeviceCreateRequest,
} from '@lockerops/contract';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client';
import { settingsQuery } from '../../api/settings';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormSearchPicker, FormTextField } from '../../components/form';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { formatMoney } from '../../lib/format';
import { DeviceHistoryLog } from './DeviceHistoryLog';
import {
  DEVICES_ENDPOINT,
  devicesKey,
  useDeviceTemplateHeaders,
  useFreeProductCount,
  useTypeOptions,
} from './hooks';
import { priceKindFor } from './priceOptions';

type FormIn = TDeviceCreateRequest;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * The organization's defaults a new device starts with (Settings → Defaults: hardware, mode, size;
 * spec console §3 Settings), as form values; only those set.
 */
export function deviceDefaults(
  s: Pick<TSettings, 'default_device_hardware' | 'default_device_mode' | 'default_id_size'> | undefined,
): Partial<Record<'hardware_type' | 'mode' | 'id_size', string>> {
  if (!s) return {};
  const out: Partial<Record<'hardware_type' | 'mode' | 'id_size', string>> = {};
  if (s.default_device_hardware) out.hardware_type = s.default_device_hardware;
  if (s.default_device_mode) out.mode = s.default_device_mode;
  if (s.default_id_size) out.id_size = s.default_id_size;
  return out;
}

function valuesOf(d: TDevice | null): FormIn {
  if (!d)
    return {
      name: '',
      locker_number: '',
      mode: '',
      status: 'available',
      hardware_type: '',
      id_location: '',
    } as FormIn;
  const out: Record<string, unknown> = {};
  for (const k of DEVICE_CSV_HEADERS) {
    const v = (d as unknown as Record<string, unknown>)[k];
    out[k] = typeof v === 'boolean' ? v : text(v);
  }
  return out as FormIn;
}

/** The link a device's QR code carries: the device in the console. */
export const deviceQrValue = (id: string) => `${window.location.origin}/devices?device=${id}`;

export interface DeviceFormDialogProps {
  open: boolean;
  device: TDevice | null;
  isAdmin: boolean;
  onClose: () => void;
}

/**
 * "Add Device" / "Edit Device" (spec operational §2 Devices, §5 Device): the common fields, then the
 * fields of the chosen hardware type; validated by the contract's ZDeviceCreateRequest. Editing adds
 * the "Device History Log" and "QR Code" tabs; admins adding get "Bulk Upload".
 */
export function DeviceFormDialog({ open, device, isAdmin, onClose }: DeviceFormDialogProps) {
  const form = useForm<FormIn, unknown, TDeviceCreateValues>({
    resolver: zodResolver(ZDeviceCreateRequest),
    defaultValues: valuesOf(device),
  });
  const { control, formState, watch, reset, setValue } = form;
  useEffect(() => {
    if (open) reset(valuesOf(device));
  }, [open, device, reset]);
  // Add Device starts from Settings → Defaults: each default fills its field while it is still empty
  const settings = useQuery({ ...settingsQuery(), enabled: open && !device, retry: false });
  useEffect(() => {
    if (!open || device || !settings.data) return;
    for (const [k, v] of Object.entries(deviceDefaults(settings.data)) as Array<[keyof FormIn, string]>) {
      if (!form.getValues(k)) setValue(k, v as never);
    }
  }, [open, device, settings.data, form, setValue]);
  const modes = useTypeOptions('mode');
  const hardware = useTypeOptions('hardware');
  const templateHeaders = useDeviceTemplateHeaders(open && isAdmin && !device);
  const navigate = useNavigate();
  const { t } = useTranslation('devices');
  const label = useEnumLabel();
  const err = (k: string) =>
    (formState.errors as Record<string, { message?: string } | undefined>)[k]?.message;
  const hw = watch('hardware_type') as keyof typeof HARDWARE_FIELDS | '';
  const mode = watch('mode');
  const priceRequired = !!watch('price_required');
  const editing = !!device;
  // the prices a door of this mode may use, asked of the server (spec §5 Device)
  const priceKind = priceKindFor(typeof mode === 'string' ? mode : undefined);
  // Rental and vending doors are stocked with a product that is in no other device (spec §5 Device).
  const stocked = mode === 'rental' || mode === 'vending';
  const freeProducts = useFreeProductCount(open && stocked);
  useEffect(() => {
    if (!stocked && watch('id_product')) setValue('id_product', '');
  }, [stocked, watch, setValue]);
  // the product the door holds is named by the device, so it shows when the device is reopened
  const savedProduct = device?.product ? { id: device.product.id, label: device.product.name } : null;
  const savedLocation = device?.location ? { id: device.location.id, label: device.location.name } : null;

  // A price that does not fit the mode (or any price for vending) is dropped when the mode changes.
  const shownKind = useRef(priceKind);
  useEffect(() => {
    if (shownKind.current !== priceKind && watch('id_price')) setValue('id_price', '');
    shownKind.current = priceKind;
  }, [priceKind, watch, setValue]);
  useEffect(() => {
    if (open) shownKind.current = priceKindFor(device?.mode);
  }, [open, device]);
  const savedSize = device?.size ? { id: device.size.id, label: device.size.name } : null;
  const savedPrice = device?.price
    ? {
        id: device.price.id,
        label: `${device.price.name} (${formatMoney(device.price.amount, device.price.currency)})`,
      }
    : null;

  const select = (
    name: keyof FormIn,
    label: string,
    options: Array<{ value: string; label: string }>,
    opts: { required?: boolean; none?: boolean } = { required: true },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          required={!!opts.required}
          value={text(field.value)}
          onChange={field.onChange}
          error={!!err(name)}
          helperText={err(name)}
        >
          {opts.none ? (
            <MenuItem value="">
              <em>{t('form.none')}</em>
            </MenuItem>
          ) : null}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const check = (name: keyof FormIn, label: string) => (
    <FormCheckbox control={control} name={name} label={label} />
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? t('form.editTitle') : t('action.add')}
      form={form}
      onSubmit={(values) =>
        device
          ? apiCall(devicesEndpoints.devices.update, {
              params: { id: device.id },
              body: values,
              schema: ZDevice,
            })
          : apiCall(devicesEndpoints.devices.create, { body: values, schema: ZDevice })
      }
      successMessage={translateMessage(editing ? DEVICE_MESSAGES.updated : DEVICE_MESSAGES.created)}
      invalidateKey={devicesKey}
      formTabLabel={editing ? t('form.editTitle') : undefined}
      bulkUpload={
        isAdmin && !editing
          ? { endpoint: DEVICES_ENDPOINT, headers: templateHeaders, allowDryRun: true }
          : undefined
      }
      extraTabs={
        device
          ? [
              {
                label: t('form.historyLog'),
                content: <DeviceHistoryLog id={device.id} idLocation={device.id_location} />,
              },
              {
                label: t('form.qrCode'),
                content: (
                  <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, py: 2 }}>
                    <QRCodeSVG
                      value={deviceQrValue(device.id)}
                      size={200}
                      title={t('form.qrCodeOf', { name: device.name })}
                    />
                    <Typography variant="body2">
                      {device.name} · #{device.locker_number}
                    </Typography>
                  </Box>
                ),
              },
            ]
          : []
      }
    >
      <FormTextField control={control} name="name" label={t('field.name')} required />
      <FormTextField
        control={control}
        name="locker_number"
        label={t('field.lockerNumber')}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField control={control} name="custom_identifier" label={t('field.customIdentifier')} />
      {select(
        'mode',
        t('field.mode'),
        (modes.data ?? []).map((o) => ({ value: o.value, label: label('mode', o.value) })),
      )}
      {select(
        'status',
        t('field.status'),
        DEVICE_STATUSES.map((s) => ({ value: s, label: label('deviceStatus', s) })),
      )}
      <FormSearchPicker
        control={control}
        name="id_location"
        area="ownLocations"
        label={t('field.location')}
        required
        initial={savedLocation}
      />
      {mode !== 'rental' && mode !== 'vending' ? (
        <FormSearchPicker
          control={control}
          name="id_size"
          area="sizes"
          label={t('field.size')}
          required
          initial={savedSize}
        />
      ) : null}
      {stocked ? (
        <FormSearchPicker
          control={control}
          name="id_product"
          area="products"
          label={t('field.product')}
          filters={{ unassigned: 'true' }}
          initial={savedProduct}
        />
      ) : null}
      {stocked && freeProducts.isSuccess && freeProducts.data === 0 && !savedProduct ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => navigate('/inventory')}>
              {t('form.addProduct')}
            </Button>
          }
        >
          {t('prompt.noProducts')}
        </Alert>
      ) : null}
      {mode !== 'vending' ? check('price_required', t('field.priceRequired')) : null}
      {priceKind !== 'none' ? (
        <FormSearchPicker
          control={control}
          name="id_price"
          area="prices"
          label={t('field.price')}
          required={priceRequired}
          filters={{ weight: priceKind === 'weight' ? 'true' : 'false' }}
          initial={savedPrice}
        />
      ) : null}
      {check('ada_compliance', t('field.adaCompliance'))}
      {mode === 'rental' ? check('require_image', t('field.requireImage')) : null}
      <FormTextField control={control} name="item" label={t('field.item')} />
      <FormTextField
        control={control}
        name="item_description"
        label={t('field.itemDescription')}
        multiline
        minRows={2}
      />
      {select(
        'hardware_type',
        t('field.hardwareType'),
        (hardware.data ?? []).map((o) => ({ value: o.value, label: label('hardware', o.value) })),
      )}
      {hw
        ? HARDWARE_FIELDS[hw].map((f) => (
            <FormTextField
              control={control}
              name={f as keyof FormIn}
              key={f}
              label={t(`hardwareField.${f}`)}
            />
          ))
        : null}
    </FormDialog>
  );
}
