export { DataTable } from './DataTable';
export type { TableFilter } from './filters';
export { imageColumn } from './imageColumn';
export { rowActionsColumn } from './rowActionsColumn';
