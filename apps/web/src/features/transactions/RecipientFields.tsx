import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form';

/**
 * The phone-or-e-mail recipient of a delivery or a shared link (spec: operational §7 Transactions):
 * the `phone_number` and `email` fields of the form whose `control` is given.
 */
export function RecipientFields<T extends FieldValues, TOut>({
  control,
}: {
  control: Control<T, unknown, TOut>;
}) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <FormTextField
        control={control}
        name={'phone_number' as FieldPath<T>}
        label={t('recipient.phone')}
        helperText={t('recipient.phoneHelp')}
      />
      <FormTextField
        control={control}
        name={'email' as FieldPath<T>}
        label={t('recipient.email')}
        type="email"
        helperText=" "
      />
    </>
  );
}
