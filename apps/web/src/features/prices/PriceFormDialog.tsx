import {
  CURRENCIES,
  PRICE_CSV_HEADERS,
  PRICE_MESSAGES,
  PRICE_TYPES,
  type TPrice,
  type TPriceType,
  UNITS_BY_PRICE_TYPE,
  ZPriceCreateRequest,
} from '@lockerops/contract';
import { MenuItem, TextField } from '@mui/material';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox, FormSelect, FormTextField } from '../../components/form';
import { useHistoryFields } from '../../components/HistoryLog';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { PRICE_HISTORY_ENUMS, PRICE_HISTORY_LABELS } from './historyFields';
import {
  PRICES_ENDPOINT,
  pricesKey,
  priceValuesOf,
  type TPriceFormInput,
  type TPriceFormOutput,
  useDefaultPrices,
} from './hooks';
import { showCardOnFile, showDefaultOption } from './priceRules';

export interface PriceFormDialogProps {
  open: boolean;
  price: TPrice | null;
  isAdmin: boolean;
  onClose: () => void;
}

/**
 * "Add Price" / "Edit Price" (spec operational §3 Price, §4 Price form, §5 Price): name, unit type,
 * amount, currency, unit amount (time only), unit, prorated, card on file (shown only when the amount
 * is 0; an amount above 0 forces it), default (hidden while another price is the default, unless
 * editing that one). Changing the unit type resets the unit.
 */
export function PriceFormDialog({ price, ...props }: PriceFormDialogProps) {
  const { t } = useTranslation('prices');
  const historyFields = useHistoryFields('prices', PRICE_HISTORY_LABELS, PRICE_HISTORY_ENUMS);
  return (
    <ResourceFormDialog
      {...props}
      row={price}
      title={{ add: t('add'), edit: t('edit') }}
      schema={ZPriceCreateRequest}
      valuesOf={priceValuesOf}
      endpoint={PRICES_ENDPOINT}
      messages={PRICE_MESSAGES}
      invalidateKey={pricesKey}
      csvHeaders={PRICE_CSV_HEADERS}
      history={{ label: t('field.historyTab'), entity: 'price', fields: historyFields }}
    >
      {(form) => <PriceFields form={form} price={price} open={props.open} />}
    </ResourceFormDialog>
  );
}

/** The price form's fields; the unit follows the unit type, card on file and default their rules. */
function PriceFields({
  form,
  price,
  open,
}: {
  form: UseFormReturn<TPriceFormInput, unknown, TPriceFormOutput>;
  price: TPrice | null;
  open: boolean;
}) {
  const { t } = useTranslation('prices');
  const label = useEnumLabel();
  const { control, formState, setValue } = form;
  const err = (k: keyof typeof formState.errors) => {
    const m = formState.errors[k]?.message;
    return m ? translateMessage(m) : undefined;
  };
  const priceType = useWatch({ control, name: 'price_type' }) as TPriceType;
  const amount = useWatch({ control, name: 'amount' });
  const all = useDefaultPrices(open);
  const otherDefault = all.data?.items.find((p) => p.default && p.id !== price?.id);
  return (
    <>
      <FormTextField control={control} name="name" label={t('field.name')} required />
      <Controller
        control={control}
        name="price_type"
        render={({ field }) => (
          <TextField
            select
            label={t('field.unitType')}
            required
            value={field.value ?? ''}
            onChange={(e) => {
              field.onChange(e.target.value);
              // spec operational §4: changing the price type resets the unit
              setValue('unit', UNITS_BY_PRICE_TYPE[e.target.value as TPriceType][0] ?? '');
              if (e.target.value === 'pay_per_weight') setValue('unit_amount', '');
            }}
            error={!!err('price_type')}
            helperText={err('price_type')}
          >
            {PRICE_TYPES.map((p) => (
              <MenuItem key={p} value={p}>
                {label('priceType', p)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="amount"
        render={({ field }) => (
          <TextField
            label={t('field.amount')}
            required
            value={field.value ?? ''}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            onChange={(e) => {
              field.onChange(e.target.value);
              if (!showCardOnFile(e.target.value)) setValue('card_on_file', true);
            }}
            error={!!err('amount')}
            helperText={err('amount')}
          />
        )}
      />
      <FormSelect
        control={control}
        name="currency"
        label={t('field.currency')}
        options={CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }))}
      />
      {priceType === 'pay_per_time' && (
        <FormTextField
          control={control}
          name="unit_amount"
          label={t('field.unitAmount')}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
      <FormSelect
        control={control}
        name="unit"
        label={t('field.unit')}
        required
        options={(UNITS_BY_PRICE_TYPE[priceType] ?? []).map((u) => ({ value: u, label: t(`unit.${u}`) }))}
      />
      <FormCheckbox control={control} name="prorated" label={t('field.prorated')} />
      {showCardOnFile(amount) && (
        <FormCheckbox control={control} name="card_on_file" label={t('field.cardOnFile')} />
      )}
      {showDefaultOption(price, otherDefault) && (
        <FormCheckbox control={control} name="default" label={t('field.default')} />
      )}
    </>
  );
}
