export { DataTable } from './DataTable';
export type { TableFilter } from './filters';
export { rowActionsColumn } from './rowActionsColumn';
