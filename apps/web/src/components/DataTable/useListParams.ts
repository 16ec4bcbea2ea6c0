import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_MIN_LENGTH } from '@lockerops/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

/** The list state a table keeps in the URL (CONTRIBUTING.md "Conventions"; spec operational §2 common list behaviour). */
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
  /** the only values a filter takes, by name: another value (a stale link, an old preference) is dropped */
  filterValues?: Readonly<Record<string, readonly string[]>>;
  /**
   * filters remembered on this browser between visits (spec operational §2 Devices, Transactions,
   * Reservations): a URL naming none of `keys` opens with the values last chosen, written into the
   * URL; a URL naming any of them (a bookmark, a shared link) decides alone
   */
  remember?: { storageKey: string; keys: readonly string[] };
}

/** The remembered filter values under `storageKey` (a JSON object of strings); empty when unreadable. */
function readRememberedFilters(storageKey: string, keys: readonly string[]): Record<string, string> {
  try {
    const saved: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey) ?? '{}');
    if (!saved || typeof saved !== 'object') return {};
    const entries = Object.entries(saved as Record<string, unknown>);
    return Object.fromEntries(
      entries.filter((e): e is [string, string] => keys.includes(e[0]) && typeof e[1] === 'string' && !!e[1]),
    );
  } catch {
    return {};
  }
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
 * Page, size, search, sort and area filters parsed from the URL search params (CONTRIBUTING.md "Conventions"),
 * so a filtered view can be bookmarked. Invalid values fall back to defaults; defaults are left out of
 * the URL. Updates replace the history entry (typing in the search box does not flood Back).
 */
export function useListParams({
  defaultPageSize = DEFAULT_PAGE_SIZE,
  filterKeys = [],
  filterValues,
  remember,
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
  const valuesJson = JSON.stringify(filterValues ?? {});
  const storageKey = remember?.storageKey;
  const rememberedList = remember?.keys.join(',') ?? '';

  /** The remembered values to open with: only while the URL names none of the remembered filters. */
  const remembered = useCallback(
    (params: URLSearchParams): Record<string, string> => {
      const keys = rememberedList ? rememberedList.split(',') : [];
      if (!storageKey || keys.some((k) => params.has(k))) return {};
      const allowed = JSON.parse(valuesJson) as Record<string, string[]>;
      const saved = Object.entries(readRememberedFilters(storageKey, keys));
      return Object.fromEntries(saved.filter(([k, v]) => !allowed[k] || allowed[k].includes(v)));
    },
    [storageKey, rememberedList, valuesJson],
  );

  const params = useMemo<ListParams>(() => {
    const raw = Object.fromEntries(searchParams.entries());
    const parsed = ZUrlList.parse(raw);
    const allowed = JSON.parse(valuesJson) as Record<string, string[]>;
    const fallback = remembered(searchParams);
    const filters: Record<string, string> = {};
    for (const key of filterKeyList ? filterKeyList.split(',') : []) {
      const v = searchParams.get(key) ?? fallback[key];
      if (v && (!allowed[key] || allowed[key].includes(v))) filters[key] = v;
    }
    return {
      page: parsed.page,
      size: parsed.size ?? defaultPageSize,
      search: parsed.search,
      sort_by: parsed.order ? parsed.sort_by : undefined,
      order: parsed.sort_by ? parsed.order : undefined,
      filters,
    };
  }, [searchParams, defaultPageSize, filterKeyList, valuesJson, remembered]);

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

  // the remembered values join the URL, so what is shown can be bookmarked as it is
  useEffect(() => {
    const fallback = remembered(current.current);
    if (Object.keys(fallback).length) update(fallback, false);
  }, [remembered, update]);

  const setFilter = useCallback(
    (key: string, value: string | undefined) => {
      update({ [key]: value }, true);
      const keys = rememberedList ? rememberedList.split(',') : [];
      if (!storageKey || !keys.includes(key)) return;
      const chosen: Record<string, string> = {};
      for (const k of keys) {
        const v = k === key ? value : params.filters[k];
        if (v) chosen[k] = v;
      }
      globalThis.localStorage?.setItem(storageKey, JSON.stringify(chosen));
    },
    [update, storageKey, rememberedList, params.filters],
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
      setFilter,
    }),
    [params, update, setFilter],
  );
}
