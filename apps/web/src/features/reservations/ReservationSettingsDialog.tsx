import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUFFER_PERIODS,
  RESERVATION_MESSAGES,
  RESERVATION_TIME_PERIODS,
  type TReservationSettings,
  type TReservationSettingsUpdateRequest,
  ZReservationSettingsUpdateRequest,
} from '@lockerops/contract';
import { Box, MenuItem, TextField } from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { reservationSettingsKey, saveReservationSettings, useReservationSettings } from './hooks';

type Input = TReservationSettingsUpdateRequest & { transaction_buffer: boolean; locker_buffer: boolean };

const valuesOf = (s: TReservationSettings | undefined): Input => ({
  max_rental_time: s?.max_rental_time ?? '',
  max_rental_time_period: s?.max_rental_time_period ?? '',
  max_reservation_time: s?.max_reservation_time ?? '',
  max_reservation_time_period: s?.max_reservation_time_period ?? '',
  transaction_buffer: !!s?.transaction_buffer_time_period,
  transaction_buffer_time: s?.transaction_buffer_time_period ? s.transaction_buffer_time : '',
  transaction_buffer_time_period: s?.transaction_buffer_time_period ?? '',
  locker_buffer: !!s?.locker_buffer_time_period,
  locker_buffer_time: s?.locker_buffer_time_period ? s.locker_buffer_time : '',
  locker_buffer_time_period: s?.locker_buffer_time_period ?? '',
});

/**
 * "Reservation Settings" (spec operational §2 Reservations, §3 Reservation settings, §5): max rental
 * and reservation times with their periods (required), and the transaction and locker buffers, each
 * enabled by its checkbox (then value and period are required). Success: 'Reservation settings
 * updated successfully'.
 */
export function ReservationSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('reservations');
  const settings = useReservationSettings(open);
  const form = useForm<Input, unknown, TReservationSettings>({
    resolver: (values, ctx, options) =>
      zodResolver(ZReservationSettingsUpdateRequest)(
        {
          ...values,
          transaction_buffer_time: values.transaction_buffer ? values.transaction_buffer_time : 0,
          transaction_buffer_time_period: values.transaction_buffer
            ? values.transaction_buffer_time_period || ''
            : '',
          locker_buffer_time: values.locker_buffer ? values.locker_buffer_time : 0,
          locker_buffer_time_period: values.locker_buffer ? values.locker_buffer_time_period || '' : '',
          ...(values.transaction_buffer && !values.transaction_buffer_time_period
            ? { transaction_buffer_time_period: 'missing' }
            : {}),
          ...(values.locker_buffer && !values.locker_buffer_time_period
            ? { locker_buffer_time_period: 'missing' }
            : {}),
        },
        ctx,
        options as never,
      ) as never,
  });
  const { reset, control, watch, formState } = form;
  useEffect(() => {
    if (open && settings.data) reset(valuesOf(settings.data));
  }, [open, settings.data, reset]);
  const err = (k: keyof Input) => {
    const m = formState.errors[k]?.message as string | undefined;
    return m ? translateMessage(m) : undefined;
  };

  const pair = (
    valueKey: keyof Input,
    periodKey: keyof Input,
    title: string,
    periods: readonly string[],
    disabled = false,
  ) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
      <Controller
        control={control}
        name={valueKey}
        render={({ field }) => (
          <TextField
            label={title}
            required
            disabled={disabled}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={!!err(valueKey)}
            helperText={err(valueKey)}
          />
        )}
      />
      <Controller
        control={control}
        name={periodKey}
        render={({ field }) => (
          <TextField
            select
            label={t('settings.period')}
            required
            disabled={disabled}
            value={periods.includes(String(field.value)) ? field.value : ''}
            onChange={(e) => field.onChange(e.target.value)}
            error={!!err(periodKey)}
            helperText={
              formState.errors[periodKey]?.message === 'Invalid period'
                ? t('settings.periodRequired')
                : err(periodKey)
            }
          >
            {periods.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`settings.unit.${p}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Box>
  );

  const buffer = (flag: 'transaction_buffer' | 'locker_buffer', text: string) => (
    <FormCheckbox control={control} name={flag} label={text} />
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      form={form}
      onSubmit={saveReservationSettings}
      successMessage={translateMessage(RESERVATION_MESSAGES.settingsUpdated)}
      invalidateKey={reservationSettingsKey}
    >
      {pair('max_rental_time', 'max_rental_time_period', t('settings.maxRental'), RESERVATION_TIME_PERIODS)}
      {pair(
        'max_reservation_time',
        'max_reservation_time_period',
        t('settings.maxReservation'),
        RESERVATION_TIME_PERIODS,
      )}
      {buffer('transaction_buffer', t('settings.transactionBuffer'))}
      {pair(
        'transaction_buffer_time',
        'transaction_buffer_time_period',
        t('settings.transactionBufferTime'),
        BUFFER_PERIODS,
        !watch('transaction_buffer'),
      )}
      {buffer('locker_buffer', t('settings.lockerBuffer'))}
      {pair(
        'locker_buffer_time',
        'locker_buffer_time_period',
        t('settings.lockerBufferTime'),
        BUFFER_PERIODS,
        !watch('locker_buffer'),
      )}
    </FormDialog>
  );
}
