import { SEARCH_DEBOUNCE_MS } from '@lockerops/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type PickerArea, type PickerOption, pickerSearchQuery } from '../../api/pickers';

/**
 * The server search behind both pickers (`FormSearchPicker`, `FormSearchPickerMany`): whether the
 * list is open, the text typed, the search sent 300 ms after the last key (trimmed), and the
 * first 20 matches of `area` under `filters` — asked for as the form opens (unless `disabled`), the
 * previous answer kept while the next one loads.
 */
export function usePickerSearch(
  area: PickerArea,
  filters: Parameters<typeof pickerSearchQuery>[2],
  disabled?: boolean,
) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const results = useQuery({
    ...pickerSearchQuery(area, search, filters),
    enabled: !disabled,
    placeholderData: keepPreviousData,
  });
  const options: PickerOption[] = results.data ?? [];
  return { open, setOpen, typed, setTyped, search, options, loading: results.isFetching };
}
