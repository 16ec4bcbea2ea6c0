import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickerOption, pickerOneQuery } from '../../api/pickers';
import { renderPickerOption } from '../form/PickerOptionItem';
import { usePickerSearch } from '../form/usePickerSearch';
import type { SearchFilter } from './filters';

/**
 * A filter over a list that may be long (every location, every user, every organization): it
 * searches the server as the operator types (the first 20 matches, `usePickerSearch`) and names the
 * chosen record by reading it alone, so no whole list is ever loaded. Cleared, it sends no filter.
 * Also the one search select of a page or dialog outside a list (the locker wall's location, the
 * dashboard's organization, a screen's place).
 */
export function SearchFilterField({
  filter,
  value,
  onChange,
}: {
  filter: SearchFilter;
  value: string;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const search = usePickerSearch(filter.area, undefined);
  // the chosen record's option, once named: among the matches, else read alone
  const [named, setNamed] = useState<PickerOption | null>(null);
  const known = named?.id === value ? named : null;
  const listed = search.options.find((o) => o.id === value);
  const one = useQuery({ ...pickerOneQuery(filter.area, value), enabled: !!value && !listed && !known });
  const found = listed ?? (one.data?.id === value ? one.data : undefined);
  if (found && (found.id !== named?.id || found.label !== named.label)) setNamed(found);
  // one object while the choice stands: a new one would set the field's text back to the choice's
  // name as the operator types a search whose matches leave it out
  const chosen = useMemo<PickerOption | null>(
    () => (value ? (known ?? { id: value, label: '…' }) : null),
    [value, known],
  );
  return (
    <Autocomplete
      size={filter.size ?? 'small'}
      // the full width on a phone, as the list's other filters
      sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: filter.minWidth ?? 160 } }}
      options={search.options}
      value={chosen}
      filterOptions={(options) => options}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={renderPickerOption}
      loading={search.loading}
      loadingText={t('table.loading')}
      noOptionsText={t('table.empty')}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') search.setTyped(text);
        if (reason === 'clear') search.setTyped('');
      }}
      onChange={(_e, option) => onChange(option?.id || undefined)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={filter.label}
          placeholder={filter.emptyLabel}
          required={filter.required}
          slotProps={{
            ...params.slotProps,
            inputLabel: filter.displayEmpty
              ? { ...params.slotProps.inputLabel, shrink: true }
              : params.slotProps.inputLabel,
          }}
        />
      )}
    />
  );
}
