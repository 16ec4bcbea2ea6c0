import { PRODUCT_GROUP_MESSAGES, type TProductGroup, ZProductGroupCreateRequest } from '@lockerops/contract';
import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useMemo } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toFormData } from '../../api/formData';
import { FormCheckbox, FormSearchPicker, FormSearchPickerMany, FormTextField } from '../../components/form';
import { ImageField } from '../../components/ImageField';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import {
  PRODUCT_GROUPS_ENDPOINT,
  productGroupsKey,
  productGroupValuesOf,
  type TProductGroupFormInput,
  type TProductGroupFormOutput,
} from './hooks';

export interface ProductGroupFormDialogProps {
  open: boolean;
  group: TProductGroup | null;
  onClose: () => void;
}

/**
 * "Add Product Group" / "Edit Product Group" (spec operational §5 Product group): name (≤ 50, letters,
 * digits and spaces), image, return policy, locker size (required when returning to any locker of the
 * same size and location), charging time (≤ 6 digits), auto repair, number of transactions (≤ 10
 * digits), total inventory and products; sent as multipart.
 */
export function ProductGroupFormDialog({ group, ...props }: ProductGroupFormDialogProps) {
  const { t } = useTranslation('product-groups');
  return (
    <ResourceFormDialog
      {...props}
      row={group}
      title={{ add: t('add'), edit: t('edit') }}
      schema={ZProductGroupCreateRequest}
      valuesOf={productGroupValuesOf}
      endpoint={PRODUCT_GROUPS_ENDPOINT}
      body={toFormData}
      messages={PRODUCT_GROUP_MESSAGES}
      invalidateKey={productGroupsKey}
    >
      {(form) => <ProductGroupFields form={form} group={group} />}
    </ResourceFormDialog>
  );
}

/** The product group form's fields; the locker size is asked when any locker of that size may take it back. */
function ProductGroupFields({
  form,
  group,
}: {
  form: UseFormReturn<TProductGroupFormInput, unknown, TProductGroupFormOutput>;
  group: TProductGroup | null;
}) {
  const { t } = useTranslation('product-groups');
  const label = useEnumLabel();
  const { control, formState } = form;
  const err = (k: keyof typeof formState.errors) => {
    const m = formState.errors[k]?.message;
    return m ? translateMessage(m) : undefined;
  };
  const oneToOne = useWatch({ control, name: 'one_to_one' });
  const anyLocker = oneToOne === false || oneToOne === 'false';
  // the group's products, named by the group, so they show when it is reopened
  const savedProducts = useMemo(
    () => (group?.products ?? []).map((p) => ({ id: p.id, label: p.name })),
    [group],
  );
  return (
    <>
      <FormTextField control={control} name="name" label={t('form.name')} required />
      <Controller
        control={control}
        name="one_to_one"
        render={({ field }) => (
          <FormControl error={!!err('one_to_one')} required>
            <FormLabel>{t('form.returnPolicy')}</FormLabel>
            <RadioGroup
              value={field.value === true || field.value === 'true' ? 'same' : anyLocker ? 'any' : ''}
              onChange={(e) => field.onChange(e.target.value === 'same')}
            >
              <FormControlLabel value="same" control={<Radio />} label={label('returnPolicy', 'same')} />
              <FormControlLabel value="any" control={<Radio />} label={label('returnPolicy', 'any')} />
            </RadioGroup>
            {err('one_to_one') ? <FormHelperText>{err('one_to_one')}</FormHelperText> : null}
          </FormControl>
        )}
      />
      {anyLocker ? (
        <FormSearchPicker
          control={control}
          name="id_size"
          area="sizes"
          label={t('form.lockerSize')}
          required
          initial={group?.size ? { id: group.size.id, label: group.size.name } : null}
        />
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
        <FormTextField
          control={control}
          name="charging_time"
          label={t('form.chargingTime')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          control={control}
          name="transaction_number"
          label={t('form.transactions')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          control={control}
          name="total_inventory"
          label={t('form.totalInventory')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      <FormCheckbox control={control} name="auto_repair" label={t('form.autoRepair')} />
      <FormSearchPickerMany
        control={control}
        name="products"
        area="products"
        label={t('form.products')}
        initial={savedProducts}
      />
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImageField
            value={typeof field.value === 'string' ? field.value : null}
            onChange={(url) => field.onChange(url)}
          />
        )}
      />
    </>
  );
}
