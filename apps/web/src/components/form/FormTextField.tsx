import { TextField, type TextFieldProps } from '@mui/material';
import type { FocusEvent } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';

export type FormTextFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'inputRef'> & {
  /** the form's `control` (`useForm(…).control`) */
  control: Control<TFieldValues, unknown, TTransformed>;
  /** the field's path in the form values (a key of the contract's request schema) */
  name: TName;
  /** the form value of what was typed (e.g. digits as a number); the text itself unless given */
  parse?: (text: string) => unknown;
  /** marks the field as wrong besides its own validation (a check made outside the schema) */
  error?: boolean;
};

/**
 * A text field bound to one react-hook-form field: its value, its validation message (shown in
 * place of `helperText`, which is the hint while the field is valid) and focus on a failed submit.
 * Every other TextField prop passes through (`label`, `required`, `multiline`, `select` with
 * `MenuItem` children, `slotProps`, …); an `onBlur` runs after the form has marked the field touched.
 * The value is the text typed, or what `parse` makes of it.
 */
export function FormTextField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
>({
  control,
  name,
  helperText,
  onBlur,
  parse,
  error,
  ...rest
}: FormTextFieldProps<TFieldValues, TName, TTransformed>) {
  const { field, fieldState } = useController({ control, name });
  // The contract's validation messages are the spec's English: shown in the console's language
  // (the hook re-renders the field when the language changes).
  useTranslation('errors');
  const message = fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined;
  return (
    <TextField
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(parse ? parse(e.target.value) : e.target.value)}
      onBlur={(e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        field.onBlur();
        onBlur?.(e);
      }}
      inputRef={field.ref}
      disabled={rest.disabled ?? field.disabled}
      error={!!fieldState.error || !!error}
      helperText={message ?? helperText}
    />
  );
}
