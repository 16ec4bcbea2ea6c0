import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';

/** One choice: the value the form keeps and the text shown. */
export interface AutocompleteOption {
  value: string;
  label: string;
}

export interface FormAutocompleteProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
> {
  /** the form's `control` (`useForm(…).control`) */
  control: Control<TFieldValues, unknown, TTransformed>;
  /** the field: one value, or a list of values with `multiple` */
  name: TName;
  label: string;
  /** every choice, already loaded (a list searched on the server is `FormSearchPicker`'s) */
  options: readonly AutocompleteOption[];
  /** the field holds a list of values, shown as chips */
  multiple?: boolean;
  /** keeps the list open after a pick, to pick several in a row */
  disableCloseOnSelect?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** the form refuses it empty: the label's asterisk and the input's `required` (read out) */
  required?: boolean;
}

/**
 * A searchable select bound to one react-hook-form field (a Controller around MUI's Autocomplete):
 * the field keeps the chosen values (`options[].value`), the list shows their labels; its
 * validation message shows in place of `helperText`, in the console's language, and a failed
 * submit focuses it.
 */
export function FormAutocomplete<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
>({
  control,
  name,
  label,
  options,
  multiple = false,
  disableCloseOnSelect,
  disabled,
  helperText,
  required,
}: FormAutocompleteProps<TFieldValues, TName, TTransformed>) {
  useTranslation('errors');
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined;
  const raw: unknown = field.value;
  const chosen = multiple ? (Array.isArray(raw) ? raw.map(String) : []) : raw ? [String(raw)] : [];
  const chosenKey = chosen.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chosen values change only with their key
  const selected = useMemo(() => options.filter((o) => chosen.includes(o.value)), [options, chosenKey]);
  return (
    <Autocomplete<AutocompleteOption, boolean>
      multiple={multiple}
      disableCloseOnSelect={disableCloseOnSelect}
      options={options as AutocompleteOption[]}
      value={multiple ? selected : (selected[0] ?? null)}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_e, picked) =>
        field.onChange(
          Array.isArray(picked)
            ? picked.map((o) => o.value)
            : ((picked as AutocompleteOption | null)?.value ?? ''),
        )
      }
      onBlur={field.onBlur}
      disabled={disabled ?? field.disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          name={field.name}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={message ?? helperText}
        />
      )}
    />
  );
}
