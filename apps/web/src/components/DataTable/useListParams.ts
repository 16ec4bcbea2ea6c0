import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_MIN_LENGTH } from '@lockerops/contract';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

/** The list state a table keeps in the URL (CONVENTIONS habit 7; spec operational §2 common list behaviour). */
export interface ListParams {
  /** 1-based page */
  page: number;
  size: number;
  /** what the user typed (debounced); sent to the server only from SEARCH_MIN_LENGTH characters */
  search: string;
  sort_by?: string;
  order?: 'asc' | 'desc';
  /** the area's own filters (e.g. by_status, id_location), by name */
  filters: Record<string, string>;
}

export type ListQuery = Record<string, string | number | undefined>;

const ZUrlList = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().catch(undefined),
  search: z.string().catch(''),
  sort_by: z.string().min(1).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
});

/** The server query of a list state: search only from 2 characters, empty filters left out. */
export function toListQuery(p: ListParams): ListQuery {
  const search = p.search.trim();
  const query: ListQuery = {
    page: p.page,
    size: p.size,
    search: search.length >= SEARCH_MIN_LENGTH ? search : undefined,
    sort_by: p.sort_by && p.order ? p.sort_by : undefined,
    order: p.sort_by && p.order ? p.order : undefined,
  };
  for (const [k, v] of Object.entries(p.filters)) if (v) query[k] = v;
  return query;
}

export interface UseListParamsOptions {
  defaultPageSize?: number;
  /** names of the area filters kept in the URL next to the common ones */
  filterKeys?: readonly string[];
}

export interface ListParamsApi {
  params: ListParams;
  /** the query to send: page, size, search (2+ characters), sort_by/order, filters */
  query: ListQuery;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  /** also returns to page 1 */
  setSearch: (search: string) => void;
  /** `order` undefined clears the sort (the third click of the cycle) */
  setSort: (sortBy: string | undefined, order: 'asc' | 'desc' | undefined) => void;
  /** also returns to page 1; an empty value removes the filter */
  setFilter: (key: string, value: string | undefined) => void;
}

/**
 * Page, size, search, sort and area filters parsed from the URL search params (CONVENTIONS habit 7),
 * so a filtered view can be bookmarked. Invalid values fall back to defaults; defaults are left out of
 * the URL. Updates replace the history entry (typing in the search box does not flood Back).
 */
export function useListParams({
  defaultPageSize = DEFAULT_PAGE_SIZE,
  filterKeys = [],
}: UseListParamsOptions = {}): ListParamsApi {
  const [searchParams, setSearchParams] = useSearchParams();
  // react-router hands a functional update the params of the last render, so two updates before
  // the URL's next change (two filters' debounces ending together) would each start from the same
  // params and the second would drop the first. An update made while the params it started from
  // are still the current ones builds on the params it asked for instead.
  const current = useRef(searchParams);
  current.current = searchParams;
  const pending = useRef<{ base: URLSearchParams; next: URLSearchParams } | null>(null);
  const filterKeyList = filterKeys.join(',');

  const params = useMemo<ListParams>(() => {
    const raw = Object.fromEntries(searchParams.entries());
    const parsed = ZUrlList.parse(raw);
    const filters: Record<string, string> = {};
    for (const key of filterKeyList ? filterKeyList.split(',') : []) {
      const v = searchParams.get(key);
      if (v) filters[key] = v;
    }
    return {
      page: parsed.page,
      size: parsed.size ?? defaultPageSize,
      search: parsed.search,
      sort_by: parsed.order ? parsed.sort_by : undefined,
      order: parsed.sort_by ? parsed.order : undefined,
      filters,
    };
  }, [searchParams, defaultPageSize, filterKeyList]);

  const update = useCallback(
    (patch: Record<string, string | number | undefined>, resetPage: boolean) => {
      setSearchParams(
        () => {
          const base = current.current;
          const last = pending.current;
          const next = new URLSearchParams(last && last.base === base ? last.next : base);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          if (resetPage) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          if (next.get('size') === String(defaultPageSize)) next.delete('size');
          pending.current = { base, next };
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams, defaultPageSize],
  );

  return useMemo(
    () => ({
      params,
      query: toListQuery(params),
      setPage: (page) => update({ page }, false),
      setSize: (size) => update({ size }, true),
      setSearch: (search) => update({ search }, true),
      setSort: (sortBy, order) =>
        update({ sort_by: order ? sortBy : undefined, order: order ?? undefined }, false),
      setFilter: (key, value) => update({ [key]: value }, true),
    }),
    [params, update],
  );
}
