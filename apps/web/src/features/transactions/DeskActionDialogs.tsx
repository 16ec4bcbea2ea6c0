import {
  TRANSACTION_MESSAGES as M,
  transactionsEndpoints,
  ZCancelRequest,
  ZDeliveryCompleteRequest,
  ZTransactionActionResponse,
} from '@lockerops/contract';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client';
import { FormSearchPicker } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { type OneProps, StepDialog } from './StepDialog';

/** The request's object (its `.default` only fills an absent body, which a form never sends). */
const ZCancelForm = ZCancelRequest.unwrap();

/**
 * Cancel Transaction at the desk (`PATCH events/{id}/cancel`): a transaction under
 * way stops now without a charge; its door becomes available again. Answers 'Transaction canceled
 * successfully'.
 */
export function CancelDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  return (
    <StepDialog
      {...{ open, onClose, transaction: t }}
      heading={<Typography>{tr('cancel.confirm', { invoice: t.invoice_id })}</Typography>}
      title={tr('cancel.title')}
      submitText={tr('cancel.submit')}
      cancelText={tr('cancel.keep')}
      destructive
      schema={ZCancelForm}
      defaults={{}}
      submit={(body) =>
        apiCall(transactionsEndpoints.events.cancel, {
          params: { id: t.id },
          body,
          schema: ZTransactionActionResponse,
        })
      }
      successMessage={translateMessage(M.canceled)}
      fields={() => null}
    />
  );
}

/**
 * Place in Locker (`PATCH delivery/{id}/complete`): a delivery created at the desk
 * waits for its parcel; the operator puts it into the door held for it (preselected) or another
 * available delivery door, which opens; the recipient gets their pickup code. Answers 'Delivery
 * completed successfully'.
 */
export function PlaceInLockerDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  const held = t.device ? { id: t.device.id, label: `#${t.device.locker_number} ${t.device.name}` } : null;
  return (
    <StepDialog
      {...{ open, onClose, transaction: t }}
      title={tr('complete.title')}
      submitText={tr('complete.submit')}
      schema={ZDeliveryCompleteRequest}
      defaults={{ id_device: held?.id ?? '' }}
      submit={(body) =>
        apiCall(transactionsEndpoints.delivery.complete, {
          params: { id: t.id },
          body,
          schema: ZTransactionActionResponse,
        })
      }
      successMessage={translateMessage(M.deliveryCompleted)}
      fields={(form) => (
        <FormSearchPicker
          control={form.control}
          name="id_device"
          area="devices"
          label={tr('complete.door')}
          filters={{ mode: 'delivery', by_status: 'available', id_location: t.location?.id }}
          initial={held}
          required
        />
      )}
    />
  );
}
