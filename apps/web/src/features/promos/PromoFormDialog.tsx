import { PROMO_CSV_HEADERS, PROMO_MESSAGES, type TPromo, ZPromoCreateRequest } from '@lockerops/contract';
import { TextField } from '@mui/material';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationZone } from '../../api/place';
import { FormSelect, FormTextField } from '../../components/form';
import { useHistoryFields } from '../../components/HistoryLog';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { translateMessage } from '../../i18n/messages';
import { zoneLabel } from '../../lib/format';
import { isoToWallClock } from '../../lib/time';
import { PROMO_HISTORY_ENUMS, PROMO_HISTORY_LABELS } from './historyFields';
import {
  fromWallClock,
  PROMOS_ENDPOINT,
  promosKey,
  promoValuesOf,
  type TPromoFormInput,
  type TPromoFormOutput,
} from './hooks';

export interface PromoFormDialogProps {
  open: boolean;
  promo: TPromo | null;
  isAdmin: boolean;
  onClose: () => void;
}

/**
 * "Add Promo" / "Edit Promo" (spec operational §3 Promo, §4 Promo form, §5 Promo): name, code,
 * discount type, amount, start and end time. The end time's minimum is the start time, and it
 * resets when the start time changes.
 */
export function PromoFormDialog({ promo, ...props }: PromoFormDialogProps) {
  const { t } = useTranslation('promos');
  const historyFields = useHistoryFields('promos', PROMO_HISTORY_LABELS, PROMO_HISTORY_ENUMS);
  return (
    <ResourceFormDialog
      {...props}
      row={promo}
      title={{ add: t('add'), edit: t('edit') }}
      schema={ZPromoCreateRequest}
      valuesOf={promoValuesOf}
      endpoint={PROMOS_ENDPOINT}
      messages={PROMO_MESSAGES}
      invalidateKey={promosKey}
      csvHeaders={PROMO_CSV_HEADERS}
      history={{ label: t('field.historyTab'), entity: 'promo', fields: historyFields }}
    >
      {(form) => <PromoFields form={form} />}
    </ResourceFormDialog>
  );
}

/** The promo form's fields; the end time's minimum follows the start time. */
function PromoFields({ form }: { form: UseFormReturn<TPromoFormInput, unknown, TPromoFormOutput> }) {
  const { t } = useTranslation('promos');
  const zone = useOrganizationZone();
  const { control, formState, setValue } = form;
  const err = (k: keyof typeof formState.errors) => {
    const m = formState.errors[k]?.message;
    return m ? translateMessage(m) : undefined;
  };
  const start = useWatch({ control, name: 'start_time' }) as string;
  return (
    <>
      <FormTextField control={control} name="name" label={t('field.name')} required />
      <FormTextField control={control} name="code" label={t('field.code')} required />
      <FormSelect
        control={control}
        name="discount_type"
        label={t('field.discountType')}
        required
        group="discountType"
      />
      <FormTextField
        control={control}
        name="amount"
        label={t('field.amount')}
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <Controller
        control={control}
        name="start_time"
        render={({ field }) => (
          <TextField
            type="datetime-local"
            label={t('field.startTime')}
            required
            value={isoToWallClock(field.value as string, zone)}
            onChange={(e) => {
              field.onChange(fromWallClock(e.target.value, zone));
              // spec operational §4: the end time resets when the start time changes
              setValue('end_time', '');
            }}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!err('start_time')}
            helperText={err('start_time') ?? zoneLabel(zone)}
          />
        )}
      />
      <Controller
        control={control}
        name="end_time"
        render={({ field }) => (
          <TextField
            type="datetime-local"
            label={t('field.endTime')}
            required
            value={isoToWallClock(field.value as string, zone)}
            onChange={(e) => field.onChange(fromWallClock(e.target.value, zone))}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: isoToWallClock(start, zone) || undefined },
            }}
            error={!!err('end_time')}
            helperText={err('end_time') ?? zoneLabel(zone)}
          />
        )}
      />
    </>
  );
}
