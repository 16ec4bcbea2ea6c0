import { type ReactNode, useMemo } from 'react';
import type { PickerArea } from '../../api/pickers';
import type { TFilterPage } from '../../api/tableFilters';
import type { ListQuery } from './useListParams';

/** One choice of a select or menu filter. */
export interface TableFilterOption {
  value: string;
  label: string;
}

interface FilterBase {
  /** the query parameter: its name in the URL and in the list request (e.g. `id_location`) */
  key: string;
  /** the field's label, from the area's catalog */
  label: string;
  /** the only values the filter takes; another (a stale link, an old preference) is dropped */
  values?: readonly string[];
  /** sent while nothing is chosen, and left out of the URL (e.g. the reservations' mode 'all') */
  defaultValue?: string;
  /** kept on this browser between visits (spec operational §2: Devices, Transactions, Reservations) */
  remember?: boolean;
  /** kept in the URL and sent, but not drawn (a filter this organization does not offer) */
  hidden?: boolean;
  /** the field's least width from the `sm` breakpoint (px); a phone gives it the full width */
  minWidth?: number;
}

/** A drop-down of choices; `emptyLabel` is the choice of no filter. */
export interface SelectFilter extends FilterBase {
  kind: 'select';
  options: readonly TableFilterOption[];
  /** the choice that clears the filter; none when the filter always holds a value */
  emptyLabel?: ReactNode;
  /** shows `emptyLabel` in the closed field, its label above it, while nothing is chosen */
  displayEmpty?: boolean;
}

/** A button opening a menu of choices, ticked; the button names the choice ("Type: Storage"). */
export interface MenuFilter extends FilterBase {
  kind: 'menu';
  options: readonly TableFilterOption[];
  /** the menu's choice of no filter */
  emptyLabel: string;
  /** the button's text for a choice; `label` while nothing is chosen */
  chosenLabel: (option: TableFilterOption) => string;
}

/**
 * One record of a list that may be long (a location, a user, an organization), searched on the
 * server as typed: never a whole list loaded for its choices. `emptyLabel` is the placeholder while
 * none is chosen.
 */
export interface SearchFilter extends FilterBase {
  kind: 'search';
  area: PickerArea;
  emptyLabel?: string;
  /** shows `emptyLabel` in the closed field, its label above it, while nothing is chosen */
  displayEmpty?: boolean;
  /** the field must hold a choice (a form's field outside a list): the label's asterisk */
  required?: boolean;
  /** the field's size: small in a list's filter bar (the default), medium beside a page's fields */
  size?: 'small' | 'medium';
}

/** Typed text, sent after the search's pause. */
export interface TextFilter extends FilterBase {
  kind: 'text';
}

/**
 * A filter of a list, drawn by the DataTable's filter bar and kept in the URL (CONTRIBUTING.md "Conventions"),
 * so a filtered list can be bookmarked, shared and survives a reload and Back.
 */
export type TableFilter = SelectFilter | MenuFilter | SearchFilter | TextFilter;

/** The query with each unchosen filter's default value after the rest. */
export function withDefaults(query: ListQuery, defaults: Record<string, string>): ListQuery {
  const next = { ...query };
  for (const [k, v] of Object.entries(defaults)) next[k] ??= v;
  return next;
}

/** The values sent while a filter is not chosen (e.g. the reservations' mode 'all'), by key. */
export function filterDefaults(filters: readonly TableFilter[] | undefined): Record<string, string> {
  return Object.fromEntries(
    (filters ?? []).flatMap((f) => (f.defaultValue ? [[f.key, f.defaultValue] as const] : [])),
  );
}

/** The URL keys, allowed values and remembered keys of a table's filters, for useListParams. */
export function useFilterOptions(
  page: TFilterPage,
  filters: readonly TableFilter[] | undefined,
  filterKeys: readonly string[] | undefined,
) {
  return useMemo(() => {
    const all = filters ?? [];
    const remembered = all.filter((f) => f.remember).map((f) => f.key);
    return {
      filterKeys: [...(filterKeys ?? []), ...all.map((f) => f.key)],
      filterValues: Object.fromEntries(all.flatMap((f) => (f.values ? [[f.key, f.values] as const] : []))),
      remember: remembered.length ? { storageKey: `lockerops.${page}.filters`, keys: remembered } : undefined,
    };
  }, [page, filters, filterKeys]);
}
