import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PickerArea, PickerOption } from '../../api/pickers';
import { translateMessage } from '../../i18n/messages';
import { renderPickerOption } from './PickerOptionItem';
import { usePickerSearch } from './usePickerSearch';

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
 * locations): the same server search as the operator types (first 20, "type to search"), the
 * chosen items kept as chips with their names, the saved ones named by the record.
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
  const { t } = useTranslation();
  useTranslation('errors');
  const { field, fieldState } = useController({ control, name });
  const { open, setOpen, typed, setTyped, search, options, loading } = usePickerSearch(
    area,
    filters,
    disabled,
  );
  // the names of every item chosen or named so far, by id
  const [known, setKnown] = useState<Record<string, PickerOption>>({});
  const initialKey = (initial ?? []).map((o) => `${o.id}:${o.label}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options change only with their key
  useEffect(() => {
    if (initial?.length) setKnown((k) => ({ ...k, ...Object.fromEntries(initial.map((o) => [o.id, o])) }));
  }, [initialKey]);

  const idsKey = ((field.value as unknown[] | undefined) ?? []).map(String).join(',');
  const selected = useMemo(
    () =>
      (idsKey ? idsKey.split(',') : []).map(
        (id) => known[id] ?? options.find((o) => o.id === id) ?? { id, label: id },
      ),
    [idsKey, known, options],
  );
  const message = fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined;

  return (
    <Autocomplete<PickerOption, true>
      multiple
      // several are picked in a row; Escape then closes the list, not the dialog around it
      disableCloseOnSelect
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={loading}
      disabled={disabled ?? field.disabled}
      value={selected}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={typed}
      // the text is the operator's: kept until a pick or a clear (a new value array is no reason)
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setTyped(text);
        if (reason === 'clear') setTyped('');
      }}
      onChange={(_e, picked) => {
        setTyped('');
        setKnown((k) => ({ ...k, ...Object.fromEntries(picked.map((o) => [o.id, o])) }));
        field.onChange(picked.map((o) => o.id));
      }}
      onBlur={field.onBlur}
      noOptionsText={search ? t('picker.noMatch') : t('picker.typeToSearch')}
      loadingText={t('table.loading')}
      renderOption={(props, o) => renderPickerOption(props, o)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          name={field.name}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={message ?? helperText ?? (open ? t('picker.hint') : undefined)}
        />
      )}
    />
  );
}
