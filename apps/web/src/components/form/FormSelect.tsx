import { MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { ENUM_GROUPS, type TEnumGroup, useEnumLabel } from '../../i18n/enums';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/**
 * The choices of a select: its own `options`, or the values of one of the contract's enums
 * (`group`; `values` narrows or orders them), labelled in the console's language.
 */
type Choices =
  | { options: readonly SelectOption[]; group?: undefined; values?: undefined }
  | { options?: undefined; group: TEnumGroup; values?: readonly string[] };

export type FormSelectProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
> = Omit<FormTextFieldProps<TFieldValues, TName, TTransformed>, 'select' | 'children'> & Choices;

/**
 * A select bound to one react-hook-form field: `FormTextField` with `select` and its options, given
 * as such or as an enum of the contract (`group="discountType"`) whose labels come from the catalogs
 * (`useEnumLabel`), so no stored value reaches the screen. A value outside them shows empty.
 */
export function FormSelect<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
>({ options, group, values, ...rest }: FormSelectProps<TFieldValues, TName, TTransformed>) {
  const label = useEnumLabel();
  const choices =
    options ??
    (values ?? (group ? ENUM_GROUPS[group] : [])).map((v) => ({ value: v, label: label(group, v) }));
  return (
    <FormTextField {...rest} select>
      {choices.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
