import type { TPage } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ListCalls } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import type { TFilterPage } from '../../api/tableFilters';
import { useDeleteOne } from '../../api/useDeleteOne';
import type { TExportModel } from '../../api/useExport';
import { translateMessage } from '../../i18n/messages';
import { ConfirmDialog, type ConfirmDialogProps } from '../ConfirmDialog';
import { DataTable } from '../DataTable';
import type { DataTableProps } from '../DataTable/DataTable';
import { addAction, PageTitle } from '../PageTitle';

/** A row of a declared list: an id, and usually a name the delete question shows. */
export type ListRow = { id: string; name?: string | null };

/** What a list's columns may do, handed to its columns factory by the list page. */
export interface ListActions<R> {
  /** the signed-in user is an admin (spec operational §1) */
  isAdmin: boolean;
  /** opens the area's dialog on this row */
  edit: (row: R) => void;
  /** asks to delete this row (the confirmation, then the delete) */
  remove: (row: R) => void;
}

/** What the area's Add/Edit dialog is given by the list page. */
export interface ListDialogProps<R> {
  open: boolean;
  /** the row being edited; null adds one */
  row: R | null;
  isAdmin: boolean;
  onClose: () => void;
}

/** The texts of the delete question of one row. */
export type DeleteQuestion = Pick<ConfirmDialogProps, 'title' | 'message' | 'objectName'>;

/** A running delete of one row, when the area deletes otherwise than `useDeleteOne`. */
export interface RowRemoval {
  mutate: (id: string, options: { onSettled: () => void }) => void;
  isPending: boolean;
}

export interface ListPageProps<R extends ListRow>
  extends Pick<
    DataTableProps<R>,
    'filters' | 'filtersToggle' | 'bulkActions' | 'isRowSelectable' | 'disableVirtualization'
  > {
  /** the catalog namespace of the area: `title`, `add` and `confirmDelete` are read there by default */
  ns: string;
  /** the page's heading; default `title` of `ns` */
  title?: string;
  /** the add button's text; default `add` of `ns` */
  addLabel?: string;
  /** the add button is shown (default true) */
  canAdd?: boolean;
  /** runs instead of opening the Add dialog at once; `openAdd` opens it (e.g. after a setup step) */
  onAdd?: (openAdd: () => void) => void;
  /** the area's calls from the contract's endpoint map (list, bulk delete, export) */
  endpoint: ListCalls;
  /** the list's query-key prefix; every write of the area invalidates it */
  queryKey: QueryKey;
  /** validates each page of the list */
  schema: z.ZodType<TPage<R>>;
  /** the table's columns from the row actions; keep it stable (`useCallback`) */
  columns: (actions: ListActions<R>) => GridColDef<R>[];
  /** key of `filters/{page}` and of the local column choice */
  filterPage: TFilterPage;
  /** CSV export model (admins) */
  exportModel?: TExportModel;
  /** offers the bulk Delete of the selected rows (default true) */
  bulkDelete?: boolean;
  /** the contract's message of a row deleted, e.g. SIZE_MESSAGES.deleted */
  deletedMessage?: string;
  /** the area's own delete of one row (e.g. one that refreshes other lists too) */
  removal?: RowRemoval;
  /** the delete question; default `confirmDelete` of `ns` with the row's name */
  confirmDelete?: (row: R) => DeleteQuestion;
  /** who may tick rows; default admins */
  canSelect?: boolean;
  /** who opens a row's dialog by clicking it: everyone (default), admins, or nobody */
  rowClick?: 'all' | 'admins' | 'none';
  /** the area's Add/Edit dialog */
  dialog?: (props: ListDialogProps<R>) => ReactNode;
  /** further parts of the page (its own dialogs), drawn after the list's */
  children?: ReactNode;
}

/**
 * A list page declared from its area (spec operational §2 "Common list behaviour"): the heading with
 * "Add …", the server-paged table of the area's endpoint, its Add/Edit dialog (opened by the add
 * button, a row's click or its edit action) and the destructive question before a row's delete.
 * Only admins tick rows, bulk delete and export (spec operational §1).
 */
export function ListPage<R extends ListRow>(props: ListPageProps<R>) {
  const { t } = useTranslation(props.ns);
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ row: R | null } | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const ownRemoval = useDeleteOne(
    props.endpoint.remove ?? props.endpoint.list,
    props.queryKey,
    translateMessage(props.deletedMessage ?? ''),
  );
  const removal = props.removal ?? ownRemoval;
  const edit = useCallback((row: R) => setDialog({ row }), []);
  const { columns: columnsOf } = props;
  const columns = useMemo(
    () => columnsOf({ isAdmin, edit, remove: setDeleting }),
    [columnsOf, isAdmin, edit],
  );
  const openAdd = () => setDialog({ row: null });
  const rowClick = props.rowClick ?? 'all';
  const question: DeleteQuestion = deleting
    ? (props.confirmDelete?.(deleting) ?? { message: t('confirmDelete', { name: deleting.name ?? '' }) })
    : { message: '' };

  return (
    <>
      <PageTitle
        title={props.title ?? t('title')}
        actions={
          props.canAdd === false
            ? null
            : addAction(props.addLabel ?? t('add'), () => (props.onAdd ? props.onAdd(openAdd) : openAdd()))
        }
      />
      <DataTable<R>
        queryKey={props.queryKey}
        endpoint={props.endpoint}
        schema={props.schema}
        columns={columns}
        filterPage={props.filterPage}
        filters={props.filters}
        filtersToggle={props.filtersToggle}
        bulkActions={props.bulkActions}
        isRowSelectable={props.isRowSelectable}
        canSelect={props.canSelect ?? isAdmin}
        bulkDelete={props.bulkDelete ?? true}
        exportModel={props.exportModel}
        onRowClick={rowClick === 'all' || (rowClick === 'admins' && isAdmin) ? edit : undefined}
        disableVirtualization={props.disableVirtualization}
      />
      {props.dialog?.({ open: !!dialog, row: dialog?.row ?? null, isAdmin, onClose: () => setDialog(null) })}
      {props.children}
      <ConfirmDialog
        destructive
        open={!!deleting}
        {...question}
        loading={removal.isPending}
        onConfirm={() => deleting && removal.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
