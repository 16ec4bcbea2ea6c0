export { DataTable, type DataTableProps, TABLE_TEXT } from './DataTable';
export { type RowActions, rowActionsColumn } from './rowActionsColumn';
export {
  type ListParams,
  type ListParamsApi,
  type ListQuery,
  toListQuery,
  useListParams,
} from './useListParams';
