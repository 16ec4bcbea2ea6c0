import { zodResolver } from '@hookform/resolvers/zod';
import {
  TRANSACTION_MESSAGES as M,
  type TTransaction,
  transactionsEndpoints,
  ZCancelRequest,
  ZDeliveryCompleteRequest,
  ZTransactionActionResponse,
} from '@lockerops/contract';
import { Typography } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { FormSearchPicker } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { transactionsKey } from './hooks';

interface OneProps {
  open: boolean;
  transaction: TTransaction;
  onClose: () => void;
}

/** The request's object (its `.default` only fills an absent body, which a form never sends). */
const ZCancelForm = ZCancelRequest.unwrap();
type TCancelIn = z.input<typeof ZCancelForm>;
type TCancelOut = z.output<typeof ZCancelForm>;

/**
 * Cancel Transaction at the desk (issue 28 item 8; `PATCH events/{id}/cancel`): a transaction under
 * way stops now without a charge; its door becomes available again. Answers 'Transaction canceled
 * successfully'.
 */
export function CancelDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  const form = useForm<TCancelIn, unknown, TCancelOut>({
    resolver: zodResolver(ZCancelForm),
    defaultValues: {},
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({});
  }, [open, reset]);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tr('cancel.title')}
      form={form}
      onSubmit={(body) =>
        apiCall(transactionsEndpoints.events.cancel, {
          params: { id: t.id },
          body,
          schema: ZTransactionActionResponse,
        })
      }
      successMessage={translateMessage(M.canceled)}
      invalidateKey={transactionsKey}
      submitText={tr('cancel.submit')}
    >
      <Typography>{tr('cancel.confirm', { invoice: t.invoice_id })}</Typography>
    </FormDialog>
  );
}

type TCompleteIn = z.input<typeof ZDeliveryCompleteRequest>;
type TCompleteOut = z.output<typeof ZDeliveryCompleteRequest>;

/**
 * Place in Locker (issue 28 item 8; `PATCH delivery/{id}/complete`): a delivery created at the desk
 * waits for its parcel; the operator puts it into the door held for it (preselected) or another
 * available delivery door, which opens; the recipient gets their pickup code. Answers 'Delivery
 * completed successfully'.
 */
export function PlaceInLockerDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  const held = t.device ? { id: t.device.id, label: `#${t.device.locker_number} ${t.device.name}` } : null;
  const form = useForm<TCompleteIn, unknown, TCompleteOut>({
    resolver: zodResolver(ZDeliveryCompleteRequest),
    defaultValues: { id_device: held?.id ?? '' },
  });
  const { reset } = form;
  const heldId = held?.id ?? '';
  useEffect(() => {
    if (open) reset({ id_device: heldId });
  }, [open, reset, heldId]);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tr('complete.title')}
      form={form}
      onSubmit={(body) =>
        apiCall(transactionsEndpoints.delivery.complete, {
          params: { id: t.id },
          body,
          schema: ZTransactionActionResponse,
        })
      }
      successMessage={translateMessage(M.deliveryCompleted)}
      invalidateKey={transactionsKey}
      submitText={tr('complete.submit')}
    >
      <Typography variant="body2">{t.invoice_id}</Typography>
      <FormSearchPicker
        control={form.control}
        name="id_device"
        area="devices"
        label={tr('complete.door')}
        filters={{ mode: 'delivery', by_status: 'available', id_location: t.location?.id }}
        initial={held}
        required
      />
    </FormDialog>
  );
}
