import {
  RESERVATION_CSV_HEADERS,
  RESERVATION_MESSAGES,
  RESERVATION_MODES,
  type TReservation,
  type TReservationCreateValues,
  WEEKDAYS,
} from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { useChosenLocationZone } from '../../api/place';
import { BulkUpload } from '../../components/BulkUpload';
import { FormCheckbox, FormSearchPicker, FormTextField } from '../../components/form';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { zoneLabel } from '../../lib/format';
import {
  checkTracking,
  RESERVATIONS_ENDPOINT,
  reservationsKey,
  saveReservation,
  useAvailableSizes,
  useLocationDevices,
  useReservationForm,
} from './hooks';
import { lockerOptions, nothingFree, type TReservationFormInput } from './reservationForm';

export interface ReservationFormDialogProps {
  open: boolean;
  reservation: TReservation | null;
  isAdmin: boolean;
  onClose: () => void;
}

/**
 * "Add Reservation" / "Edit Reservation" (spec operational §2 Reservations, §4 Reservation, §5):
 * mode, tracking number (checked for uniqueness on delivery), location, size, locker (or the first
 * free one), product (rental), user, phone/e-mail, and the type: custom range (start and end) or
 * recurring (days all or custom, from/to time, start and end date), typed on the wall clock of the
 * location's zone (named above the dates).
 * The submit stays disabled when the location has no free locker or size for the mode. Admins adding
 * get the "Bulk Upload" tab. Built on MUI's Dialog because the shared FormDialog has no way to
 * disable its submit.
 */
export function ReservationFormDialog({ open, reservation, isAdmin, onClose }: ReservationFormDialogProps) {
  const { t } = useTranslation('reservations');
  const label = useEnumLabel();
  // the chosen location's zone (read for that location alone), set as the location is picked
  const [zoneLocation, setZoneLocation] = useState<string | undefined>(undefined);
  const zoneOf = useChosenLocationZone(open ? zoneLocation : undefined);
  const form = useReservationForm(reservation, open, zoneOf);
  const { control, watch, formState, setValue, setError, handleSubmit } = form;
  const [tab, setTab] = useState(0);
  const [error, setErrorText] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const editing = !!reservation;
  const showBulk = isAdmin && !editing;

  useEffect(() => {
    if (open) {
      setTab(0);
      setErrorText(null);
    }
  }, [open]);

  const mode = watch('mode') as string | undefined;
  const locationId = (watch('id_location') as string | undefined) || undefined;
  useEffect(() => setZoneLocation(locationId), [locationId]);
  const sizeId = (watch('id_size') as string | undefined) || undefined;
  const recurring = !!watch('recurring');
  const days = watch('days');

  // the saved location and product, named by the reservation, so they show when it is reopened
  const savedLocation = reservation?.location
    ? { id: reservation.location.id, label: reservation.location.name }
    : null;
  const savedProduct = reservation?.product
    ? { id: reservation.product.id, label: reservation.product.name }
    : null;
  const sizes = useAvailableSizes(locationId, mode);
  const devices = useLocationDevices(locationId);
  const lockers = lockerOptions(devices.data ?? [], mode, sizeId, reservation?.id_device);
  const blocked = nothingFree({
    locationChosen: !!locationId && !sizes.isLoading && !devices.isLoading,
    mode,
    sizes: sizes.data ?? [],
    lockers,
  });

  const err = (k: keyof TReservationFormInput) => formState.errors[k]?.message as string | undefined;

  const submit = handleSubmit(async (values: TReservationCreateValues) => {
    setErrorText(null);
    try {
      await saveReservation(reservation?.id, values);
      enqueueSnackbar(
        translateMessage(editing ? RESERVATION_MESSAGES.updated : RESERVATION_MESSAGES.created),
        {
          variant: 'success',
        },
      );
      void queryClient.invalidateQueries({ queryKey: reservationsKey });
      onClose();
    } catch (e) {
      setErrorText(formatApiError(e));
    }
  });

  const onTrackingBlur = async (value: string) => {
    if (mode !== 'delivery' || !value.trim()) return;
    try {
      const taken = await checkTracking(value, reservation?.id);
      if (taken) setError('tracking_number', { message: taken });
    } catch {
      // the server checks again on submit
    }
  };

  const select = (
    name: keyof TReservationFormInput,
    text: string,
    options: Array<{ value: string; label: string }>,
    required = true,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={text}
          required={required}
          value={options.some((o) => o.value === field.value) ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value)}
          error={!!err(name)}
          helperText={err(name) ? translateMessage(err(name) ?? '') : undefined}
        >
          {options.map((o) => (
            <MenuItem key={o.value || 'none'} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{editing ? t('edit') : t('add')}</DialogTitle>
      {showBulk ? (
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ px: 3 }}>
          <Tab label={t('common:form.individualUpload')} />
          <Tab label={t('common:form.bulkUpload')} />
        </Tabs>
      ) : null}
      <DialogContent>
        {tab === 1 && showBulk ? (
          <BulkUpload
            endpoint={RESERVATIONS_ENDPOINT}
            headers={RESERVATION_CSV_HEADERS}
            templateName="reservations_template.csv"
            allowDryRun
            invalidateKey={reservationsKey}
          />
        ) : (
          <Box
            component="form"
            id="reservation-form"
            noValidate
            onSubmit={(e) => void submit(e)}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
          >
            {error ? <Alert severity="error">{error}</Alert> : null}
            {select(
              'mode',
              t('form.mode'),
              RESERVATION_MODES.map((m) => ({ value: m, label: label('mode', m) })),
            )}
            <FormTextField
              control={control}
              name="tracking_number"
              label={t('form.trackingNumber')}
              required
              onBlur={(e) => void onTrackingBlur(e.target.value)}
              slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
            />
            <FormSearchPicker
              control={control}
              name="id_location"
              area="locations"
              label={t('form.location')}
              required
              initial={savedLocation}
            />
            {mode !== 'rental' ? (
              select(
                'id_size',
                t('form.size'),
                (sizes.data ?? []).map((s) => ({
                  value: s.id,
                  label: t('form.sizeOption', { name: s.name, count: s.devices }),
                })),
              )
            ) : (
              <FormSearchPicker
                control={control}
                name="id_product"
                area="products"
                label={t('form.product')}
                required
                // the products of the chosen location
                filters={{ by_location: locationId }}
                disabled={!locationId}
                initial={savedProduct}
              />
            )}
            {select(
              'id_device',
              t('form.lockerNumber'),
              [
                { value: '', label: t('form.firstFree') },
                ...lockers.map((d) => ({ value: d.id, label: `${d.locker_number} — ${d.name}` })),
              ],
              false,
            )}
            {mode !== 'delivery' ? (
              <FormSearchPicker
                control={control}
                name="id_user"
                area="users"
                label={t('form.user')}
                required
                initial={
                  reservation?.user
                    ? {
                        id: reservation.user.id,
                        label: reservation.user.name,
                        secondary: reservation.user.email ?? undefined,
                      }
                    : null
                }
              />
            ) : null}
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
              <FormTextField
                control={control}
                name="phone_number"
                label={t('form.phone')}
                placeholder="+15551234567"
                helperText={t('form.phoneHelp')}
              />
              <FormTextField control={control} name="email" label={t('form.email')} />
            </Box>
            {mode === 'delivery' ? (
              <FormTextField control={control} name="sender_details" label={t('form.sender')} />
            ) : null}
            <Controller
              control={control}
              name="recurring"
              render={({ field }) => (
                <Box>
                  <FormLabel id="reservation-type">{t('form.type')}</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="reservation-type"
                    value={field.value ? 'recurring' : 'custom'}
                    onChange={(e) => {
                      field.onChange(e.target.value === 'recurring');
                      setValue('start_date', '');
                      setValue('end_date', '');
                    }}
                  >
                    <FormControlLabel value="custom" control={<Radio />} label={t('form.customRange')} />
                    <FormControlLabel value="recurring" control={<Radio />} label={t('form.recurring')} />
                  </RadioGroup>
                </Box>
              )}
            />
            {recurring ? (
              <>
                <Controller
                  control={control}
                  name="days"
                  render={({ field }) => (
                    <Box>
                      <FormLabel id="reservation-days">{t('form.days')}</FormLabel>
                      <RadioGroup
                        row
                        aria-labelledby="reservation-days"
                        value={field.value}
                        onChange={(e) => field.onChange(e.target.value)}
                      >
                        <FormControlLabel value="all" control={<Radio />} label={t('form.allDays')} />
                        <FormControlLabel value="custom" control={<Radio />} label={t('form.customDays')} />
                      </RadioGroup>
                    </Box>
                  )}
                />
                {days === 'custom' ? (
                  <Box>
                    {WEEKDAYS.map((d) => (
                      <FormCheckbox key={d} control={control} name={d} label={t(`dayShort.${d}`)} />
                    ))}
                    {err('monday') ? (
                      <Alert severity="error">{translateMessage(err('monday') ?? '')}</Alert>
                    ) : null}
                  </Box>
                ) : null}
                <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
                  <FormTextField
                    control={control}
                    name="from_time"
                    label={t('form.fromTime')}
                    type="time"
                    required
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <FormTextField
                    control={control}
                    name="to_time"
                    label={t('form.toTime')}
                    type="time"
                    required
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Box>
              </>
            ) : null}
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
              <Typography
                variant="caption"
                color="text.secondary"
                data-testid="reservation-zone"
                sx={{ gridColumn: '1 / -1' }}
              >
                {zoneLabel(zoneOf(locationId))}
              </Typography>
              <FormTextField
                control={control}
                name="start_date"
                label={t('form.startDate')}
                type={recurring ? 'date' : 'datetime-local'}
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <FormTextField
                control={control}
                name="end_date"
                label={t('form.endDate')}
                type={recurring ? 'date' : 'datetime-local'}
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Box>
            {blocked ? (
              <Alert severity="warning">{translateMessage(RESERVATION_MESSAGES.noLockers)}</Alert>
            ) : null}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tab === 0 ? t('common:button.cancel') : t('common:button.close')}</Button>
        {tab === 0 ? (
          <Button
            type="submit"
            form="reservation-form"
            variant="contained"
            disabled={blocked || formState.isSubmitting}
          >
            {t('common:button.save')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
