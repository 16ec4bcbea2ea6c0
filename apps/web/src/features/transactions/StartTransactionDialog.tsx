import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TTransactionActionResponse,
  transactionsEndpoints,
  ZStartRequest,
  ZTransactionActionResponse,
} from '@lockerops/contract';
import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiCall } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { FormSearchPicker, FormTextField } from '../../components/form';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { transactionsKey } from './hooks';

/** The modes a desk starts (a delivery has its own dialog, Create Delivery). */
export const DESK_MODES = ['storage', 'rental', 'service', 'vending'] as const;
type TDeskMode = (typeof DESK_MODES)[number];

const CALLS = {
  storage: transactionsEndpoints.events.startStorage,
  rental: transactionsEndpoints.events.startRental,
  service: transactionsEndpoints.events.startService,
  vending: transactionsEndpoints.events.startVending,
} as const;

const ZStartForm = ZStartRequest.pick({ id_device: true, id_user: true }).extend({
  promo_code: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
});
type TIn = z.input<typeof ZStartForm>;
type TOut = z.output<typeof ZStartForm>;
const EMPTY: TIn = { id_device: '', id_user: '', promo_code: '' };

/**
 * Start Transaction at the desk: an operator starts a storage, rental, service
 * (laundry drop-off) or vending transaction for a customer on an available door of that mode,
 * with an optional promo code — the partner calls `POST events/{mode}` made with the member's
 * token, so every rule of the life cycle applies (door available, product in a rental or vending
 * door, payment). The door and the customer are searched on the server as they are typed.
 */
export function StartTransactionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  const label = useEnumLabel();
  const [mode, setMode] = useState<TDeskMode>('storage');
  const form = useForm<TIn, unknown, TOut>({ resolver: zodResolver(ZStartForm), defaultValues: EMPTY });
  const { reset, setValue } = form;
  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setMode('storage');
    }
  }, [open, reset]);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('start.title')}
      form={form}
      onSubmit={(body) => apiCall(CALLS[mode], { body, schema: ZTransactionActionResponse })}
      successMessage={(r) => translateMessage((r as TTransactionActionResponse).detail)}
      invalidateKey={transactionsKey}
      submitText={t('start.submit')}
    >
      <TextField
        select
        label={t('start.mode')}
        value={mode}
        onChange={(e) => {
          setMode(e.target.value as TDeskMode);
          setValue('id_device', '');
        }}
      >
        {DESK_MODES.map((m) => (
          <MenuItem key={m} value={m}>
            {label('mode', m)}
          </MenuItem>
        ))}
      </TextField>
      <FormSearchPicker
        key={mode}
        control={form.control}
        name="id_device"
        area="devices"
        label={t('start.door')}
        filters={{ mode, by_status: 'available' }}
        required
        helperText={t('start.doorHint')}
      />
      <FormSearchPicker
        control={form.control}
        name="id_user"
        area="users"
        label={t('start.customer')}
        required
      />
      <FormTextField control={form.control} name="promo_code" label={t('start.promo')} />
    </FormDialog>
  );
}
