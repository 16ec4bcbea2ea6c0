import { Autocomplete, TextField } from '@mui/material';
import { type FocusEventHandler, type Ref, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerArea, PickerOption } from '../../api/pickers';
import { renderPickerOption } from './PickerOptionItem';
import { usePickerSearch } from './usePickerSearch';

export interface SearchPickerManyProps {
  /** the chosen items' ids */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  area: PickerArea;
  label: string;
  filters?: Record<string, string | number | boolean | undefined>;
  /** the saved items' options when a record is reopened, so their names show before any search */
  initial?: PickerOption[];
  disabled?: boolean;
  /** the text under the field (an error's or a hint); the picker's hint while it is open */
  helperText?: string;
  error?: boolean;
  /** the field refuses it empty: the label's asterisk and the input's `required` (read out) */
  required?: boolean;
  /** shown in the empty field, the label above it (e.g. "All locations") */
  placeholder?: string;
  size?: 'small' | 'medium';
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: FocusEventHandler;
}

/**
 * The picker of several records of a list that may be long (a subscription's users, a dashboard's
 * locations): the server search as the operator types (first 20, "type to search",
 * `usePickerSearch`), the chosen items kept as chips with their names (picked here, or named by
 * `initial`). `FormSearchPickerMany` binds it to a form's field.
 */
export function SearchPickerMany({
  value,
  onChange,
  area,
  label,
  filters,
  initial,
  disabled,
  helperText,
  error,
  required,
  placeholder,
  size,
  name,
  inputRef,
  onBlur,
}: SearchPickerManyProps) {
  const { t } = useTranslation();
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

  const idsKey = value.map(String).join(',');
  const selected = useMemo(
    () =>
      (idsKey ? idsKey.split(',') : []).map(
        (id) => known[id] ?? options.find((o) => o.id === id) ?? { id, label: id },
      ),
    [idsKey, known, options],
  );

  return (
    <Autocomplete<PickerOption, true>
      multiple
      // several are picked in a row; Escape then closes the list, not the dialog around it
      disableCloseOnSelect
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={loading}
      disabled={disabled}
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
        onChange(picked.map((o) => o.id));
      }}
      onBlur={onBlur}
      noOptionsText={search ? t('picker.noMatch') : t('picker.typeToSearch')}
      loadingText={t('table.loading')}
      renderOption={(props, o) => renderPickerOption(props, o)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          name={name}
          inputRef={inputRef}
          error={error}
          placeholder={selected.length ? undefined : placeholder}
          slotProps={{
            ...params.slotProps,
            inputLabel: placeholder
              ? { ...params.slotProps.inputLabel, shrink: true }
              : params.slotProps.inputLabel,
          }}
          helperText={helperText ?? (open ? t('picker.hint') : undefined)}
        />
      )}
    />
  );
}
