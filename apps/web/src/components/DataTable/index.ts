export { DataTable } from './DataTable';
export type { TableFilter } from './filters';
export { imageColumn } from './imageColumn';
export { RowAction } from './RowAction';
export { rowActionsColumn } from './rowActionsColumn';
export { SearchFilterField } from './SearchFilterField';
