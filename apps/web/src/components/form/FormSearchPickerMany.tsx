import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PickerArea, PickerOption } from '../../api/pickers';
import { translateMessage } from '../../i18n/messages';
import { SearchPickerMany } from './SearchPickerMany';

export interface FormSearchPickerManyProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
> {
  control: Control<TFieldValues, unknown, TTransformed>;
  /** the field holding the chosen items' ids */
  name: TName;
  area: PickerArea;
  label: string;
  filters?: Record<string, string | number | boolean | undefined>;
  /** the saved items' options when a record is reopened, so their names show before any search */
  initial?: PickerOption[];
  disabled?: boolean;
  helperText?: string;
  /** the form refuses it empty: the label's asterisk and the input's `required` (read out) */
  required?: boolean;
}

/**
 * `FormSearchPicker` for a field of many ids (a subscription's users and locations, a template's
 * locations): `SearchPickerMany` (the same server search as the operator types, first 20, "type to
 * search", the chosen items as chips with their names) bound to the form's field, its error in the
 * console's language.
 */
export function FormSearchPickerMany<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
>({
  control,
  name,
  area,
  label,
  filters,
  initial,
  disabled,
  helperText,
  required,
}: FormSearchPickerManyProps<TFieldValues, TName, TTransformed>) {
  useTranslation('errors');
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined;
  return (
    <SearchPickerMany
      value={((field.value as unknown[] | undefined) ?? []).map(String)}
      onChange={field.onChange}
      area={area}
      label={label}
      filters={filters}
      initial={initial}
      disabled={disabled ?? field.disabled}
      helperText={message ?? helperText}
      error={!!fieldState.error}
      required={required}
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
    />
  );
}
