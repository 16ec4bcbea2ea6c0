import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type PickerArea, type PickerOption, pickerOneQuery, pickerReadsOne } from '../../api/pickers';
import { translateMessage } from '../../i18n/messages';
import { renderPickerOption } from './PickerOptionItem';
import { usePickerSearch } from './usePickerSearch';

export interface FormSearchPickerProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
> {
  control: Control<TFieldValues, unknown, TTransformed>;
  /** the field holding the chosen item's id ('' or null when none) */
  name: TName;
  /** what is searched: users, team members, devices, locations or products */
  area: PickerArea;
  label: string;
  /** filters sent with every search (e.g. `{ mode: 'storage', status: 'available' }` for devices) */
  filters?: Record<string, string | number | boolean | undefined>;
  /**
   * the saved item's option when a record is reopened, so its name shows before any search (the
   * record usually names it: a reservation's user, an issue's member)
   */
  initial?: PickerOption | null;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** called with the whole option when one is picked (e.g. to fill other fields from it) */
  onPick?: (option: PickerOption | null) => void;
}

/**
 * The one picker of users, team members, devices, locations and products: it
 * searches the server as the operator types (`GET <area>?search=…&size=20`, 300 ms after the last
 * key), shows the first 20 matches with a "type to search" hint, and shows the saved item's name
 * when a record is reopened (given by `initial`, or read alone for an id set without its name). Works the same with 200 or 200,000 customers.
 */
export function FormSearchPicker<
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
  required,
  disabled,
  helperText,
  onPick,
}: FormSearchPickerProps<TFieldValues, TName, TTransformed>) {
  const { t } = useTranslation();
  useTranslation('errors');
  const { field, fieldState } = useController({ control, name });
  const { open, setOpen, setTyped, search, options, loading } = usePickerSearch(area, filters, disabled);
  const [chosen, setChosen] = useState<PickerOption | null>(initial ?? null);
  const value = field.value ? String(field.value) : '';
  // a reopened record, or a value set from outside: show the caller's option for it
  useEffect(() => {
    if (!value) setChosen(null);
    else if (initial && initial.id === value) setChosen(initial);
  }, [value, initial]);

  const known = value
    ? chosen?.id === value
      ? chosen
      : (options.find((o) => o.id === value) ?? null)
    : null;
  // an id set with no name (a default from Settings): read that one record to name it
  const one = useQuery({
    ...pickerOneQuery(area, value),
    enabled: !!value && !known && pickerReadsOne(area),
  });
  const selected = known ?? (one.data?.id === value ? one.data : null);
  const message = fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined;

  return (
    <Autocomplete<PickerOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      // the server filters; the list shows what it answered
      filterOptions={(x) => x}
      loading={loading}
      disabled={disabled ?? field.disabled}
      value={selected}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setTyped(text);
        if (reason === 'clear') setTyped('');
      }}
      onChange={(_e, picked) => {
        setChosen(picked);
        field.onChange(picked?.id ?? '');
        onPick?.(picked);
        setTyped('');
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
