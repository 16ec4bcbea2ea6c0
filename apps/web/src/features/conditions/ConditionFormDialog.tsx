import { CONDITION_MESSAGES, type TCondition } from '@lockerops/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormSearchPickerMany, FormTextField } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { conditionsKey, saveCondition, useConditionForm } from './hooks';

export interface ConditionFormDialogProps {
  open: boolean;
  /** the condition being edited (admins only); null adds one */
  condition: TCondition | null;
  onClose: () => void;
}

/**
 * "Add Condition" / "Edit Condition" (spec operational §2 Conditions, §5 Condition): name ('Condition
 * name is required'), auto maintenance, report issue, and the products in this condition.
 */
export function ConditionFormDialog({ open, condition, onClose }: ConditionFormDialogProps) {
  const form = useConditionForm(condition, open);
  const { control } = form;
  const { t } = useTranslation('conditions');
  // the saved condition names its products, so they show when it is reopened
  const savedProducts = (condition?.products ?? []).map((p) => ({ id: p.id, label: p.name }));
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={condition ? t('form.editTitle') : t('action.add')}
      form={form}
      onSubmit={(values) => saveCondition(condition?.id, values)}
      successMessage={translateMessage(condition ? CONDITION_MESSAGES.updated : CONDITION_MESSAGES.created)}
      invalidateKey={conditionsKey}
    >
      <FormTextField control={control} name="name" label={t('field.condition')} required />
      {(['auto_maintenance', 'auto_report'] as const).map((flag) => (
        <FormCheckbox
          key={flag}
          control={control}
          name={flag}
          label={flag === 'auto_maintenance' ? t('field.autoMaintenance') : t('field.reportIssue')}
        />
      ))}
      <FormSearchPickerMany
        control={control}
        name="products"
        area="products"
        label={t('field.products')}
        initial={savedProducts}
      />
    </FormDialog>
  );
}
