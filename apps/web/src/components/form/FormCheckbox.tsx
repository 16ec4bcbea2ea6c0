import { Checkbox, FormControlLabel } from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

export interface FormCheckboxProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
> {
  control: Control<TFieldValues, unknown, TTransformed>;
  /** a boolean field of the form values */
  name: TName;
  label: ReactNode;
  disabled?: boolean;
}

/** A labelled checkbox bound to one boolean react-hook-form field (unset reads as unchecked). */
export function FormCheckbox<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
>({ control, name, label, disabled }: FormCheckboxProps<TFieldValues, TName, TTransformed>) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Checkbox
          checked={!!field.value}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  );
}
