import { settingsEndpoints, type TFilterPage, ZTableFilters } from '@lockerops/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { i18next } from '../i18n';
import { apiCall } from './client';
import { errorDetailText, formatApiError } from './errors';

/** The page keys and the `{ page, columns, filters }` shape come from the contract. */
export type { TFilterPage };

/** Column field → shown; a field not in the model is shown. */
export type ColumnVisibility = Record<string, boolean>;

const storageKey = (page: string) => `tableColumns:${page}`;

function readLocal(page: string): ColumnVisibility {
  try {
    const parsed = z
      .record(z.string(), z.boolean())
      .safeParse(JSON.parse(localStorage.getItem(storageKey(page)) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export const tableFiltersKey = (page: string) => ['filters', page] as const;

/**
 * The column selection of one table (spec operational §2 "column visibility saved per table locally"):
 * read from localStorage at once, then replaced by the server copy of `GET filters/{page}` when that
 * loads with columns (the server wins). A failed load shows 'Error loading table filters: …' once.
 * `setVisibility` saves locally and sends `PUT filters/{page}` `{ page, columns: shown fields, filters }`.
 * `fields` are the hideable columns of the table.
 */
export function useColumnVisibility(page: TFilterPage, fields: readonly string[]) {
  const { enqueueSnackbar } = useSnackbar();
  const [visibility, setLocal] = useState<ColumnVisibility>(() => readLocal(page));
  const serverFilters = useRef<Record<string, unknown>>({});
  const reported = useRef(false);

  const query = useQuery({
    queryKey: tableFiltersKey(page),
    queryFn: ({ signal }) =>
      apiCall(settingsEndpoints.filters.get, { params: { page }, schema: ZTableFilters, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const fieldList = fields.join(',');

  useEffect(() => {
    if (!query.data) return;
    serverFilters.current = query.data.filters;
    const { columns } = query.data;
    if (!columns) return;
    const next = Object.fromEntries(fieldList.split(',').map((f) => [f, columns.includes(f)]));
    setLocal(next);
    localStorage.setItem(storageKey(page), JSON.stringify(next));
  }, [query.data, fieldList, page]);

  useEffect(() => {
    if (query.error && !reported.current) {
      reported.current = true;
      enqueueSnackbar(i18next.t('common:table.filtersError', { detail: errorDetailText(query.error) }), {
        variant: 'error',
      });
    }
  }, [query.error, enqueueSnackbar]);

  const save = useMutation({
    mutationFn: (columns: string[]) =>
      apiCall(settingsEndpoints.filters.update, {
        params: { page },
        body: { columns, filters: serverFilters.current },
      }),
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });

  const setVisibility = useCallback(
    (next: ColumnVisibility) => {
      setLocal(next);
      localStorage.setItem(storageKey(page), JSON.stringify(next));
      save.mutate(fieldList.split(',').filter((f) => next[f] !== false));
    },
    [page, fieldList, save.mutate],
  );

  return { visibility, setVisibility };
}
