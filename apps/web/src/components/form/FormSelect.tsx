import { MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

export type FormSelectProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
> = Omit<FormTextFieldProps<TFieldValues, TName, TTransformed>, 'select' | 'children'> & {
  /** the choices, in order; a value outside them shows empty */
  options: readonly SelectOption[];
};

/** A select bound to one react-hook-form field: `FormTextField` with `select` and its options. */
export function FormSelect<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
>({ options, ...rest }: FormSelectProps<TFieldValues, TName, TTransformed>) {
  return (
    <FormTextField {...rest} select>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
