import { MSG, PAGE_SIZES, type TPage, ZDeleteResponse } from '@lockerops/contract';
import { Box, Typography, useMediaQuery, useTheme } from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiCall, type ListCalls } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { type TFilterPage, useColumnVisibility } from '../../api/tableFilters';
import { type TExportModel, useExport } from '../../api/useExport';
import { translateMessage } from '../../i18n/messages';
import { formatNumber } from '../../lib/format';
import { ConfirmDialog } from '../ConfirmDialog';
import { SearchField } from '../SearchField';
import { FilterBar } from './FilterBar';
import { filterDefaults, type TableFilter, useFilterOptions, withDefaults } from './filters';
import { BulkActions, ColumnsMenu } from './TableToolbar';
import { type ListQuery, useListParams } from './useListParams';
import { usePhoneColumns } from './usePhoneColumns';

/** Texts of spec operational §2 common list behaviour. */
export const TABLE_TEXT = {
  columnsHint: 'Toggle to enable or disable columns that you want to filter the table by.',
  empty: 'No Data to Show',
  loading: 'Fetching data...',
  confirmDelete: 'Are you sure you want to delete the selected item(s)?',
} as const;

/** Columns the toggle menu never lists. */
const FIXED_FIELDS = new Set(['__check__', 'actions']);

export interface DataTableProps<R extends GridValidRowModel & { id: string }> {
  /** query-key prefix of the list; mutations elsewhere invalidate it (e.g. ['sizes']) */
  queryKey: QueryKey;
  /** the list's calls (e.g. `endpoints.sizes`): list, bulk delete and export */
  endpoint: ListCalls;
  /** validates each page; without it the answer is trusted */
  schema?: z.ZodType<TPage<R>>;
  /** replaces the default `GET {endpoint}` */
  fetcher?: (query: ListQuery, signal: AbortSignal) => Promise<TPage<R>>;
  /** the area's columns; keep them memoised and light (fixed row height, no heavy renderers) */
  columns: GridColDef<R>[];
  /** key of `filters/{page}` and of the local column selection */
  filterPage: TFilterPage;
  /** area filters sent with every request but not kept in the URL */
  extraParams?: ListQuery;
  /** area filters kept in the URL that the page draws itself (read with useListParams({ filterKeys })) */
  filterKeys?: readonly string[];
  /**
   * the list's filters, drawn left of the search box and kept in the URL (search params), so a
   * filtered list can be bookmarked, shared and survives a reload and Back; those marked `remember`
   * also open the next visit (under `lockerops.{filterPage}.filters` on this browser)
   */
  filters?: readonly TableFilter[];
  /** hides the filters behind a button with this text (given how many are set), e.g. "Filters (2)" */
  filtersToggle?: (active: number) => string;
  /** controls left of the filters and the search box ("Add …" buttons) */
  toolbar?: ReactNode;
  /**
   * extra admin actions for the selected rows (e.g. bulk edit); `clear` empties the selection;
   * `selectedRows` are the selected rows themselves (a selection never spans pages)
   */
  bulkActions?: (selectedIds: string[], clear: () => void, selectedRows: R[]) => ReactNode;
  /** admin only (spec §1): others see disabled checkboxes and no bulk actions */
  canSelect: boolean;
  /** shows the bulk Delete action (`DELETE {endpoint}` with `{ ids }`) for admins */
  bulkDelete?: boolean;
  /** shows the Export action (selected rows, else all matching) for admins */
  exportModel?: TExportModel;
  onRowClick?: (row: R) => void;
  /** rows an admin may not tick (e.g. default notifications, spec console §2) */
  isRowSelectable?: (row: R) => boolean;
  /** a class for a row (style it with a selector on a wrapping element, e.g. tinted rows) */
  getRowClassName?: (row: R) => string;
  defaultPageSize?: number;
  pageSizeOptions?: readonly number[];
  searchPlaceholder?: string;
  /**
   * the columns a phone shows (below the `sm` breakpoint) besides the checkbox and the actions;
   * default: the first two. A phone user's own choice from the Columns menu is kept apart from
   * the desktop one, on this browser.
   */
  phoneColumns?: readonly string[];
  /** for tests in jsdom, which has no layout */
  disableVirtualization?: boolean;
}

/**
 * The list of every area (spec operational §2 "Common list behaviour", CONTRIBUTING.md "Conventions"): a server
 * paginated, sorted DataGrid fed by `GET {endpoint}?page&size&search&sort_by&order&…filters` answering
 * `{ items, total, pages, page, page_size, next_cursor }` (the next page is asked with `cursor`).
 * Page, size, search, sort and the declared `filters` live in the URL (useListParams). Search is sent
 * from 2 characters after 300 ms; headers cycle default → ascending → descending → default; columns
 * are toggled from a menu and remembered per table (locally and in `filters/{filterPage}`); only
 * admins tick rows and use bulk delete ('{n} item(s) deleted successfully') and export. The body is
 * virtualised with a fixed row height, so a 1,000-row page scrolls smoothly.
 */
export function DataTable<R extends GridValidRowModel & { id: string }>(props: DataTableProps<R>) {
  const { t } = useTranslation();
  const {
    queryKey,
    endpoint,
    schema,
    fetcher,
    columns,
    filterPage,
    extraParams,
    filterKeys,
    filters,
    filtersToggle,
    toolbar,
    bulkActions,
    canSelect,
    bulkDelete = false,
    exportModel,
    onRowClick,
    isRowSelectable,
    getRowClassName,
    defaultPageSize,
    pageSizeOptions = PAGE_SIZES,
    searchPlaceholder,
    phoneColumns,
    disableVirtualization,
  } = props;
  const list = useListParams({ defaultPageSize, ...useFilterOptions(filterPage, filters, filterKeys) });
  const defaults = useMemo(() => filterDefaults(filters), [filters]);
  const setFilter = useCallback(
    (key: string, value: string | undefined) =>
      list.setFilter(key, value === defaults[key] ? undefined : value),
    [list.setFilter, defaults],
  );
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();

  // Keyset paging: each answer's `next_cursor` is kept for the page after it, and sent as `cursor`
  // when that page is opened, so a deep page costs the server no more than the first. The cursors
  // belong to one search, sort and filter set; a page reached otherwise (a bookmarked URL) is
  // asked by number.
  const listQuery = useMemo(() => withDefaults(list.query, defaults), [list.query, defaults]);
  const listKey = JSON.stringify({ ...listQuery, page: undefined, ...extraParams });
  const cursors = useRef<{ key: string; byPage: Map<number, string> }>({ key: listKey, byPage: new Map() });
  if (cursors.current.key !== listKey) cursors.current = { key: listKey, byPage: new Map() };
  const cursor = cursors.current.byPage.get(list.params.page);
  const query = useMemo<ListQuery>(
    () => ({ ...listQuery, ...extraParams, ...(cursor ? { cursor } : {}) }),
    [listQuery, extraParams, cursor],
  );

  const data = useQuery({
    queryKey: [...queryKey, 'list', query],
    queryFn: async ({ signal }) => {
      const page = fetcher
        ? await fetcher(query, signal)
        : ((await apiCall(endpoint.list, { query, schema, signal })) as TPage<R>);
      const store = cursors.current;
      if (page.next_cursor && store.key === listKey)
        store.byPage.set(Number(query.page ?? 1) + 1, page.next_cursor);
      return page;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useEffect(() => {
    if (data.error) enqueueSnackbar(formatApiError(data.error), { variant: 'error' });
  }, [data.error, enqueueSnackbar]);

  // DataGrid resets the page when rowCount drops to 0 while the next page loads; keep the last total.
  const lastTotal = useRef(0);
  const lastEstimated = useRef(false);
  if (data.data) {
    lastTotal.current = data.data.total;
    lastEstimated.current = !!data.data.total_estimated;
  }
  const rows = data.data?.items ?? [];

  const hideable = useMemo(
    () => columns.filter((c) => c.hideable !== false && !FIXED_FIELDS.has(c.field)),
    [columns],
  );
  const { visibility, setVisibility } = useColumnVisibility(
    filterPage,
    hideable.map((c) => c.field),
  );
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // the language's own DataGrid texts (the theme's locale pack, `i18n/mui.ts`): the grid's
  // `localeText` prop replaces the theme's default rather than merging with it
  const gridTexts = (theme.components as { MuiDataGrid?: { defaultProps?: { localeText?: object } } })
    ?.MuiDataGrid?.defaultProps?.localeText;
  const phoneView = usePhoneColumns(
    filterPage,
    hideable.map((c) => c.field),
    phoneColumns,
  );
  const shown = phone ? phoneView.visibility : visibility;
  const setShown = phone ? phoneView.setVisibility : setVisibility;

  const [selected, setSelected] = useState<string[]>([]);
  const clear = () => setSelected([]);
  const queryString = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page, search or filter starts a new selection
  useEffect(() => setSelected([]), [queryString]);
  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selected) }),
    [selected],
  );

  const { exportCsv, isExporting } = useExport(exportModel ?? 'size', endpoint.export);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useMutation({
    mutationFn: (ids: string[]) =>
      endpoint.remove
        ? apiCall(endpoint.remove, { body: { ids }, schema: ZDeleteResponse })
        : Promise.reject(new Error('This list has no bulk delete.')),
    onSuccess: (res, ids) => {
      enqueueSnackbar(translateMessage(MSG.itemsDeleted(res.deleted ?? ids.length)), { variant: 'success' });
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
    onSettled: () => setConfirmDelete(false),
  });

  const sortModel = useMemo<GridSortModel>(
    () =>
      list.params.sort_by && list.params.order
        ? [{ field: list.params.sort_by, sort: list.params.order }]
        : [],
    [list.params.sort_by, list.params.order],
  );

  const showBulk = canSelect && (bulkDelete || !!exportModel || !!bulkActions);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          // filters share a row from the sm breakpoint; on a phone each takes the full width
          '& > .MuiTextField-root': { width: { xs: '100%', sm: 'auto' } },
        }}
      >
        {toolbar}
        {filters?.length ? (
          <FilterBar
            filters={filters}
            values={list.params.filters}
            onChange={setFilter}
            toggle={filtersToggle}
          />
        ) : null}
        <SearchField value={list.params.search} onChange={list.setSearch} placeholder={searchPlaceholder} />
        <ColumnsMenu columns={hideable} shown={shown} onChange={setShown} />
        {showBulk ? (
          <BulkActions
            selected={selected.length}
            exporting={isExporting}
            onExport={
              exportModel
                ? () =>
                    void exportCsv(
                      selected.length ? { ids: selected } : { query: { ...query, cursor: undefined } },
                    )
                : undefined
            }
            onDelete={bulkDelete ? () => setConfirmDelete(true) : undefined}
          >
            {bulkActions?.(
              selected,
              clear,
              rows.filter((r) => selected.includes(r.id)),
            )}
          </BulkActions>
        ) : null}
      </Box>
      <Box sx={{ height: 'calc(100vh - 260px)', minHeight: 360 }}>
        <DataGrid<R>
          rows={rows}
          columns={columns}
          getRowId={(r) => r.id}
          loading={data.isFetching}
          rowCount={data.data?.total ?? lastTotal.current}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={{ page: list.params.page - 1, pageSize: list.params.size }}
          onPaginationModelChange={(m) => {
            if (m.pageSize !== list.params.size) list.setSize(m.pageSize);
            else if (m.page !== list.params.page - 1) list.setPage(m.page + 1);
          }}
          pageSizeOptions={[...pageSizeOptions]}
          sortingOrder={['asc', 'desc', null]}
          sortModel={sortModel}
          onSortModelChange={(m) => list.setSort(m[0]?.field, m[0]?.sort ?? undefined)}
          columnVisibilityModel={shown}
          onColumnVisibilityModelChange={setShown}
          checkboxSelection
          isRowSelectable={(p) => canSelect && (isRowSelectable?.(p.row as R) ?? true)}
          disableRowSelectionOnClick
          rowSelectionModel={selectionModel}
          onRowSelectionModelChange={(m) => {
            if (!canSelect) return;
            const ids =
              m.type === 'include'
                ? [...m.ids].map(String)
                : rows.map((r) => r.id).filter((id) => !m.ids.has(id));
            setSelected(ids);
          }}
          onCellClick={(p) => {
            if (onRowClick && !FIXED_FIELDS.has(p.field)) onRowClick(p.row);
          }}
          disableColumnMenu
          disableColumnFilter
          rowHeight={52}
          getRowClassName={getRowClassName ? (p) => getRowClassName(p.row) : undefined}
          disableVirtualization={disableVirtualization}
          localeText={{
            ...gridTexts,
            noRowsLabel: t('table.empty'),
            noResultsOverlayLabel: t('table.empty'),
            // above EXACT_COUNT_LIMIT rows the server estimates its total (`total_estimated`)
            paginationDisplayedRows: ({ from, to, count }) =>
              t(lastEstimated.current ? 'table.rowsOfAbout' : 'table.rowsOf', {
                from: formatNumber(from, 0, { grouped: true }),
                to: formatNumber(to, 0, { grouped: true }),
                total: formatNumber(count, 0, { grouped: true }),
              }),
          }}
          slots={{ loadingOverlay: LoadingOverlay }}
          // every column is drawn, so the pinned actions stay in the row however far it scrolls
          columnBufferPx={4000}
          sx={{
            '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
            // the row actions are pinned to the right edge: in sight when the columns overflow
            '& .MuiDataGrid-cell[data-field="actions"]': {
              position: 'sticky',
              right: 0,
              zIndex: 1,
              backgroundColor: 'var(--DataGrid-t-cell-background-pinned)',
            },
            '& .MuiDataGrid-columnHeader[data-field="actions"]': {
              position: 'sticky',
              right: 0,
              zIndex: 1,
              backgroundColor: 'var(--DataGrid-t-header-background-base)',
            },
          }}
        />
      </Box>
      <ConfirmDialog
        destructive
        open={confirmDelete}
        message={t('table.confirmDelete')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(selected)}
        onCancel={() => setConfirmDelete(false)}
      />
    </Box>
  );
}

function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'action.hover',
      }}
    >
      <Typography>{t('table.loading')}</Typography>
    </Box>
  );
}
