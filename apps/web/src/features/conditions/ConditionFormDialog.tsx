import { CONDITION_MESSAGES, type TCondition, ZConditionCreateRequest } from '@lockerops/contract';
import { useTranslation } from 'react-i18next';
import { FormCheckbox, FormSearchPickerMany, FormTextField } from '../../components/form';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { CONDITIONS_ENDPOINT, conditionsKey, conditionValuesOf } from './hooks';

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
export function ConditionFormDialog({ condition, ...props }: ConditionFormDialogProps) {
  const { t } = useTranslation('conditions');
  // the saved condition names its products, so they show when it is reopened
  const savedProducts = (condition?.products ?? []).map((p) => ({ id: p.id, label: p.name }));
  return (
    <ResourceFormDialog
      {...props}
      row={condition}
      title={{ add: t('action.add'), edit: t('form.editTitle') }}
      schema={ZConditionCreateRequest}
      valuesOf={conditionValuesOf}
      endpoint={CONDITIONS_ENDPOINT}
      messages={CONDITION_MESSAGES}
      invalidateKey={conditionsKey}
    >
      {({ control }) => (
        <>
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
        </>
      )}
    </ResourceFormDialog>
  );
}
