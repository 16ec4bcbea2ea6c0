import { zodResolver } from '@hookform/resolvers/zod';
import { TRANSACTION_MESSAGES as M, ZDeliveryCreateRequest } from '@lockerops/contract';
import { Alert } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { FormSearchPicker } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { createDelivery, transactionsKey } from './hooks';
import { RecipientFields } from './RecipientFields';

/** A picker's choice: '' (none) or an id. */
const zChoice = z.union([z.literal(''), z.uuid()]).transform((v) => v || undefined);

/** The form's locker ('' : the parcel waits at the desk), customer and desk location. */
const ZDeliveryForm = ZDeliveryCreateRequest.safeExtend({
  id_device: zChoice,
  id_user: zChoice,
  id_location: zChoice,
});
type TIn = z.input<typeof ZDeliveryForm>;
type TOut = z.output<typeof ZDeliveryForm>;

const EMPTY: TIn = { id_device: '', id_user: '', id_location: '', phone_number: '', email: '' };

/**
 * Create Delivery (spec: operational §7 Transactions `POST event/delivery (id_device,
 * phone_number)`): an available delivery locker (optional: without one the parcel waits at the
 * desk, at the location chosen), the customer it is for (searched; their phone and e-mail are used
 * unless others are typed) and the recipient's phone number or e-mail, one of the three required
 * ("Either phone number or email is required"). Answers 'Delivery created successfully' and
 * refreshes the list.
 */
export function CreateDeliveryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  const form = useForm<TIn, unknown, TOut>({ resolver: zodResolver(ZDeliveryForm), defaultValues: EMPTY });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);
  const atDesk = !form.watch('id_device');
  const errors = form.formState.errors;
  const byKey = errors as Record<string, { message?: unknown } | undefined>;
  const either = errors.root?.message ?? byKey['']?.message;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('delivery.title')}
      form={form}
      onSubmit={(body) => createDelivery(body)}
      successMessage={translateMessage(M.deliveryCreated)}
      invalidateKey={transactionsKey}
      submitText={t('delivery.submit')}
    >
      {typeof either === 'string' ? <Alert severity="warning">{translateMessage(either)}</Alert> : null}
      {/* available delivery lockers of every location, searched on the server as typed */}
      <FormSearchPicker
        control={form.control}
        name="id_device"
        area="devices"
        label={t('delivery.locker')}
        filters={{ by_status: 'available', mode: 'delivery' }}
        helperText={t('delivery.waitsAtDesk')}
      />
      {atDesk ? (
        <FormSearchPicker
          control={form.control}
          name="id_location"
          area="locations"
          label={t('delivery.location')}
          helperText={t('delivery.locationHelp')}
        />
      ) : null}
      <FormSearchPicker
        control={form.control}
        name="id_user"
        area="users"
        label={t('delivery.customer')}
        helperText={t('delivery.customerHelp')}
      />
      <RecipientFields control={form.control} />
    </FormDialog>
  );
}
