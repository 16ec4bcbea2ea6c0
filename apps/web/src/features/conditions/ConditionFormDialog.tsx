import { CONDITION_MESSAGES, type TCondition } from '@lockerops/contract';
import { Autocomplete, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { conditionsKey, saveCondition, useConditionForm, useProductOptions } from './hooks';

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
  const { register, control, formState } = form;
  const products = useProductOptions(open);
  const options = products.data ?? [];
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={condition ? 'Edit Condition' : 'Add Condition'}
      form={form}
      onSubmit={(values) => saveCondition(condition?.id, values)}
      successMessage={condition ? CONDITION_MESSAGES.updated : CONDITION_MESSAGES.created}
      invalidateKey={conditionsKey}
    >
      <TextField
        label="Condition"
        required
        {...register('name')}
        error={!!formState.errors.name}
        helperText={formState.errors.name?.message}
      />
      {(['auto_maintenance', 'auto_report'] as const).map((flag) => (
        <Controller
          key={flag}
          control={control}
          name={flag}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox checked={field.value === true} onChange={(e) => field.onChange(e.target.checked)} />
              }
              label={flag === 'auto_maintenance' ? 'Auto Maintenance' : 'Report Issue'}
            />
          )}
        />
      ))}
      <Controller
        control={control}
        name="products"
        render={({ field }) => {
          const ids = Array.isArray(field.value) ? (field.value as string[]) : [];
          return (
            <Autocomplete
              multiple
              options={options}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={options.filter((o) => ids.includes(o.id))}
              onChange={(_e, picked) => field.onChange(picked.map((p) => p.id))}
              renderInput={(params) => <TextField {...params} label="Products" />}
            />
          );
        }}
      />
    </FormDialog>
  );
}
